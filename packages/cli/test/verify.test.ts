/** `hanafuda verify` on a saved online game: seed commitments, derived round seeds, and the deals a player noted. */
import { describe, expect, it } from 'vitest';
import { type Action, makeRecord, roundSeed, sakura, sha256Hex } from '@hanafuda/engine';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';

async function run(args: string[], files: Record<string, string>) {
  const out: string[] = [];
  const io: Io = { out: (l) => out.push(l), err: (l) => out.push(l), readFile: (p) => files[p], writeFile: () => undefined };
  return { code: await main(args, io), out: out.join('\n') };
}

/** A finished 2-player game of one round, played with the first legal action, as the server saves it. */
function savedGame() {
  const setup = { players: 2, options: { rounds: 1 }, seed: 'c0ffee-verify-test' };
  const state = sakura.newGame(setup);
  if (!state.ok) throw new Error(state.error.message);
  const deals: { round: number; seat: number; cards: string[] }[] = [];
  for (const e of state.value.events) if (e.secret?.event.type === 'deal') deals.push({ round: 1, seat: e.secret.event.seat as number, cards: e.secret.event.cards as string[] });
  const actions: Action[] = [];
  let s = state.value.state;
  while (sakura.toMove(s) !== null) {
    const action = sakura.legalActions(s)[0];
    const next = sakura.apply(s, action);
    if (!next.ok) throw new Error(next.error.message);
    actions.push(action);
    s = next.value.state;
  }
  const record = makeRecord('sakura', setup, actions);
  const rounds = [0, 1].map((round) => ({ round, hash: sha256Hex(roundSeed(setup.seed, round)), seed: roundSeed(setup.seed, round) }));
  return { record, fairness: { gameSeedHash: sha256Hex(setup.seed), gameSeed: setup.seed, rounds }, deals: deals.slice(0, 1) };
}

describe('hanafuda verify', () => {
  it('accepts an honest game', async () => {
    const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(savedGame()) });
    expect(r.out).toContain('ok   round 1: seed');
    expect(r.out).toContain('the hand you were dealt is the one the seed deals');
    expect(r.out.split('\n').at(-1)).toMatch(/^verified: the game seed against its commitment; 2 round seed\(s\) \(round 0, 1\) against their commitments; the replay \(\d+ actions, 1 deal\(s\)\); 1 hand\(s\) you noted$/);
    expect(r.code).toBe(0);
  });

  it('refuses a file with no commitments (a bare record, or a saved game without its fairness) as nothing to verify', async () => {
    const game = savedGame();
    for (const file of [game.record, { record: game.record }, { record: game.record, fairness: {} }]) {
      const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(file) });
      expect(r.code).toBe(1);
      expect(r.out).toMatch(/^hanafuda verify: game.json: nothing to verify: no seed commitments/);
      expect(r.out).not.toContain('verified');
    }
  });

  it('fails a cut-off file whose dealt rounds have no commitment', async () => {
    const game = savedGame();
    const cut = { record: game.record, fairness: { gameSeedHash: game.fairness.gameSeedHash, rounds: game.fairness.rounds.slice(0, 1) } };
    const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(cut) });
    expect(r.out).toContain('FAIL round 1 was dealt, but the file has no commitment to its seed');
    expect(r.out).not.toContain('verified');
    expect(r.code).toBe(1);
  });

  it('catches a commitment that does not match, and a hand the seed does not deal', async () => {
    const game = savedGame();
    const tampered = {
      ...game,
      fairness: { ...game.fairness, rounds: [{ ...game.fairness.rounds[1], hash: sha256Hex('another seed') }] },
      deals: [{ ...game.deals[0], cards: [...game.deals[0].cards.slice(1), 'pine-crane-not-a-card'] }],
    };
    const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(tampered) });
    expect(r.out).toMatch(/FAIL round 1: the commitment/);
    expect(r.out).toMatch(/FAIL round 1, seat 0: you were dealt/);
    expect(r.code).toBe(1);
  });

  it('checks one round seed against its published hash', async () => {
    expect((await run(['verify', '--round-seed', 'abc', '--hash', sha256Hex('abc')], {})).code).toBe(0);
    expect((await run(['verify', '--round-seed', 'abc', '--hash', sha256Hex('abd')], {})).code).toBe(1);
  });
});
