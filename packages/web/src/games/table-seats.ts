/**
 * Where the other seats sit around the table, seen from the viewer's place at the bottom.
 * Play goes counter-clockwise, as at a Japanese table: the next seat is on the viewer's right,
 * then across the top from right to left, then down the left side; in 4-player teams the
 * partner (two seats on) sits opposite.
 */
export interface TableSeats {
  /** The other seats in turn order from the viewer (or from seat 0 for a spectator). */
  readonly order: readonly number[];
  /** Right side, top to bottom. */
  readonly right: readonly number[];
  /** Across the top, left to right. */
  readonly top: readonly number[];
  /** Left side, top to bottom. */
  readonly left: readonly number[];
}

export function tableSeats(players: number, viewer: number | null): TableSeats {
  const order =
    viewer === null
      ? Array.from({ length: players }, (_, i) => i)
      : Array.from({ length: players - 1 }, (_, i) => (viewer + 1 + i) % players);
  const k = order.length;
  const perSide = k >= 6 ? 2 : k >= 2 ? 1 : 0;
  const topCount = k - 2 * perSide;
  return {
    order,
    right: order.slice(0, perSide).reverse(),
    top: order.slice(perSide, perSide + topCount).reverse(),
    left: order.slice(perSide + topCount),
  };
}
