/** `hanafuda verify` on a saved online game: seed commitments, derived round seeds, and the deals a player noted. */
import { describe, expect, it } from 'vitest';
import { type Action, makeRecord, nara, roundSeed, sakura, sha256Hex } from '@hanafuda/engine';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';

async function run(args: string[], files: Record<string, string>) {
  const out: string[] = [];
  const io: Io = {
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    readFile: (p) => files[p],
    writeFile: () => undefined,
  };
  return { code: await main(args, io), out: out.join('\n') };
}

/** A finished 2-player game of `rounds` rounds, played with the first legal action, as the server saves it. */
function savedGame(rounds = 1) {
  const setup = { players: 2, options: { rounds }, seed: 'c0ffee-verify-test' };
  const state = sakura.newGame(setup);
  if (!state.ok) throw new Error(state.error.message);
  const deals: { round: number; seat: number; cards: string[] }[] = [];
  for (const e of state.value.events)
    if (e.secret?.event.type === 'deal')
      deals.push({ round: 1, seat: e.secret.event.seat as number, cards: e.secret.event.cards as string[] });
  const actions: Action[] = [];
  let s = state.value.state;
  let totals: number[] = [];
  while (sakura.toMove(s) !== null) {
    const action = sakura.legalActions(s)[0];
    const next = sakura.apply(s, action);
    if (!next.ok) throw new Error(next.error.message);
    actions.push(action);
    s = next.value.state;
    for (const e of next.value.events) if (e.public.type === 'game-end') totals = e.public.totals as number[];
  }
  const record = makeRecord('sakura', setup, actions);
  const committed = Array.from({ length: rounds + 1 }, (_, round) => ({
    round,
    hash: sha256Hex(roundSeed(setup.seed, round)),
    seed: roundSeed(setup.seed, round),
  }));
  return {
    record,
    fairness: { gameSeedHash: sha256Hex(setup.seed), gameSeed: setup.seed, rounds: committed },
    deals: deals.slice(0, 1),
    summary: { totals },
  };
}

describe('hanafuda verify', () => {
  it('accepts an honest game', async () => {
    const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(savedGame()) });
    expect(r.out).toContain('ok   round 1: seed');
    expect(r.out).toContain('the hand you were dealt is the one the seed deals');
    expect(r.out.split('\n').at(-1)).toMatch(
      /^verified: the game seed against its commitment; 2 round seed\(s\) \(round 0, 1\) against their commitments; the replay \(\d+ actions, 1 deal\(s\)\); 1 hand\(s\) you noted$/,
    );
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
    const cut = {
      record: game.record,
      fairness: { gameSeedHash: game.fairness.gameSeedHash, rounds: game.fairness.rounds.slice(0, 1) },
    };
    const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(cut) });
    expect(r.out).toContain('FAIL round 1 was dealt, but the file has no commitment to its seed');
    expect(r.out).not.toContain('verified');
    expect(r.code).toBe(1);
  });

  it('says what it could not check in a record cut short: a committed round never dealt, the end and the totals never reached', async () => {
    const game = savedGame(2);
    // Round 1 takes 16 actions here: cut at 12, round 2 is never dealt.
    const cut = { ...game, record: { ...game.record, actions: game.record.actions.slice(0, 12) } };
    const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(cut) });
    expect(r.out).toContain(
      'NOT CHECKED round 2: its seed is committed, but the record never deals that round',
    );
    expect(r.out).toContain('NOT CHECKED the record stops after 12 actions, before the game ends');
    expect(r.out).toContain(
      `NOT CHECKED the file's final totals (${game.summary.totals.join(', ')}) are never reached by its record`,
    );
    expect(r.out.split('\n').at(-1)).toMatch(
      /^incomplete: verified .*; 3 thing\(s\) the file claims could not be checked$/,
    );
    expect(r.out).not.toMatch(/^verified/m);
    expect(r.code).toBe(1);
  });

  it('fails totals the record does not end at', async () => {
    const game = savedGame();
    const r = await run(['verify', 'game.json'], {
      'game.json': JSON.stringify({ ...game, summary: { totals: [999, 0] } }),
    });
    expect(r.out).toMatch(/FAIL the file's final totals are 999, 0, but the record ends at/);
    expect(r.code).toBe(1);
  });

  it('catches a commitment that does not match, and a hand the seed does not deal', async () => {
    const game = savedGame();
    const tampered = {
      ...game,
      fairness: {
        ...game.fairness,
        rounds: [{ ...game.fairness.rounds[1], hash: sha256Hex('another seed') }],
      },
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

  describe('a Nara game (each seat dealt two face-down piles, its hand the one it chooses)', () => {
    /** A whole 2-round Nara game played with the first legal action, with seat 0's round-2 hand as its view showed it. */
    function naraGame() {
      const setup = { players: 4, options: { length: 'rounds:2' }, seed: 'nara-verify-test' };
      const start = nara.newGame(setup);
      if (!start.ok) throw new Error(start.error.message);
      const actions: Action[] = [];
      let s = start.value.state;
      let hand: string[] = [];
      let field: string[] = [];
      let totals: number[] = [];
      let rounds = 1;
      while (nara.toMove(s) !== null) {
        const action = nara.legalActions(s)[0];
        const next = nara.apply(s, action);
        if (!next.ok) throw new Error(next.error.message);
        actions.push(action);
        s = next.value.state;
        for (const e of next.value.events) {
          if (e.public.type === 'round-start') rounds++;
          if (e.public.type === 'game-end') totals = e.public.totals as number[];
        }
        if (rounds === 2 && 'pile' in action && action.seat === 0) ({ hand, field } = nara.view(s, 0));
      }
      const committed = [0, 1, 2].map((round) => ({
        round,
        hash: sha256Hex(roundSeed(setup.seed, round)),
        seed: roundSeed(setup.seed, round),
      }));
      return {
        record: makeRecord('nara', setup, actions),
        fairness: { gameSeedHash: sha256Hex(setup.seed), gameSeed: setup.seed, rounds: committed },
        deals: [{ round: 2, seat: 0, cards: hand }],
        summary: { totals },
        /** A card the field held then: in no hand. */
        fieldCard: field[0],
      };
    }

    it('counts both deals and checks the hand noted', async () => {
      const game = naraGame();
      expect(game.deals[0].cards).toHaveLength(5); // two piles of 5 each (rules.md §5)
      expect(game.fieldCard).toMatch(/^[a-z]+-/);
      const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(game) });
      expect(r.out).toContain('ok   round 2, seat 0: the hand you were dealt is the one the seed deals');
      expect(r.out.split('\n').at(-1)).toMatch(
        /; the replay \(\d+ actions, 2 deal\(s\)\); 1 hand\(s\) you noted$/,
      );
      expect(r.code).toBe(0);
    });

    it('catches a hand the seed does not deal, and a dealt round with no commitment', async () => {
      const game = naraGame();
      const tampered = {
        ...game,
        fairness: { ...game.fairness, rounds: game.fairness.rounds.slice(0, 2) },
        deals: [{ ...game.deals[0], cards: [...game.deals[0].cards.slice(1), game.fieldCard] }],
      };
      const r = await run(['verify', 'game.json'], { 'game.json': JSON.stringify(tampered) });
      expect(r.out).toContain('FAIL round 2 was dealt, but the file has no commitment to its seed');
      expect(r.out).toMatch(/FAIL round 2, seat 0: you were dealt .*, but the seed deals /);
      expect(r.code).toBe(1);
    });
  });
});
