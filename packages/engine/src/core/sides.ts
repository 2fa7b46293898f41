/**
 * Sides: who shares a capture pile and a score. Individual play gives one side per seat;
 * team play (Sakura, docs/rules.md 3.1) one side per team. Outcomes list sides in this order.
 */
export type Sides = readonly (readonly number[])[];

export const individualSides = (players: number): Sides => Array.from({ length: players }, (_, seat) => [seat]);

export function sideOf(sides: Sides, seat: number): number {
  return sides.findIndex((members) => members.includes(seat));
}

/** Seats in turn order starting from `from` (docs/rules.md: "earliest in turn order" counts from the dealer). */
export function turnOrder(players: number, from: number): number[] {
  return Array.from({ length: players }, (_, i) => (from + i) % players);
}

/** The first of `candidates` in turn order counted from `from`. */
export function earliest(candidates: readonly number[], players: number, from: number): number {
  return turnOrder(players, from).find((seat) => candidates.includes(seat)) as number;
}
