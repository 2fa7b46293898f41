// @vitest-environment happy-dom
/**
 * A rated game's rating change in the page (the `rating` message): kept for the game it names,
 * a rematch's too, never one of another room; and said in the game-over dialog's words.
 */
import { h, render } from 'preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { stringsFor } from '../src/i18n/i18n.js';
import { OnlineRoom } from '../src/state/online-room.js';
import { RatingChange } from '../src/ui/rating-change.js';
import { connect, FakeSocket, last } from './support/fake-socket.js';

const rating = (game: string, change: object = {}) => ({
  type: 'rating',
  game,
  format: 'koikoi-6',
  before: 1000,
  after: 1123,
  provisional: true,
  games: 1,
  place: 1,
  forfeited: false,
  ...change,
});

beforeEach(() => {
  FakeSocket.made = [];
  localStorage.clear();
  sessionStorage.clear();
});

describe('OnlineRoom ratings', () => {
  it('keeps the rating change of each game of its room, and ignores one of another room', () => {
    const online = OnlineRoom.open('room-1', connect());
    last().open();
    expect(online.state.ratings).toEqual({});
    last().receive(rating('room-1'));
    expect(online.state.ratings['room-1']).toMatchObject({ game: 'room-1', before: 1000, after: 1123 });
    // Another room's game (one whose id merely starts like this one's too) is not this page's.
    last().receive(rating('other-room', { after: 990 }));
    last().receive(rating('room-10', { after: 990 }));
    last().receive(rating('room-1_x', { after: 990 }));
    expect(Object.keys(online.state.ratings)).toEqual(['room-1']);
    // The rematch's is kept beside the first game's, which stays as it was.
    last().receive(rating('room-1_2', { before: 1123, after: 1101, place: 2 }));
    expect(online.state.ratings['room-1_2']).toMatchObject({ before: 1123, after: 1101 });
    expect(online.state.ratings['room-1']).toMatchObject({ before: 1000, after: 1123 });
  });
});

describe('RatingChange', () => {
  const shown = (lang: 'en' | 'ja', change: object) => {
    const root = document.createElement('div');
    render(h(RatingChange, { rating: rating('room-1', change) as never, t: stringsFor(lang) }), root);
    return root.textContent?.replace(/\s+/g, ' ').trim();
  };
  it('says the pool, before → after with the change, provisional, and a forfeit plainly, in English and Japanese', () => {
    expect(shown('en', {})).toBe('Rating (Koi-Koi, 6 rounds): 1000 → 1123 (+123), provisional');
    expect(shown('en', { after: 980, provisional: false, forfeited: true, place: 2 })).toBe(
      'Rating (Koi-Koi, 6 rounds): 1000 → 980 (\u221220)Counted as a loss: you left.',
    );
    expect(shown('ja', {})).toBe('レーティング（こいこい 6局）：1000 → 1123 (+123)（暫定）');
    expect(shown('ja', { forfeited: true })).toContain('途中退出のため負け');
  });
});
