/**
 * `hanafuda verify`: checks a finished online game's provable fairness. The server
 * committed to each round's seed (its sha256) when the round started and revealed it when
 * the round ended, and revealed the game seed at the end. This checks every hash, that each
 * round seed is the one the game seed derives (sha256 of "SEED:round:N"), and that replaying
 * the record with that seed reproduces its deals, including the hands you noted. A record cut
 * short (a committed round never dealt, a game that never ends, totals never reached) passes
 * only what it holds, and the command says what it could not check and exits 1.
 */
import { type GameRecord, gameById, replayRecord, roundSeed, sha256Hex } from '@hanafuda/engine';
import { failWith, type Io, readText } from '../io.js';
import { type Fairness, type NotedDeal, type SavedGame, parseSavedGame } from '../saved-game.js';

/** Wrong arguments: one line (`hanafuda verify --help` prints the usage). */
const ARGS_ERROR =
  'hanafuda verify: give one saved game file (GAME.json), or --round-seed S --hash H (hanafuda verify --help shows the usage)';

/** What passed, counted for the closing line, so "verified" always says what it covers. */
interface Checked {
  gameSeed: boolean;
  rounds: number[];
  actions: number;
  deals: number;
  hands: number;
  /** What the file claims that its record cannot show. */
  notChecked: string[];
}

export function verifyCommand(args: string[], io: Io): number {
  if (args[0] === '--round-seed') return verifyRoundSeed(args, io);
  if (args.length !== 1 || args[0].startsWith('-')) {
    io.err(ARGS_ERROR);
    return 2;
  }
  const file = args[0];
  const fail = failWith(io, `hanafuda verify: ${file}`, 1);
  const read = readText(io, file);
  if ('error' in read) return fail(read.error);
  const saved = parseSavedGame(read.text);
  if ('error' in saved) return fail(saved.error);
  const { record, fairness, deals, summary } = saved.value;
  // Without a commitment nothing proves the shuffles: a bare record would pass any replay.
  if (!fairness?.gameSeedHash && !fairness?.rounds?.length) {
    return fail(
      'nothing to verify: no seed commitments (a record from `hanafuda simulate`, or a cut-off file?); `hanafuda replay` reads it',
    );
  }
  const checked: Checked = { gameSeed: false, rounds: [], actions: 0, deals: 0, hands: 0, notChecked: [] };
  const failures = [
    ...checkFairness(record, fairness, io, checked),
    ...checkDeals(record, fairness, deals, summary, io, checked),
  ];
  for (const f of failures) io.out(`FAIL ${f}`);
  if (failures.length) {
    io.out(`${failures.length} check(s) failed`);
    return 1;
  }
  const parts = [
    ...(checked.gameSeed ? ['the game seed against its commitment'] : []),
    ...(checked.rounds.length
      ? [
          `${checked.rounds.length} round seed(s) (round ${checked.rounds.join(', ')}) against their commitments`,
        ]
      : []),
    `the replay (${checked.actions} actions, ${checked.deals} deal(s))`,
    ...(checked.hands ? [`${checked.hands} hand(s) you noted`] : []),
  ];
  if (checked.notChecked.length) {
    for (const n of checked.notChecked) io.out(`NOT CHECKED ${n}`);
    io.out(
      `incomplete: verified ${parts.join('; ')}; ${checked.notChecked.length} thing(s) the file claims could not be checked`,
    );
    return 1;
  }
  io.out(`verified: ${parts.join('; ')}`);
  return 0;
}

function verifyRoundSeed(args: string[], io: Io): number {
  const seed = args[1];
  const hash = args[2] === '--hash' ? args[3] : undefined;
  if (!seed || !hash) {
    io.err(ARGS_ERROR);
    return 2;
  }
  const actual = sha256Hex(seed);
  if (actual === hash.toLowerCase()) {
    io.out(`ok   sha256(round seed) = ${actual}`);
    return 0;
  }
  io.out(`FAIL sha256(round seed) = ${actual}, but the published hash is ${hash}`);
  return 1;
}

function checkFairness(record: GameRecord, fairness: Fairness, io: Io, checked: Checked): string[] {
  const failures: string[] = [];
  const gameSeed = String(record.seed);
  if (fairness.gameSeed !== undefined && fairness.gameSeed !== gameSeed)
    failures.push("the revealed game seed is not the record's seed");
  if (fairness.gameSeedHash !== undefined) {
    if (sha256Hex(gameSeed) === fairness.gameSeedHash) {
      io.out(`ok   game seed: sha256 matches the commitment ${fairness.gameSeedHash.slice(0, 16)}…`);
      checked.gameSeed = true;
    } else
      failures.push(
        `game seed: sha256 is ${sha256Hex(gameSeed)}, the commitment was ${fairness.gameSeedHash}`,
      );
  }
  for (const r of fairness.rounds ?? []) {
    const expected = roundSeed(gameSeed, r.round);
    if (sha256Hex(expected) !== r.hash)
      failures.push(
        `round ${r.round}: the commitment ${r.hash} is not sha256 of the round seed the game seed gives`,
      );
    else if (r.seed !== undefined && r.seed !== expected)
      failures.push(`round ${r.round}: the revealed seed is not the one the game seed gives`);
    else {
      io.out(`ok   round ${r.round}: seed ${expected.slice(0, 16)}… matches its commitment`);
      checked.rounds.push(r.round);
    }
  }
  return failures;
}

/**
 * Replays the record, checks every round it deals had a commitment, compares the hands the
 * player noted and the saved final totals; notes committed rounds it never deals and an end it never reaches.
 */
function checkDeals(
  record: GameRecord,
  fairness: Fairness,
  noted: readonly NotedDeal[],
  summary: SavedGame['summary'],
  io: Io,
  checked: Checked,
): string[] {
  const game = gameById(record.game);
  if (!game) return [`unknown game "${record.game}"`];
  const replay = replayRecord(game, record);
  if (!replay.ok) return [`the record does not replay: ${replay.error.message}`];
  const dealt: NotedDeal[] = [];
  /** The rounds the record deals: a hand to each seat, or (Nara) two face-down piles each. */
  const dealtRounds = new Set<number>();
  const started = new Set<number>();
  let round = 0;
  let drawn = false;
  let end: readonly number[] | undefined;
  for (const step of replay.value) {
    for (const e of step.events) {
      const event = e.secret?.event ?? e.public;
      if ((event.type === 'round-start' || event.type === 'auction-start') && typeof event.round === 'number')
        started.add((round = event.round));
      if (event.type === 'deal' || event.type === 'piles-dealt') dealtRounds.add(round);
      if (event.type === 'deal' && Array.isArray(event.cards))
        dealt.push({ round, seat: event.seat as number, cards: event.cards as string[] });
      // A Nara hand is the pile its seat chose of the two it was dealt.
      if (event.type === 'pile-chosen' && Array.isArray(event.hand))
        dealt.push({ round, seat: event.seat as number, cards: event.hand as string[] });
      if (event.type === 'first-dealer') drawn = true;
      if (event.type === 'game-end') end = event.totals as number[];
    }
  }
  // Round 0's seed is the first-dealer draw's.
  for (const r of fairness.rounds ?? []) {
    if (r.round === 0 ? !drawn : !started.has(r.round))
      checked.notChecked.push(
        `round ${r.round}: its seed is committed, but the record never ${r.round === 0 ? 'draws for the first dealer' : 'deals that round'}, so no deal shows it was used`,
      );
  }
  if (end === undefined)
    checked.notChecked.push(
      `the record stops after ${record.actions.length} actions, before the game ends: what came after is not in the file`,
    );
  const claimed = summary?.totals;
  if (claimed !== undefined && end === undefined)
    checked.notChecked.push(
      `the file's final totals (${claimed.join(', ')}) are never reached by its record`,
    );
  const rounds = [...dealtRounds];
  io.out(`ok   the record replays: ${record.actions.length} actions, ${rounds.length} deal(s)`);
  checked.actions = record.actions.length;
  checked.deals = rounds.length;
  const committed = new Set((fairness.rounds ?? []).map((r) => r.round));
  const failures = rounds
    .filter((r) => !committed.has(r))
    .map((r) => `round ${r} was dealt, but the file has no commitment to its seed`);
  if (claimed !== undefined && end !== undefined && claimed.join() !== end.join())
    failures.push(
      `the file's final totals are ${claimed.join(', ')}, but the record ends at ${end.join(', ')}`,
    );
  const sorted = (cards: readonly string[]) => [...cards].sort().join();
  for (const n of noted) {
    // A round dealt again (a misdeal, a redeal) deals a seat more than one hand.
    const hands = dealt.filter((x) => x.round === n.round && x.seat === n.seat);
    const d = hands.find((x) => sorted(x.cards) === sorted(n.cards)) ?? hands[0];
    const same = d && sorted(d.cards) === sorted(n.cards);
    if (same) {
      io.out(`ok   round ${n.round}, seat ${n.seat}: the hand you were dealt is the one the seed deals`);
      checked.hands++;
    } else
      failures.push(
        `round ${n.round}, seat ${n.seat}: you were dealt ${n.cards.join(' ')}, but the seed deals ${d ? d.cards.join(' ') : 'nothing'}`,
      );
  }
  return failures;
}
