/**
 * Tests only: `HANAFUDA_TEST_CRASH_AT=NAME` kills this process with SIGKILL when it reaches
 * the point of that name, so a test can stop a real server at an exact instant (between two
 * steps of a change) instead of racing a kill against it. Never set on a real server.
 */
const at = process.env.HANAFUDA_TEST_CRASH_AT;

/** The points a test may name: `start-stored`, once a game's start (with the last join that filled its room) is stored, before the game is dealt. */
export type CrashPoint = 'start-stored';

export function crashPoint(name: CrashPoint): void {
  if (at === name) process.kill(process.pid, 'SIGKILL');
}
