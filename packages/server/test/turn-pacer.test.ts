/** Tasks started a slice per turn of the event loop, in order; a task's promise settles as it does; stop drops the rest. */
import { describe, expect, it } from 'vitest';
import { TurnPacer } from '../src/socket/turn-pacer.js';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('TurnPacer', () => {
  it('starts at most its slice of tasks a turn, in the order they came, with other work between the slices', async () => {
    const pacer = new TurnPacer(3);
    const order: string[] = [];
    for (let i = 0; i < 8; i++) pacer.start(() => order.push(`task ${i}`));
    expect(order).toEqual([]);
    // Another socket's message, read while the tasks wait.
    setImmediate(() => order.push('other'));
    for (let k = 0; k < 4; k++) await turn();
    expect(order.filter((o) => o.startsWith('task'))).toEqual(
      Array.from({ length: 8 }, (_, i) => `task ${i}`),
    );
    expect(order.indexOf('other')).toBeGreaterThan(0);
    expect(order.indexOf('other')).toBeLessThan(order.length - 1);
  });

  it("settles each run as its task's promise does", async () => {
    const pacer = new TurnPacer(1);
    await expect(pacer.run(async () => 42)).resolves.toBe(42);
    await expect(pacer.run(async () => Promise.reject(new Error('storage down')))).rejects.toThrow(
      'storage down',
    );
  });

  it('drops the tasks still waiting when stopped', async () => {
    const pacer = new TurnPacer(1);
    const started: number[] = [];
    for (let i = 0; i < 3; i++) pacer.start(() => started.push(i));
    await turn();
    pacer.stop();
    for (let k = 0; k < 3; k++) await turn();
    expect(started).toEqual([0]);
  });
});
