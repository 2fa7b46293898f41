/**
 * What a rated room refuses (docs/protocol.md, Fair play), each with its own error code: a
 * hint until the game ends, a seat to a guest or a program, and any bot where a person's seat
 * would be (the host's early start, a bot for an open seat, a rematch without everyone). A
 * player who leaves a rated game is still replaced by a bot, so the others play on; that
 * player loses it for rating (rated-game.ts).
 */
import type { RuleError } from '@hanafuda/engine';
import type { RoomSetup, RoomStatus } from '@hanafuda/protocol';
import type { Identity } from '../accounts/identity.js';
import { checkRated } from './rated-setup.js';

/** A guest (or nobody) asking for a rated game. */
export const guestRefusal: RuleError = {
  code: 'rated-guest',
  message:
    'rated games are for members: choose a name and create a passkey on your account page to play rated (guests play casual games)',
};

/** Why this connection may not take a seat of a rated game (a program, a guest, nobody), or null. */
export function ratedSeatRefusal(setup: RoomSetup, identity: Identity | null, bot = false): RuleError | null {
  if (!setup.rated) return null;
  if (bot)
    return {
      code: 'rated-no-bots',
      message: 'a program cannot take a seat of a rated game: bots play casual games only',
    };
  if (!identity || identity.guest) return guestRefusal;
  return null;
}

/** A hint in a rated game under way: the server's best bot would play for the person. After the end, hints and reviews are everyone's. */
export function hintRefusal(setup: RoomSetup, status: RoomStatus): RuleError | null {
  return setup.rated && status === 'playing'
    ? {
        code: 'rated-no-hints',
        message: 'no hints in a rated game: they come back, with the review, once the game is over',
      }
    : null;
}

/** A bot where a person of a rated game should sit (`what`: what would put it there), or null. */
export function botRefusal(setup: RoomSetup, what: string): RuleError | null {
  return setup.rated
    ? { code: 'rated-no-bots', message: `a rated game is played by people alone: ${what}` }
    : null;
}

/** Why a seek may not be rated (a guest's, one that would take bots after a wait, a custom game no pool plays), or null. */
export function ratedSeekRefusal(
  identity: Identity,
  setup: RoomSetup,
  botsAfter: number | undefined,
): RuleError | null {
  if (!setup.rated) return null;
  if (identity.guest) return guestRefusal;
  if (botsAfter !== undefined)
    return {
      code: 'rated-no-bots',
      message: 'a rated seek waits for people: "botsAfter" is for casual seeks',
    };
  const checked = checkRated(setup);
  return checked.ok ? null : checked.error;
}
