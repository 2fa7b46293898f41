/**
 * `npm run measure:away -w @hanafuda/web`: the browser test's phones (e2e/away-scenario.ts)
 * at a table with the real 60 s turn timer, measured once: how soon a frozen phone and an
 * offline one are shown away, how long each stalled turn waited, how soon each is back.
 * A measurement, not part of `npm test` (it takes about four minutes); run through Vitest
 * (measure-away.config.ts) only to load TypeScript.
 */
import { DEFAULT_TURN_SECONDS } from '@hanafuda/protocol';
import { it } from 'vitest';
import { runAwayScenario } from './away-scenario.js';
import { useOnlineHarness } from './game-server.js';

// The server's own pace: bots pause as they do for people.
const h = useOnlineHarness('measure-away', { HANAFUDA_BOT_DELAY_MS: '700' });

it(`phones freezing and going offline at a ${DEFAULT_TURN_SECONDS} s table`, async () => {
  const started = Date.now();
  const stamp = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
  const notes: string[] = [];
  const f = await runAwayScenario({
    browser: h().browser,
    base: h().base,
    turnSeconds: DEFAULT_TURN_SECONDS,
    check: (what, ok) => notes.push(`${ok ? 'ok  ' : 'FAIL'} ${what}`),
    progress: (step) => console.log(`${stamp()}  ${step}`),
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    [
      `turn timer ${f.turnSeconds} s`,
      `frozen phone shown away after      ${s(f.frozenAwayMs)}`,
      `offline phone shown away after     ${s(f.offlineAwayMs)}`,
      `offline shown on the phone after   ${s(f.offlineShownMs)}`,
      `stalled turns (frozen, offline)    ${f.stalledTurnMs.map(s).join(', ')}`,
      `later turns while away             ${f.awayTurnMs.map(s).join(', ')}`,
      `back after waking / going online   ${s(f.wokenBackMs)}, ${s(f.onlineBackMs)}`,
      ...notes,
    ].join('\n'),
  );
}, 900_000);
