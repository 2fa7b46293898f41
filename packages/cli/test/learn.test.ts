/** `hanafuda learn`: each lesson played to its end from a pipe by choosing, at each prompt, the menu line of the lesson's move; a wrong choice is explained and not played. */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Action, type GameView } from '@hanafuda/engine';
import { LESSON_TEXT_EN, LESSONS, type Lesson, lessonStart } from '@hanafuda/table';
import { describe, expect, it } from 'vitest';
import { stripAnsi, PLAIN } from '../src/play/ansi.js';
import { boardOf } from '../src/play/board.js';
import { buildMenu } from '../src/play/menu.js';

const bin = fileURLToPath(new URL('../bin/hanafuda.js', import.meta.url));
const same = (a: Action, b: Action) =>
  JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());
/** The terminal wraps lines at 80 columns: compare words, not lines. */
const words = (text: string) => stripAnsi(text).replace(/\s+/g, ' ');

/**
 * The lines a learner types: at each of their steps, the number of the menu line whose
 * move is the lesson's (and of the card it takes, when asked). The first step gets a wrong
 * number first, the menu's other first line.
 */
function answers(lesson: Lesson): { lines: string[]; wrong: string } {
  const opened = lessonStart(lesson);
  if (!opened.ok) throw new Error(opened.error.message);
  const { game, start } = opened.value;
  let state = start.state;
  const lines: string[] = [];
  let wrong = '';
  for (const step of lesson.steps) {
    if (step.action.seat === lesson.learner) {
      const view = game.view(state, lesson.learner) as GameView;
      const board = boardOf(view);
      const menu = buildMenu(PLAIN, view.actions, board.field, board.pending);
      const top = menu.choices.findIndex(
        (c) =>
          (c.action && same(c.action, step.action)) ||
          c.then?.some((t) => t.action && same(t.action, step.action)),
      );
      expect(top, JSON.stringify(step.action)).toBeGreaterThanOrEqual(0);
      if (lines.length === 0) {
        const other = menu.choices.findIndex((c, i) => i !== top && c.action !== undefined);
        wrong = String(other + 1);
        lines.push(wrong);
      }
      lines.push(String(top + 1));
      const sub = menu.choices[top].then?.findIndex((t) => t.action && same(t.action, step.action)) ?? -1;
      if (sub >= 0) lines.push(String(sub + 1));
    }
    const next = game.apply(state, step.action);
    if (!next.ok) throw new Error(next.error.message);
    state = next.value.state;
  }
  return { lines, wrong };
}

describe('hanafuda learn', () => {
  for (const lesson of Object.values(LESSONS)) {
    it(`${lesson.id}: every step's prompt, a wrong first move corrected, to the lesson's closing words`, () => {
      const { lines } = answers(lesson);
      const r = spawnSync(process.execPath, [bin, 'learn', lesson.id], {
        input: `${lines.join('\n')}\n`,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const out = words(r.stdout);
      expect(out.startsWith(words(`${LESSON_TEXT_EN[lesson.title]}. ${LESSON_TEXT_EN[lesson.intro]}`))).toBe(
        true,
      );
      const learner = lesson.steps.filter((s) => s.action.seat === lesson.learner);
      for (const step of learner) expect(out).toContain(words(`Lesson: ${LESSON_TEXT_EN[step.say!]}`));
      expect(out).toContain(words(`Not quite: ${LESSON_TEXT_EN[learner[0].wrong!]}`));
      // Corrected once, never played: the first prompt is shown again after the correction.
      expect(out.split(words(`Not quite:`)).length - 1).toBe(1);
      expect(out).toContain(words(`Lesson: ${LESSON_TEXT_EN[lesson.end]}`));
      // The next step in a terminal is a command, not the browser's button.
      expect(out).toContain(words(`A real game: hanafuda play --game ${lesson.game}`));
      expect(out).not.toContain('New game');
      expect(out).not.toMatch(/refused|abandoned/);
    }, 60_000);
  }

  it("answers a hint with the lesson's move and the menu line that plays it", () => {
    // The lesson's table asks its script for the hint, which answers after a turn of the event loop.
    const lesson = LESSONS.koikoi;
    const { lines } = answers(lesson);
    const r = spawnSync(process.execPath, [bin, 'learn', lesson.id], {
      input: 'hint\nquit\ny\n',
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status).toBe(0);
    const out = words(r.stdout);
    // lines[1] is the number of the menu line of the first step's move (lines[0] is the wrong one).
    expect(out).toMatch(new RegExp(`hint: [^>]* \\(type ${lines[1]}\\)`));
    expect(out).not.toContain('no hint');
  }, 60_000);

  it('refuses an unknown lesson with the list, exit 2', () => {
    const r = spawnSync(process.execPath, [bin, 'learn', 'poker'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('hanafuda learn: no lesson "poker" (lessons: sakura, koikoi, nara)');
    const flag = spawnSync(process.execPath, [bin, 'learn', 'nara', '--speed', '3'], { encoding: 'utf8' });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toMatch(/unknown option --speed/);
  });
});
