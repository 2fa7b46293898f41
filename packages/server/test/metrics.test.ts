/**
 * Prometheus metrics scraped from a real server child (`--metrics-port`) while the load suite
 * plays games against it: rooms, sockets, actions, their latency and the process's own
 * figures move with the load, and the public port does not serve them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ServerChild, removeFolder, startServer, temporaryFolder } from '../../load/src/child.js';
import { metricSamples as samples } from '../../load/src/metric-samples.js';
import { playPhase } from '../../load/src/phase.js';

const GAMES = 12;

describe('metrics during a load run', { timeout: 120_000 }, () => {
  let dir: string;
  let child: ServerChild | undefined;
  afterEach(async () => {
    await child?.stop();
    removeFolder(dir);
  });

  it('shows rooms, sockets, actions and latency moving, on a port of their own', async () => {
    dir = temporaryFolder();
    child = await startServer(dir, undefined, undefined, ['--metrics-port', '0']);
    const metricsUrl = child.metricsUrl!;
    expect(metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const scrape = async () => {
      const res = await fetch(metricsUrl);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return samples(await res.text());
    };
    const before = await scrape();
    expect(before.get('hanafuda_actions_total')).toBe(0);
    expect(before.get('hanafuda_sockets')).toBe(0);
    expect(before.get('hanafuda_action_seconds_count')).toBe(0);
    expect(before.get('hanafuda_search_queue')).toBe(0);
    expect(before.get('hanafuda_store_retries_total')).toBe(0);
    expect(before.get('hanafuda_rooms_evicted_total')).toBe(0);
    expect(before.get('process_cpu_seconds_total')).toBeGreaterThan(0);
    // The public port has no metrics.
    expect((await fetch(child.wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '/metrics'))).status).not.toBe(
      200,
    );

    const run = playPhase(child.wsUrl, GAMES, { rounds: 1, timeoutMs: 60_000, thinkMs: 0 }, 2);
    let during = before;
    await vi.waitFor(
      async () => {
        during = await scrape();
        expect(during.get('hanafuda_sockets')).toBeGreaterThan(0);
        expect(during.get('hanafuda_rooms{state="playing"}')).toBeGreaterThan(0);
        expect(during.get('hanafuda_actions_total')).toBeGreaterThan(0);
      },
      { timeout: 60_000, interval: 100 },
    );
    const result = await run;
    expect(result.failed).toBe(0);

    const after = await scrape();
    const accepted = result.latencies.length;
    expect(accepted).toBeGreaterThan(GAMES * 8);
    // Every accepted action was stored and counted; a person's act that was refused (stale) is timed but not stored.
    expect(after.get('hanafuda_actions_total')).toBeGreaterThanOrEqual(accepted);
    expect(after.get('hanafuda_action_seconds_count')).toBeGreaterThanOrEqual(accepted);
    expect(after.get('hanafuda_action_seconds_sum')).toBeGreaterThan(0);
    expect(after.get('hanafuda_action_seconds_bucket{le="+Inf"}')).toBe(
      after.get('hanafuda_action_seconds_count'),
    );
    expect(after.get('hanafuda_rooms{state="over"}')).toBe(GAMES);
    expect(after.get('hanafuda_rooms{state="playing"}')).toBe(0);
    expect(after.get('process_cpu_seconds_total')).toBeGreaterThan(before.get('process_cpu_seconds_total')!);
    expect(after.get('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
  });
});
