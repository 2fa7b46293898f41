/**
 * `hanafuda verify`: checks a finished online game's provable fairness. The server
 * committed to each round's seed (its sha256) when the round started and revealed it when
 * the round ended, and revealed the game seed at the end. This checks every hash, that each
 * round seed is the one the game seed derives (sha256 of "SEED:round:N"), and that replaying
 * the record with that seed reproduces its deals, including the hands you noted.
 */
import { type GameRecord, gameById, replayRecord, roundSeed, sha256Hex } from '@hanafuda/engine';
import { type Io, readText } from '../io.js';
import { type Fairness, type NotedDeal, parseSavedGame } from '../saved-game.js';

/** Wrong arguments: one line (`hanafuda verify --help` prints the usage). */
const ARGS_ERROR = 'hanafuda verify: give one saved game file (GAME.json), or --round-seed S --hash H (hanafuda verify --help shows the usage)';

/** What passed, counted for the closing line, so "verified" always says what it covers. */
interface Checked {
  gameSeed: boolean;
  rounds: number[];
  actions: number;
  deals: number;
  hands: number;
}

export function verifyCommand(args: string[], io: Io): number {
  if (args[0] === '--round-seed') return verifyRoundSeed(args, io);
  if (args.length !== 1 || args[0].startsWith('-')) {
    io.err(ARGS_ERROR);
    return 2;
  }
  const file = args[0];
  const fail = (message: string) => {
    io.err(`hanafuda verify: ${file}: ${message}`);
    return 1;
  };
  const read = readText(io, file);
  if ('error' in read) return fail(read.error);
  const saved = parseSavedGame(read.text);
  if ('error' in saved) return fail(saved.error);
  const { record, fairness, deals } = saved.value;
  // Without a commitment nothing proves the shuffles: a bare record would pass any replay.
  if (!fairness?.gameSeedHash && !fairness?.rounds?.length) {
    return fail('nothing to verify: no seed commitments (a record from `hanafuda simulate`, or a cut-off file?); `hanafuda replay` reads it');
  }
  const checked: Checked = { gameSeed: false, rounds: [], actions: 0, deals: 0, hands: 0 };
  const failures = [...checkFairness(record, fairness, io, checked), ...checkDeals(record, fairness, deals, io, checked)];
  for (const f of failures) io.out(`FAIL ${f}`);
  if (failures.length) {
    io.out(`${failures.length} check(s) failed`);
    return 1;
  }
  const parts = [
    ...(checked.gameSeed ? ['the game seed against its commitment'] : []),
    ...(checked.rounds.length ? [`${checked.rounds.length} round seed(s) (round ${checked.rounds.join(', ')}) against their commitments`] : []),
    `the replay (${checked.actions} actions, ${checked.deals} deal(s))`,
    ...(checked.hands ? [`${checked.hands} hand(s) you noted`] : []),
  ];
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
  if (fairness.gameSeed !== undefined && fairness.gameSeed !== gameSeed) failures.push('the revealed game seed is not the record\'s seed');
  if (fairness.gameSeedHash !== undefined) {
    if (sha256Hex(gameSeed) === fairness.gameSeedHash) {
      io.out(`ok   game seed: sha256 matches the commitment ${fairness.gameSeedHash.slice(0, 16)}…`);
      checked.gameSeed = true;
    }
    else failures.push(`game seed: sha256 is ${sha256Hex(gameSeed)}, the commitment was ${fairness.gameSeedHash}`);
  }
  for (const r of fairness.rounds ?? []) {
    const expected = roundSeed(gameSeed, r.round);
    if (sha256Hex(expected) !== r.hash) failures.push(`round ${r.round}: the commitment ${r.hash} is not sha256 of the round seed the game seed gives`);
    else if (r.seed !== undefined && r.seed !== expected) failures.push(`round ${r.round}: the revealed seed is not the one the game seed gives`);
    else {
      io.out(`ok   round ${r.round}: seed ${expected.slice(0, 16)}… matches its commitment`);
      checked.rounds.push(r.round);
    }
  }
  return failures;
}

/** Replays the record, checks every round it deals had a commitment, and compares the hands the player noted. */
function checkDeals(record: GameRecord, fairness: Fairness, noted: readonly NotedDeal[], io: Io, checked: Checked): string[] {
  const game = gameById(record.game);
  if (!game) return [`unknown game "${record.game}"`];
  const replay = replayRecord(game, record);
  if (!replay.ok) return [`the record does not replay: ${replay.error.message}`];
  const dealt: NotedDeal[] = [];
  let round = 0;
  for (const step of replay.value) {
    for (const e of step.events) {
      const event = e.secret?.event ?? e.public;
      if ((event.type === 'round-start' || event.type === 'auction-start') && typeof event.round === 'number') round = event.round;
      if (event.type === 'deal' && Array.isArray(event.cards)) dealt.push({ round, seat: event.seat as number, cards: event.cards as string[] });
    }
  }
  const rounds = [...new Set(dealt.map((d) => d.round))];
  io.out(`ok   the record replays: ${record.actions.length} actions, ${rounds.length} deal(s)`);
  checked.actions = record.actions.length;
  checked.deals = rounds.length;
  const committed = new Set((fairness.rounds ?? []).map((r) => r.round));
  const failures = rounds.filter((r) => !committed.has(r)).map((r) => `round ${r} was dealt, but the file has no commitment to its seed`);
  for (const n of noted) {
    const d = dealt.find((x) => x.round === n.round && x.seat === n.seat);
    const same = d && [...d.cards].sort().join() === [...n.cards].sort().join();
    if (same) {
      io.out(`ok   round ${n.round}, seat ${n.seat}: the hand you were dealt is the one the seed deals`);
      checked.hands++;
    }
    else failures.push(`round ${n.round}, seat ${n.seat}: you were dealt ${n.cards.join(' ')}, but the seed deals ${d ? d.cards.join(' ') : 'nothing'}`);
  }
  return failures;
}
