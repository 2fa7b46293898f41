/** A lesson on the normal table: its deal, the learner in their seat, and opponents that play the script. */
import { type Result, err } from '@hanafuda/engine';
import type { TableConfig } from '@hanafuda/protocol';
import type { Decide } from '../decide.js';
import { Table, type TableHooks } from '../table.js';
import { type Lesson, lessonScenario } from './lesson.js';

export function lessonConfig(lesson: Lesson, learnerName: string): TableConfig {
  return {
    game: lesson.game,
    players: lesson.players,
    options: lesson.options ?? {},
    seats: lesson.names.map((name, seat) =>
      seat === lesson.learner ? { kind: 'human', name: learnerName } : { kind: 'bot', name, level: 'easy' },
    ),
  };
}

/**
 * Every decision (the opponents' moves, and the hint for the learner) is the script's move
 * at that point, so the round goes exactly as written.
 */
export function scriptedDecide(lesson: Lesson): Decide {
  return (request) => {
    const step = lesson.steps[request.seq];
    if (!step) return Promise.reject(new Error(`lesson ${lesson.id} has no step ${request.seq}`));
    return Promise.resolve({ action: step.action });
  };
}

export function lessonTable(
  lesson: Lesson,
  learnerName: string,
  hooks: Omit<TableHooks, 'decide' | 'persist'> = {},
): Result<Table> {
  const scenario = lessonScenario(lesson);
  if (!scenario.ok) return err(scenario.error.code, scenario.error.message);
  return Table.fromScenario(lessonConfig(lesson, learnerName), scenario.value, {
    ...hooks,
    decide: scriptedDecide(lesson),
  });
}
