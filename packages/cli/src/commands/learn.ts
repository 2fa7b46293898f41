/** `hanafuda learn`: a guided first game in the terminal, from the same lessons as the browser's (English). */
import {
  LESSON_TEXT_EN,
  LESSONS,
  type Lesson,
  isExpected,
  lessonById,
  lessonTable,
  stepAt,
} from '@hanafuda/table';
import { parseFlags, wholeNumber } from '../args.js';
import type { Io } from '../io.js';
import { type Coach, PlaySession } from '../play/session.js';
import { isInteractive, processTerminal } from '../play/terminal.js';
import { INTERACTIVE_DELAY_MS } from './play.js';

function coachFor(lesson: Lesson): Coach {
  const text = LESSON_TEXT_EN;
  const title = `${text[lesson.title]}. ${text[lesson.intro]}`;
  return {
    introduction: title,
    say: (seq) => {
      const step = stepAt(lesson, seq);
      return step?.say ? text[step.say] : null;
    },
    correct: (seq, action) => {
      const step = stepAt(lesson, seq);
      if (!step || isExpected(step, action)) return null;
      return text[step.wrong ?? 'lessonWrongDefault'];
    },
    // The lesson's text ends with the round; the terminal's next step is a command.
    end: `${text[lesson.end]} A real game: hanafuda play --game ${lesson.game}`,
  };
}

export async function learnCommand(args: string[], io: Io): Promise<number> {
  // The lesson's name first (sakura when none is given), then options.
  const id = args[0] !== undefined && !args[0].startsWith('-') ? args[0] : 'sakura';
  const lesson = lessonById(id);
  if (!lesson) {
    io.err(`hanafuda learn: no lesson "${id}" (lessons: ${Object.keys(LESSONS).join(', ')})`);
    return 2;
  }
  const parsed = parseFlags(args[0] === id ? args.slice(1) : args, ['delay']);
  if ('error' in parsed) {
    io.err(`hanafuda learn: ${parsed.error}`);
    return 2;
  }
  const delay =
    parsed.flags.delay === undefined
      ? isInteractive()
        ? INTERACTIVE_DELAY_MS
        : 0
      : wholeNumber(parsed.flags.delay, 'delay', 0);
  if (typeof delay === 'object') {
    io.err(`hanafuda learn: ${delay.error}`);
    return 2;
  }
  const created = lessonTable(lesson, 'You', { botDelayMs: delay });
  if (!created.ok) {
    io.err(`hanafuda learn: ${created.error.message}`);
    return 70;
  }
  const { term, close } = processTerminal();
  const names = (s: number) => (s === lesson.learner ? 'You' : lesson.names[s]);
  const session = new PlaySession(created.value, lesson.learner, term, names, coachFor(lesson));
  try {
    return await session.run();
  } finally {
    created.value.close();
    close();
  }
}
