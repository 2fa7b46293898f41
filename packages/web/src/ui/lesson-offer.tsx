/** The guided first games on offer: once on the first visit (dismissable), and always on the Rules page. */
import { LESSONS } from '@hanafuda/table';
import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Strings } from '../i18n/en.js';

const OFFERED = 'hanafuda.lessonOffered.v1';

/** True only on the first visit: the offer is then remembered as made. */
function firstVisit(): boolean {
  try {
    if (localStorage.getItem(OFFERED)) return false;
    localStorage.setItem(OFFERED, String(Date.now()));
    return true;
  } catch {
    return false; // No storage: never nag on every visit.
  }
}

export function LessonLinks(props: { readonly t: Strings }): JSX.Element {
  return (
    <span class="lesson-links">
      {Object.values(LESSONS).map((lesson) => (
        <a key={lesson.id} class="btn primary" href={`#/learn/${lesson.id}`}>
          {props.t.lessonLink(props.t.gameNames[lesson.game])}
        </a>
      ))}
    </span>
  );
}

export function LessonOffer(props: { readonly t: Strings }): JSX.Element | null {
  const [open, setOpen] = useState(firstVisit);
  if (!open) return null;
  return (
    <aside class="lesson-offer" aria-label={props.t.learn}>
      <p>
        <strong>{props.t.learn}.</strong> {props.t.learnOffer}
      </p>
      <LessonLinks t={props.t} />
      <button type="button" class="btn" onClick={() => setOpen(false)}>
        {props.t.learnLater}
      </button>
    </aside>
  );
}
