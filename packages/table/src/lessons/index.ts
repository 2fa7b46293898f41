/** The guided first games, one per game (browser and terminal share them). */
import { koikoiLesson } from './koikoi.js';
import type { Lesson, LessonId } from './lesson.js';
import { naraLesson } from './nara.js';
import { sakuraLesson } from './sakura.js';

export * from './lesson.js';
export * from './lesson-table.js';
export { LESSON_TEXT_EN, type LessonKey } from './text-en.js';
export { LESSON_TEXT_JA } from './text-ja.js';

export const LESSONS: Readonly<Record<LessonId, Lesson>> = {
  sakura: sakuraLesson,
  koikoi: koikoiLesson,
  nara: naraLesson,
};

export const lessonById = (id: string): Lesson | undefined =>
  Object.hasOwn(LESSONS, id) ? LESSONS[id as LessonId] : undefined;
