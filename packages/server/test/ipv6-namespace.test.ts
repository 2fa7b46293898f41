/**
 * The per-address limits count an IPv6 /64 as one address, seen from another machine: the
 * server runs in a network namespace of its own, and its clients' sockets come from several
 * addresses of one /64 (and one of another) across a veth pair, routed, as a phone or a home
 * network that draws a fresh address at will reaches a real server. Root only (as CI runs);
 * limits.test.ts covers the same counts on loopback, in-process.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChild } from './support/child.js';
import { TestClient } from './support/client.js';
import { type Namespace, addNamespace, ipv6Unavailable } from './support/ipv6.js';

/** Why no namespace can be made here, or null. */
function namespaceUnavailable(): string | null {
  const noIpv6 = ipv6Unavailable();
  if (noIpv6) return noIpv6;
  try {
    execFileSync('ip', ['netns', 'add', `hf6-probe-${process.pid % 10_000}`], { stdio: 'ignore' });
    execFileSync('ip', ['netns', 'del', `hf6-probe-${process.pid % 10_000}`], { stdio: 'ignore' });
    return null;
  } catch {
    return 'this machine cannot make a network namespace (ip netns add)';
  }
}

const unavailable = namespaceUnavailable();
if (unavailable) console.warn(`server tests: the IPv6 namespace test is skipped: ${unavailable}`);

const SERVER = '2001:db8:44:1::1';
/** Five addresses of one /64 (one phone, one home) and one of another. */
const BLOCK = ['1', '2', '3', '4', '5'].map((n) => `2001:db8:44:64::${n}`);
const OTHER = '2001:db8:44:65::1';
const LOBBY = {
  game: 'sakura',
  players: 2,
  options: { rounds: 1 },
  seats: [{ kind: 'open' }, { kind: 'open' }],
};
/** Rooms one address may create at once (docs/protocol.md, Limits). */
const ROOMS_PER_ADDRESS = 10;

describe.skipIf(unavailable !== null)(
  'IPv6 limits from another network namespace',
  { timeout: 30_000 },
  () => {
    let namespace: Namespace;
    let dataDir: string;
    let stop: () => Promise<void> = async () => undefined;
    const clients: TestClient[] = [];

    beforeAll(() => {
      namespace = addNamespace([...BLOCK, OTHER], SERVER);
      dataDir = mkdtempSync(join(tmpdir(), 'hanafuda-ipv6-'));
    });
    afterAll(async () => {
      for (const c of clients) c.socket.terminate();
      await stop();
      namespace?.remove();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('counts the rooms created from the addresses of one /64 as one address’s, and another /64 apart', async () => {
      const server = await startChild(
        ['--host', SERVER, '--data', dataDir, '--web', dataDir],
        {},
        namespace.name,
      );
      stop = () =>
        new Promise<void>((resolve) => {
          if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
          server.child.once('exit', () => resolve());
          server.child.kill('SIGTERM');
        });
      expect(server.wsUrl).toBe(`ws://[${SERVER}]:${new URL(server.url).port}/ws`);
      const create = async (localAddress: string) => {
        const client = await TestClient.connect(server.wsUrl, { localAddress });
        clients.push(client);
        const answer = await client.request({ type: 'create-room', setup: LOBBY }, ['room-created', 'error']);
        await client.close();
        return answer.type === 'room-created' ? 'created' : answer.code;
      };
      // The /64's allowance, spread over its five addresses two rooms each, then one more from a sixth socket of it.
      const made: unknown[] = [];
      for (let i = 0; i < ROOMS_PER_ADDRESS; i++) made.push(await create(BLOCK[i % BLOCK.length]));
      expect(made).toEqual(Array(ROOMS_PER_ADDRESS).fill('created'));
      expect(await create(BLOCK[0])).toBe('too-many-rooms');
      expect(await create(BLOCK[4])).toBe('too-many-rooms');
      // Another /64 is another address.
      expect(await create(OTHER)).toBe('created');
    });
  },
);
