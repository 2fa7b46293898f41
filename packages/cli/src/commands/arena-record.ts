/**
 * `hanafuda arena --record FILE`: a run that may take hours keeps each whole game's outcomes
 * as it ends, so the same command, run again, plays only the games still missing and tallies
 * the same figures (a deal plays the same wherever and whenever it is played; only the decision
 * times are the first run's). JSON lines: the run first, then one game a line. A line cut short
 * by a killed run is dropped on the next start. The run is known by its flags, the bots by their
 * names and a baseline by its checkout's commit: going on with another build of this one's bots
 * would mix two bots under one name.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import type { ArenaSpec, SeatingOutcome } from './arena-deal.js';

/** One game as recorded: its deals, and each deal's outcomes (per seating). */
export interface RecordedGame {
  readonly game: number;
  readonly deals: readonly number[];
  readonly outcomes: readonly SeatingOutcome[][];
}

/** The run a record belongs to, its fields in one order (what decides every deal's play, not how many deals). */
function runOf(spec: ArenaSpec): Record<string, unknown> {
  return {
    gameId: spec.gameId,
    players: spec.players,
    teams: spec.teams ?? null,
    options: spec.options,
    botNames: spec.botNames,
    seed: spec.seed,
    gameRounds: spec.gameRounds,
    baseline: spec.baseline === undefined ? null : baselineBuild(spec.baseline),
    startSpread: spec.startSpread ?? 0,
  };
}

/**
 * The build a baseline checkout holds: its commit (with a mark if files git tracks were changed
 * there), so a record names what it measured wherever the checkout sits, and may be kept in the
 * repository; the directory itself where git knows no commit.
 */
export function baselineBuild(dir: string): string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', dir, ...args], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  try {
    const commit = git('rev-parse', 'HEAD');
    return git('status', '--porcelain', '--untracked-files=no') === '' ? commit : `${commit}+changes`;
  } catch {
    return dir;
  }
}

export class ArenaRecord {
  private constructor(
    private readonly path: string,
    /** The games recorded so far, by game number. */
    readonly games: Map<number, RecordedGame>,
  ) {}

  /** Opens `path` for `spec`: a new record, or one of this very run (else why not). */
  static open(path: string, spec: ArenaSpec): ArenaRecord | { error: string } {
    const run = runOf(spec);
    if (!existsSync(path)) {
      const record = new ArenaRecord(path, new Map());
      record.write({ arena: 1, run });
      return record;
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (e) {
      return { error: `cannot read the record ${path}: ${(e as Error).message}` };
    }
    const end = text.lastIndexOf('\n') + 1;
    const lines = text.slice(0, end).split('\n').slice(0, -1);
    if (lines.length === 0 && text !== '')
      return { error: `${path} is not an arena record (its first line names no run)` };
    const games = new Map<number, RecordedGame>();
    for (const [i, line] of lines.entries()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        return { error: `line ${i + 1} of ${path} is not JSON: is it an arena record?` };
      }
      if (i === 0) {
        const head = parsed as { arena?: unknown; run?: Record<string, unknown> };
        if (head.arena !== 1 || typeof head.run !== 'object' || head.run === null)
          return { error: `${path} is not an arena record (its first line names no run)` };
        const differ = Object.keys(run).filter(
          (k) => JSON.stringify(head.run![k] ?? null) !== JSON.stringify(run[k]),
        );
        if (differ.length > 0)
          return {
            error: `${path} records another run (${differ.map((k) => `${k}: ${JSON.stringify(head.run![k] ?? null)}, not ${JSON.stringify(run[k])}`).join('; ')}): give another file, or the same flags`,
          };
        continue;
      }
      const game = parsed as RecordedGame;
      if (!Number.isInteger(game.game) || !Array.isArray(game.deals) || !Array.isArray(game.outcomes))
        return { error: `line ${i + 1} of ${path} is not a recorded game` };
      games.set(game.game, game);
    }
    // A run killed while writing leaves its last line unfinished: that game is played again.
    if (end < text.length) truncateSync(path, Buffer.byteLength(text.slice(0, end)));
    if (lines.length === 0) new ArenaRecord(path, games).write({ arena: 1, run });
    return new ArenaRecord(path, games);
  }

  /** Game `game`'s outcomes if it was recorded over these very deals (a run with more deals may end the last game later). */
  outcomesOf(game: number, deals: readonly number[]): readonly SeatingOutcome[][] | undefined {
    const recorded = this.games.get(game);
    return recorded && recorded.deals.join() === deals.join() ? recorded.outcomes : undefined;
  }

  /** Keeps one finished game, on disk before this returns. */
  add(game: RecordedGame): void {
    this.games.set(game.game, game);
    this.write(game);
  }

  private write(line: object): void {
    const fd = openSync(this.path, 'a');
    try {
      writeSync(fd, `${JSON.stringify(line)}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }
}
