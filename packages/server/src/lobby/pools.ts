/**
 * The lobby's public pools (CONTRACT.md, docs/protocol.md): each a fixed room setup, every seat
 * open, a 60 s turn clock and a private room (strangers reach it only through the pairing).
 */
import { DEFAULT_TURN_SECONDS, type PoolId, type RoomSetup } from '@hanafuda/protocol';

/** A room setup with its turn clock set: what a pool or a custom seek makes. */
export type SeekSetup = RoomSetup & { readonly turnSeconds: number };

const open = (players: number) => Array.from({ length: players }, () => ({ kind: 'open' as const }));
const pool = (game: string, players: number, more: Pick<RoomSetup, 'teams' | 'options'> = {}): SeekSetup => ({
  game,
  players,
  ...more,
  seats: open(players),
  turnSeconds: DEFAULT_TURN_SECONDS,
  public: false,
});

export const POOLS: Readonly<Record<PoolId, SeekSetup>> = {
  'koikoi-6': pool('koikoi', 2, { options: { rounds: 6 } }),
  'koikoi-12': pool('koikoi', 2, { options: { rounds: 12 } }),
  'sakura-2': pool('sakura', 2),
  'sakura-3': pool('sakura', 3),
  // Partners sit across the table, as the pairing seats people in its order: 1st and 3rd against 2nd and 4th.
  'sakura-2x2': pool('sakura', 4, {
    teams: [
      [0, 2],
      [1, 3],
    ],
  }),
  'nara-4': pool('nara', 4),
  oibana: pool('oibana', 3),
};

/** A custom seek's setup as its room will have it: private, whatever the seeker sent (strangers come through the lobby). */
export const customSetup = (setup: SeekSetup): SeekSetup => ({ ...setup, public: false });
