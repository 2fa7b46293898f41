/**
 * Telling a person it is their turn when they are looking elsewhere (online play): the tab's
 * title says so until they come back, and a phone vibrates once.
 */
export function alertTurn(message: string): () => void {
  navigator.vibrate?.(200);
  if (!document.hidden) return () => undefined;
  const title = document.title;
  document.title = `● ${message} — ${title}`;
  const restore = () => {
    document.title = title;
    document.removeEventListener('visibilitychange', onVisible);
  };
  const onVisible = () => {
    if (!document.hidden) restore();
  };
  document.addEventListener('visibilitychange', onVisible);
  return restore;
}
