/**
 * Prometheus metrics (prom-client): rooms by state, sockets, actions and their latency, store
 * retries and failures, the search pool's queue, evictions, and Node's process metrics.
 *
 * They are served on a port of their own (`--metrics-port`, on 127.0.0.1 unless told
 * otherwise), never on the public one: behind a reverse proxy on the same machine every
 * request reaches the public port from loopback, so an address allow-list there would let the
 * whole internet read them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Store } from '../store/store.js';

/** What the gauges read at each scrape. */
export interface MetricSources {
  readonly roomStates: () => Iterable<string>;
  readonly sockets: () => number;
  readonly searchQueue: () => number;
  /** People's acts this process's sockets received in a cluster, played here or relayed to the room's owner. */
  readonly acts: () => { readonly local: number; readonly relayed: number };
  /** Of a cluster on PostgreSQL: how many live rooms no live process owns (every process reports the same count). */
  readonly roomsWithoutOwner?: () => Promise<number>;
}

export class ServerMetrics {
  readonly registry = new Registry();
  readonly actions = new Counter({
    name: 'hanafuda_actions_total',
    help: 'Actions stored (people and bots)',
    registers: [this.registry],
  });
  readonly actionSeconds = new Histogram({
    name: 'hanafuda_action_seconds',
    help: "A person's act, from its arrival to the end of its handling (stored, and sent to every seat)",
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly storeRetries = new Counter({
    name: 'hanafuda_store_retries_total',
    help: 'Store writes tried again after a failure',
    registers: [this.registry],
  });
  readonly storeFailures = new Counter({
    name: 'hanafuda_store_failures_total',
    help: 'Store writes that failed after every attempt',
    registers: [this.registry],
  });
  readonly evictions = new Counter({
    name: 'hanafuda_rooms_evicted_total',
    help: 'Rooms abandoned because nobody was in them',
    registers: [this.registry],
  });

  /** Adds the gauges and Node's process metrics (CPU, memory, event-loop delay, GC…). */
  watch(sources: MetricSources): void {
    new Gauge({
      name: 'hanafuda_rooms',
      help: 'Rooms held by this process, by state',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const counts = new Map<string, number>([
          ['open', 0],
          ['playing', 0],
          ['over', 0],
        ]);
        for (const state of sources.roomStates()) counts.set(state, (counts.get(state) ?? 0) + 1);
        for (const [state, n] of counts) this.set({ state }, n);
      },
    });
    new Gauge({
      name: 'hanafuda_sockets',
      help: 'WebSockets open',
      registers: [this.registry],
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'hanafuda_search_queue',
      help: 'Bot and hint searches waiting for a search thread',
      registers: [this.registry],
      collect() {
        this.set(sources.searchQueue());
      },
    });
    new Counter({
      name: 'hanafuda_acts_total',
      help: "People's acts received by this process's sockets in a cluster: played here (local) or relayed to the room's owner (relayed)",
      labelNames: ['path'],
      registers: [this.registry],
      collect() {
        const acts = sources.acts();
        this.reset();
        this.inc({ path: 'local' }, acts.local);
        this.inc({ path: 'relayed' }, acts.relayed);
      },
    });
    const ownerless = sources.roomsWithoutOwner;
    if (ownerless)
      new Gauge({
        name: 'hanafuda_rooms_without_owner',
        help: 'Live rooms of the cluster that no live process owns (their owner died or stopped): taken over within seconds, so lasting ones need a look',
        registers: [this.registry],
        async collect() {
          this.set(await ownerless());
        },
      });
    collectDefaultMetrics({ register: this.registry });
  }

  /** The store, counting each action it stores. */
  countingActions(store: Store): Store {
    return {
      ...store,
      appendAction: async (gameId, seq, action, fence) => {
        await store.appendAction(gameId, seq, action, fence);
        this.actions.inc();
      },
    };
  }

  /** Serves GET /metrics on `host`:`port` (0: a free one); anything else is a 404. */
  async serve(host: string, port: number): Promise<{ url: string; close(): Promise<void> }> {
    const server = createServer((req, res) => {
      if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://any').pathname !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('only /metrics here\n');
        return;
      }
      this.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        (e: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${e.message}\n`),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port }, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      url: `http://${shown}:${address.port}/metrics`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
}
