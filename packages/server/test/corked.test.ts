/** The sends of one tick to one socket leave in one write: the socket is corked once per tick and uncorked after it. */
import { once } from 'node:events';
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { corkedAtMostEvery, tickCorked } from '../src/socket/corked.js';

describe('tickCorked', () => {
  it('corks at the first write of a tick, uncorks after it, and corks again in the next tick', async () => {
    const calls: string[] = [];
    const socket = {
      cork: () => calls.push('cork'),
      uncork: () => calls.push('uncork'),
    } as unknown as Socket;
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
    const { client, peer, server, writes, received } = await connected();
    const cork = tickCorked(client);
    for (const word of ['joined ', 'welcome ', 'update ', 'room']) {
      cork();
      client.write(word);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toHaveLength(1);
    await expect.poll(() => received()).toBe('joined welcome update room');
    client.destroy();
    peer.destroy();
    server.close();
  });
});

describe('corkedAtMostEvery', () => {
  it('writes the first send at once, then what follows within the interval in one system call at its end, in order', async () => {
    const { client, peer, server, writes, received } = await connected();
    const cork = corkedAtMostEvery(client, 200);
    cork();
    client.write('welcome ');
    await expect.poll(() => received()).toBe('welcome ');
    expect(writes).toHaveLength(1);
    // Three updates in three turns of the event loop, within the interval: held, then sent together.
    for (const word of ['update1 ', 'update2 ', 'update3']) {
      cork();
      client.write(word);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(received()).toBe('welcome ');
    await expect.poll(() => received(), { timeout: 2000 }).toBe('welcome update1 update2 update3');
    expect(writes).toHaveLength(2);
    expect(writes[1] - writes[0]).toBeGreaterThanOrEqual(190);
    client.destroy();
    peer.destroy();
    server.close();
  });

  it('lets a socket ending meanwhile flush what it holds', async () => {
    const { client, peer, server, received } = await connected();
    const cork = corkedAtMostEvery(client, 60_000);
    cork();
    client.write('first ');
    await expect.poll(() => received()).toBe('first ');
    cork();
    client.write('last');
    client.end();
    await once(peer, 'end');
    expect(received()).toBe('first last');
    peer.destroy();
    server.close();
  });
});

/** A loopback TCP pair; the client's system calls (each chunk handed to the operating system) are noted with their time. */
async function connected() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const accepted = once(server, 'connection');
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await once(client, 'connect');
  const [peer] = (await accepted) as [Socket];
  const writes: number[] = [];
  // Every chunk handed to the operating system goes through one of these two.
  const handle = (
    client as unknown as {
      _handle: { writev: (...a: unknown[]) => unknown; writeUtf8String: (...a: unknown[]) => unknown };
    }
  )._handle;
  for (const name of ['writev', 'writeUtf8String'] as const) {
    const original = handle[name].bind(handle);
    handle[name] = (...a: unknown[]) => (writes.push(performance.now()), original(...a));
  }
  let text = '';
  peer.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { client, peer, server, writes, received: () => text };
}
