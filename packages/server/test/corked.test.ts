/** The sends of one tick to one socket leave in one write: the socket is corked once per tick and uncorked after it. */
import { once } from 'node:events';
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tickCorked } from '../src/corked.js';

describe('tickCorked', () => {
  it('corks at the first write of a tick, uncorks after it, and corks again in the next tick', async () => {
    const calls: string[] = [];
    const socket = { cork: () => calls.push('cork'), uncork: () => calls.push('uncork') } as unknown as Socket;
    const cork = tickCorked(socket);
    cork();
    cork();
    cork();
    expect(calls).toEqual(['cork']);
    await new Promise((resolve) => process.nextTick(resolve));
    expect(calls).toEqual(['cork', 'uncork']);
    cork();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toEqual(['cork', 'uncork', 'cork', 'uncork']);
  });

  it('sends the writes of one tick in one system call, in order', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const accepted = once(server, 'connection');
    const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    const [peer] = (await accepted) as [Socket];
    const writes: number[] = [];
    // Every chunk handed to the operating system goes through one of these two.
    const handle = (client as unknown as { _handle: { writev: (...a: unknown[]) => unknown; writeUtf8String: (...a: unknown[]) => unknown } })._handle;
    for (const name of ['writev', 'writeUtf8String'] as const) {
      const original = handle[name].bind(handle);
      handle[name] = (...a: unknown[]) => (writes.push(1), original(...a));
    }
    let received = '';
    peer.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const cork = tickCorked(client);
    for (const word of ['joined ', 'welcome ', 'update ', 'room']) {
      cork();
      client.write(word);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    await expect.poll(() => received).toBe('joined welcome update room');
    client.destroy();
    peer.destroy();
    server.close();
  });
});
