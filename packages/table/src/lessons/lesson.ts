/**
 * A guided first game: one round from a fixed, hand-made deal, every decision written out
 * (the learner's and the scripted opponents'), and a prompt for each of the learner's steps.
 * The deal and the script are fixed, so the lesson cannot drift: test/lessons.test.ts replays
 * each script through the engine to its end.
 */
import {
  type Action,
  type Applied,
  type GameModule,
  type Result,
  type ScenarioSetup,
  gameById,
  parseScenario,
  err,
  ok,
} from '@hanafuda/engine';
import type { LessonKey } from './text-en.js';

export type LessonId = 'sakura' | 'koikoi' | 'nara';

export interface LessonStep {
  /** The one move this step accepts (for the learner) or makes (for a scripted opponent). */
  readonly action: Action;
  /** The learner's steps: what is happening and what to do, and why. */
  readonly say?: LessonKey;
  /** The learner's steps: said kindly when another move is tried (it is not played). */
  readonly wrong?: LessonKey;
}

export interface Lesson {
  readonly id: LessonId;
  readonly game: string;
  readonly players: number;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly dealer: number;
  /** The learner's seat; every other seat is a scripted opponent. */
  readonly learner: number;
  /** Card ids as in a scenario file (docs/scenarios.md). */
  readonly deal: {
    readonly hands?: readonly (readonly string[])[];
    readonly field: readonly string[];
    readonly pile?: readonly string[];
    readonly piles?: readonly (readonly (readonly string[])[])[];
  };
  /** The opponents' names, by seat (the learner's entry is unused). */
  readonly names: readonly string[];
  readonly title: LessonKey;
  readonly intro: LessonKey;
  readonly steps: readonly LessonStep[];
  /** Said when the round is over. */
  readonly end: LessonKey;
}

/** What a lesson's file writes; guidedLesson adds what every lesson shares. */
export interface LessonScript {
  /** The lesson's id, which is its game's too. */
  readonly id: LessonId;
  readonly options?: Readonly<Record<string, unknown>>;
  /** The scripted opponents' names, seat 1 on. */
  readonly opponents: readonly string[];
  readonly deal: Lesson['deal'];
  readonly steps: readonly LessonStep[];
}

/**
 * A lesson from its script: the learner sits in seat 0 and deals (so plays first), the
 * opponents take the seats after, and its texts are the id's Title, Intro and End.
 */
export function guidedLesson(script: LessonScript): Lesson {
  const { id, options, opponents, deal, steps } = script;
  return {
    id,
    game: id,
    players: 1 + opponents.length,
    ...(options && { options }),
    dealer: 0,
    learner: 0,
    names: ['', ...opponents],
    deal,
    title: `${id}Title`,
    intro: `${id}Intro`,
    steps,
    end: `${id}End`,
  };
}

/** The prompts that have a `…Wrong` text beside them, said when another move is tried. */
type TaughtKey = { [K in LessonKey]: `${K}Wrong` extends LessonKey ? K : never }[LessonKey];

/** A learner's step: the move, its prompt, and the prompt's `…Wrong` text. */
export const learnerStep = (action: Action, say: TaughtKey): LessonStep => ({
  action,
  say,
  wrong: `${say}Wrong`,
});

/** The lesson's deal in the engine's scenario form. */
export function lessonScenario(lesson: Lesson): Result<ScenarioSetup> {
  const parsed = parseScenario(
    JSON.stringify({
      name: `lesson-${lesson.id}`,
      game: lesson.game,
      players: lesson.players,
      options: lesson.options ?? {},
      dealer: lesson.dealer,
      deal: lesson.deal,
    }),
  );
  if (!parsed.ok) return err(parsed.error.code, `lesson ${lesson.id}: ${parsed.error.message}`);
  return ok(parsed.value.setup);
}

/** The lesson's game and its opening position, straight from the engine (for replaying the script). */
export function lessonStart(lesson: Lesson): Result<{ game: GameModule; start: Applied<unknown> }> {
  const game = gameById(lesson.game);
  if (!game) return err('unknown-game', `lesson ${lesson.id}: no game "${lesson.game}"`);
  const scenario = lessonScenario(lesson);
  if (!scenario.ok) return scenario;
  const start = game.fromScenario(scenario.value);
  return start.ok
    ? ok({ game, start: start.value })
    : err(start.error.code, `lesson ${lesson.id}: ${start.error.message}`);
}

const KEYS = ['play', 'take', 'hiki', 'koikoi', 'shobu', 'pile', 'leave', 'return', 'redeal'] as const;

/**
 * Whether a move is the step's move. A take the step does not name is not compared: a card
 * with one match may be played with or without naming it.
 */
export function isExpected(step: LessonStep, action: Action): boolean {
  const want = step.action as Record<string, unknown>;
  const got = action as Record<string, unknown>;
  if (want.seat !== got.seat) return false;
  return KEYS.every((key) =>
    key === 'take' && 'play' in want && !('take' in want) ? true : want[key] === got[key],
  );
}

/** The step awaited after `seq` actions, or null once the script is played out. */
export const stepAt = (lesson: Lesson, seq: number): LessonStep | null => lesson.steps[seq] ?? null;

/** The learner's steps, in order (each one decision). */
export const learnerSteps = (lesson: Lesson): LessonStep[] =>
  lesson.steps.filter((s) => s.action.seat === lesson.learner);
