/**
 * `hanafuda verify`: checks a finished online game's provable fairness. The server
 * committed to each round's seed (its sha256) when the round started and revealed it when
 * the round ended, and revealed the game seed at the end. This checks every hash, that each
 * round seed is the one the game seed derives (sha256 of "SEED:round:N"), and that replaying
 * the record with that seed reproduces its deals, including the hands you noted.
 */
import { type GameRecord, gameById, parseRecord, replayRecord, roundSeed, sha256Hex } from '@hanafuda/engine';
import { type Io, readText } from '../io.js';

const USAGE = `usage: hanafuda verify GAME.json       a saved game from the server (/api/games/ID): {record, fairness[, deals]}
       hanafuda verify --round-seed S --hash H   one revealed round seed against its published hash`;

interface Fairness {
  gameSeedHash?: string;
  gameSeed?: string;
  rounds?: { round: number; hash: string; seed?: string }[];
}

/** A hand as the player saw it dealt. */
interface Deal {
  round: number;
  seat: number;
  cards: string[];
}

export function verifyCommand(args: string[], io: Io): number {
  if (args[0] === '--round-seed') return verifyRoundSeed(args, io);
  if (args.length !== 1 || args[0].startsWith('--')) {
    io.err(USAGE);
    return 2;
  }
  const read = readText(io, args[0]);
  if ('error' in read) {
    io.err(`hanafuda verify: ${args[0]}: ${read.error}`);
    return 1;
  }
  let saved: { record?: unknown; fairness?: Fairness; deals?: Deal[] };
  try {
    saved = JSON.parse(read.text) as typeof saved;
  } catch {
    io.err(`hanafuda verify: ${args[0]}: not JSON`);
    return 1;
  }
  const record = parseRecord(JSON.stringify(saved.record ?? saved));
  if (!record.ok) {
    io.err(`hanafuda verify: ${args[0]}: ${record.error.message}`);
    return 1;
  }
  const failures = [...checkFairness(record.value, saved.fairness ?? {}, io), ...checkDeals(record.value, saved.deals ?? [], io)];
  for (const f of failures) io.out(`FAIL ${f}`);
  io.out(failures.length === 0 ? 'verified: every seed matches its commitment and the deals replay exactly' : `${failures.length} check(s) failed`);
  return failures.length === 0 ? 0 : 1;
}

function verifyRoundSeed(args: string[], io: Io): number {
  const seed = args[1];
  const hash = args[2] === '--hash' ? args[3] : undefined;
  if (!seed || !hash) {
    io.err(USAGE);
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

function checkFairness(record: GameRecord, fairness: Fairness, io: Io): string[] {
  const failures: string[] = [];
  const gameSeed = String(record.seed);
  if (fairness.gameSeed !== undefined && fairness.gameSeed !== gameSeed) failures.push('the revealed game seed is not the record\'s seed');
  if (fairness.gameSeedHash !== undefined) {
    if (sha256Hex(gameSeed) === fairness.gameSeedHash) io.out(`ok   game seed: sha256 matches the commitment ${fairness.gameSeedHash.slice(0, 16)}…`);
    else failures.push(`game seed: sha256 is ${sha256Hex(gameSeed)}, the commitment was ${fairness.gameSeedHash}`);
  }
  for (const r of fairness.rounds ?? []) {
    const expected = roundSeed(gameSeed, r.round);
    if (sha256Hex(expected) !== r.hash) failures.push(`round ${r.round}: the commitment ${r.hash} is not sha256 of the round seed the game seed gives`);
    else if (r.seed !== undefined && r.seed !== expected) failures.push(`round ${r.round}: the revealed seed is not the one the game seed gives`);
    else io.out(`ok   round ${r.round}: seed ${expected.slice(0, 16)}… matches its commitment`);
  }
  return failures;
}

/** Replays the record and compares every hand it deals with the hands the player noted. */
function checkDeals(record: GameRecord, noted: Deal[], io: Io): string[] {
  const game = gameById(record.game);
  if (!game) return [`unknown game "${record.game}"`];
  const replay = replayRecord(game, record);
  if (!replay.ok) return [`the record does not replay: ${replay.error.message}`];
  const dealt: Deal[] = [];
  let round = 0;
  for (const step of replay.value) {
    for (const e of step.events) {
      const event = e.secret?.event ?? e.public;
      if ((event.type === 'round-start' || event.type === 'auction-start') && typeof event.round === 'number') round = event.round;
      if (event.type === 'deal' && Array.isArray(event.cards)) dealt.push({ round, seat: event.seat as number, cards: event.cards as string[] });
    }
  }
  io.out(`ok   the record replays: ${record.actions.length} actions, ${new Set(dealt.map((d) => d.round)).size} deal(s)`);
  const failures: string[] = [];
  for (const n of noted) {
    const d = dealt.find((x) => x.round === n.round && x.seat === n.seat);
    const same = d && [...d.cards].sort().join() === [...n.cards].sort().join();
    if (same) io.out(`ok   round ${n.round}, seat ${n.seat}: the hand you were dealt is the one the seed deals`);
    else failures.push(`round ${n.round}, seat ${n.seat}: you were dealt ${n.cards.join(' ')}, but the seed deals ${d ? d.cards.join(' ') : 'nothing'}`);
  }
  return failures;
}
