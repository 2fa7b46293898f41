/**
 * Provable fairness: commit to each round's seed (its sha256) when the round starts, reveal
 * it when the round ends, and reveal the game seed when the game ends. The round seeds are
 * the engine's `roundSeed(gameSeed, round)`, so a revealed round seed tells nothing of the
 * others, and `hanafuda verify` can check every hash and re-deal every round afterwards.
 */
import { type GameEvent, roundSeed, sha256Hex } from '@hanafuda/engine';
import type { Fairness } from '@hanafuda/protocol';

interface RoundCommitment {
  round: number;
  hash: string;
  seed?: string;
}

/** A round's seed is derived once, when it is committed to (each derivation and hash is a SHA-256 in JavaScript). */
type Round = RoundCommitment & { readonly secret: string };

export class FairnessLog {
  private readonly rounds = new Map<number, Round>();
  private revealedGameSeed = false;
  /** Sent with every room state, so hashed once. */
  private readonly gameSeedHash: string;

  /** Commits to the game seed and to round 0 (the first-dealer draw), which is revealed with the first round's end. */
  constructor(private readonly gameSeed: string) {
    this.gameSeedHash = sha256Hex(gameSeed);
    this.add(0);
  }

  /** Commits to every round the public events of one update start; true if one was added. Published before the update. */
  commit(events: readonly GameEvent[]): boolean {
    let changed = false;
    for (const event of events) {
      if ((event.type === 'round-start' || event.type === 'auction-start') && typeof event.round === 'number')
        changed = this.add(event.round) || changed;
    }
    return changed;
  }

  /** Reveals the seeds of the rounds (and the game) these events end; true if one was revealed. Published after the update. */
  reveal(events: readonly GameEvent[]): boolean {
    let changed = false;
    for (const event of events) {
      if (event.type === 'round-end' && typeof event.round === 'number') {
        const first = this.open(0);
        changed = this.open(event.round) || first || changed;
      }
      if (event.type === 'game-end') {
        for (const r of this.rounds.keys()) changed = this.open(r) || changed;
        changed = changed || !this.revealedGameSeed;
        this.revealedGameSeed = true;
      }
    }
    return changed;
  }

  state(): Fairness {
    return {
      gameSeedHash: this.gameSeedHash,
      ...(this.revealedGameSeed ? { gameSeed: this.gameSeed } : {}),
      rounds: [...this.rounds.values()]
        .sort((a, b) => a.round - b.round)
        .map(({ round, hash, seed }) => ({ round, hash, ...(seed !== undefined ? { seed } : {}) })),
    };
  }

  private add(round: number): boolean {
    if (this.rounds.has(round)) return false;
    const secret = roundSeed(this.gameSeed, round);
    this.rounds.set(round, { round, hash: sha256Hex(secret), secret });
    return true;
  }

  private open(round: number): boolean {
    const r = this.rounds.get(round);
    if (!r || r.seed !== undefined) return false;
    r.seed = r.secret;
    return true;
  }
}
