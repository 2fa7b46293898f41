// @vitest-environment happy-dom
/** Online, the turn coming to a person who looks elsewhere: the tab's title says so until they come back; a phone vibrates. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertTurn } from '../src/ui/turn-alert.js';

const setHidden = (hidden: boolean) =>
  Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });

describe('the turn alert', () => {
  afterEach(() => setHidden(false));

  it('marks the title of a hidden tab until it is visible again, and vibrates', () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    document.title = 'Hanafuda';
    setHidden(true);
    alertTurn('Your turn');
    expect(document.title).toBe('● Your turn — Hanafuda');
    expect(vibrate).toHaveBeenCalledWith(200);
    setHidden(false);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(document.title).toBe('Hanafuda');
  });

  it('leaves the title of a tab in view alone, and restores it when the turn passes', () => {
    document.title = 'Hanafuda';
    alertTurn('Your turn')();
    expect(document.title).toBe('Hanafuda');
    setHidden(true);
    const restore = alertTurn('Your turn');
    restore();
    expect(document.title).toBe('Hanafuda');
  });
});
