/** The guided first games: each script replays through the engine to the round's end, on the real table too, with the situations its prompts explain. */
import { describe, expect, it } from 'vitest';
import type { Action, GameEvent } from '@hanafuda/engine';
import type { TableMessage } from '@hanafuda/protocol';
import {
  LESSON_TEXT_EN,
  LESSON_TEXT_JA,
  LESSONS,
  type Lesson,
  isExpected,
  learnerSteps,
  lessonStart,
  lessonTable,
} from '../src/index.js';

/** Replays the script; returns every public event and the legal actions at each learner step. */
function replay(lesson: Lesson): { events: GameEvent[]; over: boolean; legalAtLearner: Action[][] } {
  const opened = lessonStart(lesson);
  if (!opened.ok) throw new Error(opened.error.message);
  const { game, start } = opened.value;
  let state = start.state;
  const events: GameEvent[] = start.events.flatMap((e) => (e.public ? [e.public] : []));
  const legalAtLearner: Action[][] = [];
  lesson.steps.forEach((step, i) => {
    expect(game.toMove(state), `${lesson.id} step ${i}: whose turn`).toBe(step.action.seat);
    if (step.action.seat === lesson.learner) legalAtLearner.push(game.legalActions(state));
    const next = game.apply(state, step.action);
    if (!next.ok)
      throw new Error(
        `${lesson.id} step ${i} ${JSON.stringify(step.action)} is refused: ${next.error.message}`,
      );
    state = next.value.state;
    events.push(...next.value.events.flatMap((e) => (e.public ? [e.public] : [])));
  });
  return { events, over: game.toMove(state) === null, legalAtLearner };
}

const types = (events: readonly GameEvent[]) => events.map((e) => e.type);
const roundEnd = (events: readonly GameEvent[]) =>
  events.find((e) => e.type === 'round-end') as Record<string, unknown> & GameEvent;

describe('the lessons', () => {
  for (const lesson of Object.values(LESSONS)) {
    it(`${lesson.id}: the script plays through the engine to the round's end, a prompt for each of the learner's steps`, () => {
      const { events, over } = replay(lesson);
      expect(over).toBe(true);
      expect(types(events)).toContain('game-end');
      for (const step of learnerSteps(lesson)) expect(step.say, JSON.stringify(step.action)).toBeDefined();
      for (const step of lesson.steps.filter((s) => s.action.seat !== lesson.learner))
        expect(step.say).toBeUndefined();
    });

    it(`${lesson.id}: at each step only the script's move is accepted; any other legal move is caught as wrong`, () => {
      const { legalAtLearner } = replay(lesson);
      learnerSteps(lesson).forEach((step, i) => {
        const legal = legalAtLearner[i];
        expect(
          legal.some((a) => isExpected(step, a)),
          `step ${i} is legal`,
        ).toBe(true);
        const others = legal.filter((a) => !isExpected(step, a));
        if (others.length > 0)
          expect(step.wrong, `step ${i} with ${others.length} other moves says why`).toBeDefined();
      });
    });

    it(`${lesson.id}: every prompt has its English and Japanese text`, () => {
      const keys = [
        lesson.title,
        lesson.intro,
        lesson.end,
        ...lesson.steps.flatMap((s) => [s.say, s.wrong]),
      ].filter((k) => k !== undefined);
      for (const key of keys) {
        expect(LESSON_TEXT_EN[key].length).toBeGreaterThan(10);
        expect(LESSON_TEXT_JA[key].length).toBeGreaterThan(5);
      }
    });

    it(`${lesson.id}: the texts name no control of one front end (the browser and the terminal share them)`, () => {
      const keys = [
        lesson.title,
        lesson.intro,
        lesson.end,
        ...lesson.steps.flatMap((s) => [s.say, s.wrong]),
      ].filter((k) => k !== undefined);
      for (const key of keys) {
        expect(LESSON_TEXT_EN[key], key).not.toMatch(/\b(button|press|click|tap)\b|New game/i);
        expect(LESSON_TEXT_JA[key], key).not.toMatch(/ボタン|押して|新しいゲーム/);
      }
    });
  }

  it('sakura shows a two-card choice, a hiki, the Gaji completing Ha, the other side’s To, and the Gaji’s claim', () => {
    const { events, legalAtLearner } = replay(LESSONS.sakura);
    expect(
      legalAtLearner[1]
        .filter((a) => 'play' in a && a.play === 'cherry-chaff-1')
        .map((a) => ('take' in a ? a.take : null)),
    ).toEqual(['cherry-poetry', 'cherry-chaff-2']);
    expect(types(events)).toEqual(
      expect.arrayContaining(['hiki', 'hiki-taken', 'gaji-claim', 'gaji-leftovers']),
    );
    const end = roundEnd(events);
    expect(end.yaku).toEqual([['Ha'], ['To']]);
    expect(end.winner).toBe(0);
  });

  it('koikoi shows a draw that captures, a Koi-Koi call, then a Shobu doubled from 16 to 32', () => {
    const { events } = replay(LESSONS.koikoi);
    expect(
      events.find((e) => e.type === 'capture' && (e.cards as string[]).includes('maple-deer')),
    ).toBeDefined();
    expect(types(events)).toEqual(expect.arrayContaining(['koikoi', 'shobu']));
    const end = roundEnd(events);
    expect(end.yaku).toEqual([['sanko', 'tsukimi', 'hanami'], []]);
    expect(end.scores).toEqual([32, 0]);
  });

  it('nara shows the pile choice, the wild blank and its claim, and Upper Dango', () => {
    const { events } = replay(LESSONS.nara);
    expect(types(events).filter((t) => t === 'pile-chosen')).toHaveLength(4);
    expect(
      events.find((e) => e.type === 'capture' && e.wild === true && (e.cards as string[]).includes('blank')),
    ).toBeDefined();
    expect(types(events)).toContain('blank-claim');
    expect((roundEnd(events).yaku as string[][])[0]).toEqual(['upper-dango']);
  });

  for (const lesson of Object.values(LESSONS)) {
    it(`${lesson.id}: on the real table the scripted opponents play their moves and the learner's reach the end`, async () => {
      const created = lessonTable(lesson, 'Learner');
      if (!created.ok) throw new Error(created.error.message);
      const table = created.value;
      const inbox: TableMessage[] = [];
      const connection = table.connect(lesson.learner, (m) => inbox.push(m));
      await table.idle();
      for (const step of learnerSteps(lesson)) {
        expect(table.toMove).toBe(lesson.learner);
        await table.receive(connection, JSON.stringify({ v: 1, type: 'hint' }));
        expect(inbox.filter((m) => m.type === 'hint').at(-1)).toMatchObject({ action: step.action });
        await table.receive(
          connection,
          JSON.stringify({ v: 1, type: 'act', seq: table.seq, action: step.action }),
        );
        await table.idle();
      }
      expect(table.over).toBe(true);
      expect(table.seq).toBe(lesson.steps.length);
      expect(inbox.filter((m) => m.type === 'error')).toEqual([]);
      // A lesson has no seed to replay it from: no record is offered.
      expect(inbox.filter((m) => m.type === 'record')).toEqual([]);
    });
  }
});
