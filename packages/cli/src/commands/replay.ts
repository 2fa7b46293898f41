/**
 * `hanafuda replay`: prints a recorded game, or a scenario's round, turn by turn with every card
 * shown, each by the name the terminal's table gives it (`cherry curtain`, month 3 (cherry)).
 */
import {
  type SplitEvent,
  describeAction,
  gameById,
  parseAction,
  parseScenario,
  replayRecord,
} from '@hanafuda/engine';
import { type GameId, isGameId } from '@hanafuda/table';
import { describeEvent } from '../describe-event.js';
import { failWith, type Io, readText } from '../io.js';
import { PLAIN } from '../play/ansi.js';
import { monthName, paintIds } from '../play/cards.js';
import { looksLikeGame, parseSavedGame } from '../saved-game.js';

/** Events that only restate the action line printed before them. */
const RESTATE_ACTION = new Set(['play', 'bid']);

/** Everything, secrets included: a replay is read after the game. */
const omniscient = (e: SplitEvent) => e.secret?.event ?? e.public;

/** A line with its card ids and month numbers named as the person at the table reads them. */
const named = (line: string) =>
  paintIds(PLAIN, line).replace(/\bmonth (\d+)\b/g, (m, n: string) => `${m} (${monthName(Number(n))})`);

export function replayCommand(args: string[], io: Io): number {
  if (args.length !== 1 || args[0].startsWith('-')) {
    io.err('usage: hanafuda replay FILE   (a record, a saved game or a scenario)');
    return 2;
  }
  const file = args[0];
  const fail = failWith(io, `hanafuda replay: ${file}`, 1);
  const read = readText(io, file);
  if ('error' in read) return fail(read.error);
  const steps = looksLikeGame(read.text) ? recordSteps(read.text) : scenarioSteps(read.text);
  if ('error' in steps) return fail(steps.error);
  io.out(steps.title);
  for (const step of steps.steps) {
    if (step.action) io.out(`> ${named(describeAction(step.action))}`);
    for (const e of step.events)
      if (!(step.action && RESTATE_ACTION.has(e.public.type)))
        io.out(`  ${named(describeEvent(omniscient(e), steps.game))}`);
  }
  if (steps.trailingError) return fail(steps.trailingError);
  return 0;
}

interface Steps {
  title: string;
  steps: { action?: import('@hanafuda/engine').Action; events: readonly SplitEvent[] }[];
  trailingError?: string;
  /** Names the yaku in the lines. */
  game: GameId;
}

function recordSteps(text: string): Steps | { error: string } {
  const saved = parseSavedGame(text);
  if ('error' in saved) return saved;
  const { record } = saved.value;
  const game = gameById(record.game);
  if (!game || !isGameId(game.id)) return { error: `game "${record.game}" is not implemented yet` };
  const steps = replayRecord(game, record);
  if (!steps.ok) return { error: steps.error.message };
  return {
    title: `${game.title}: ${record.players} players, seed ${record.seed}, options ${JSON.stringify(record.options)}`,
    steps: steps.value,
    game: game.id,
  };
}

function scenarioSteps(text: string): Steps | { error: string } {
  const scenario = parseScenario(text);
  if (!scenario.ok) return { error: scenario.error.message };
  const game = gameById(scenario.value.setup.game);
  if (!game || !isGameId(game.id))
    return { error: `game "${scenario.value.setup.game}" is not implemented yet` };
  const start = game.fromScenario(scenario.value.setup);
  if (!start.ok) return { error: start.error.message };
  const steps: Steps['steps'] = [{ events: start.value.events }];
  let state = start.value.state;
  for (let i = 0; i < scenario.value.actions.length; i++) {
    const action = parseAction(scenario.value.actions[i]);
    const next = action.ok ? game.apply(state, action.value) : action;
    if (!next.ok)
      return {
        title: scenario.value.setup.name,
        steps,
        trailingError: `action ${i} is refused: ${next.error.message}`,
        game: game.id,
      };
    state = next.value.state;
    steps.push({ action: action.ok ? action.value : undefined, events: next.value.events });
  }
  return { title: `scenario: ${scenario.value.setup.name}`, steps, game: game.id };
}
