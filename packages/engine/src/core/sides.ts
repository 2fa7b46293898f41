/**
 * Sides: who shares a capture pile and a score. Individual play gives one side per seat;
 * team play (Sakura, docs/rules.md 3.1) one side per team. Outcomes list sides in this order.
 */
export type Sides = readonly (readonly number[])[];

export const individualSides = (players: number): Sides =>
  Array.from({ length: players }, (_, seat) => [seat]);

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

/**
 * Seats in the turn order of `seating` (the table's seats as they sit, counter-clockwise, any
 * rotation: Nara seats its players by the first-dealer draw), starting from `from`.
 */
export function seatingFrom(seating: readonly number[], from: number): number[] {
  const i = seating.indexOf(from);
  return [...seating.slice(i), ...seating.slice(0, i)];
}

/** The seat after `seat` in the turn order of `seating`. */
export const nextInSeating = (seating: readonly number[], seat: number): number =>
  seating[(seating.indexOf(seat) + 1) % seating.length];
