/** A guided first game: the normal table, a lesson's prompt above it, and a wrong move explained instead of played. */
import { type Lesson, type LessonKey, isExpected, learnerSteps, stepAt } from '@hanafuda/table';
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';
import { PlayScreen } from './play-screen.js';
import { startLesson } from './session.js';

export interface LessonScreenProps {
  readonly lesson: Lesson;
  readonly t: Strings;
  readonly name: string;
  readonly onHome: () => void;
}

export function LessonScreen(props: LessonScreenProps): JSX.Element {
  const { lesson, t } = props;
  /** Each run of the lesson is a new table (Play again starts it over). */
  const [run, setRun] = useState(0);
  const client = useMemo(() => startLesson(lesson.id, props.name), [lesson.id, run]);
  useEffect(() => () => client.close(), [client]);
  const [seq, setSeq] = useState(client.state.seq);
  const [over, setOver] = useState(false);
  const [wrong, setWrong] = useState<LessonKey | null>(null);
  useEffect(() => {
    setSeq(client.state.seq);
    setOver(false);
    return client.subscribe((next) => {
      setSeq(next.seq);
      setOver(next.board !== null && next.board.toMove === null);
    });
  }, [client]);
  useEffect(() => setWrong(null), [seq]);
  const body = useRef<HTMLElement>(null);
  // The correction comes first in the panel: on a phone the panel scrolls, so bring it into view.
  useEffect(() => {
    if (wrong && body.current) body.current.scrollTop = 0;
  }, [wrong]);

  const step = stepAt(lesson, seq);
  const mine = learnerSteps(lesson);
  const index = step ? mine.indexOf(step) : -1;
  const done = mine.filter((s) => lesson.steps.indexOf(s) < seq).length;
  const guard = (action: Parameters<typeof isExpected>[1]): boolean => {
    if (step && isExpected(step, action)) {
      setWrong(null);
      return true;
    }
    setWrong(step?.wrong ?? 'lessonWrongDefault');
    // The hint lights the card to look for (a lesson's hint is the lesson's move).
    client.askHint();
    return false;
  };
  const text = (key: LessonKey) => t.lessons[key];
  const above = (
    <section
      class="lesson-panel"
      aria-label={text(lesson.title)}
      data-lesson-step={over ? 'end' : index}
      ref={body}
    >
      <h2 class="lesson-title">
        {text(lesson.title)}
        <span class="lesson-progress">
          {t.lessonStep} {Math.min(done + (index >= 0 ? 1 : 0), mine.length)} / {mine.length}
        </span>
      </h2>
      <div class="lesson-body" aria-live="polite">
        {wrong ? (
          <p class="lesson-wrong" role="alert">
            <strong>{t.lessonTry}:</strong> {text(wrong)}
          </p>
        ) : null}
        {over ? (
          <p class="lesson-say">{text(lesson.end)}</p>
        ) : index >= 0 ? (
          <p class="lesson-say">{text(step!.say!)}</p>
        ) : (
          <p class="lesson-wait">{text('lessonNext')}</p>
        )}
        {done === 0 && !over ? <p class="lesson-intro">{text(lesson.intro)}</p> : null}
      </div>
    </section>
  );
  const footer = (
    <p class="lesson-end">
      <strong>{t.lessonDone}.</strong> {text(lesson.end)}
    </p>
  );
  const newGame = (
    <a class="btn primary" href="#/" autoFocus>
      {t.newGame}
    </a>
  );
  return (
    <PlayScreen
      key={run}
      client={client}
      t={t}
      onAgain={() => setRun((r) => r + 1)}
      onHome={props.onHome}
      guard={guard}
      expected={step ? (action) => isExpected(step, action) : undefined}
      above={above}
      gameOverFooter={footer}
      gameOverLead={newGame}
    />
  );
}
