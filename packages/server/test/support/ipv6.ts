/**
 * IPv6 addresses of this machine for a test: added to the loopback interface (root only, as
 * CI runs), so that real sockets come from many addresses of one /64, as a phone or a home
 * network may give a client. Documentation addresses (2001:db8::/32), removed afterwards.
 */
import { execFileSync } from 'node:child_process';

export interface LoopbackAddresses {
  readonly addresses: readonly string[];
  remove(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });

/** Why addresses cannot be added here, or null when they can. */
export function ipv6Unavailable(): string | null {
  if (process.getuid?.() !== 0) return 'adding IPv6 addresses to loopback needs root (CI runs as root)';
  try {
    execFileSync('ip', ['-6', 'addr', 'show', 'dev', 'lo'], { stdio: 'ignore' });
  } catch {
    return 'the ip command (iproute2) or IPv6 on loopback is missing';
  }
  return null;
}

/** Adds `hosts` (e.g. ['2001:db8:43:1::1']) to loopback. */
export function addLoopbackAddresses(hosts: readonly string[]): LoopbackAddresses {
  const added: string[] = [];
  const remove = () => {
    for (const a of added.splice(0)) ip('-6', 'addr', 'del', `${a}/128`, 'dev', 'lo');
  };
  try {
    for (const a of hosts) {
      // nodad: usable at once, not after duplicate address detection.
      ip('-6', 'addr', 'replace', `${a}/128`, 'dev', 'lo', 'nodad');
      added.push(a);
    }
  } catch (e) {
    remove();
    throw e;
  }
  return { addresses: hosts, remove };
}

/**
 * A network namespace of its own joined to this one by a veth pair, for a server run inside it
 * (`ip netns exec NAME …`): its clients' sockets then come from `hosts`, addresses of this side,
 * and cross a real link, routed, as from another machine. `server` is the namespace's address.
 */
export interface Namespace {
  readonly name: string;
  readonly server: string;
  remove(): void;
}

export function addNamespace(hosts: readonly string[], server: string): Namespace {
  // Names of at most 15 characters, one set per test process.
  const name = `hf6-${process.pid % 100_000}`;
  const [outside, inside] = [`${name}-o`, `${name}-i`];
  const remove = () => {
    for (const args of [
      ['netns', 'del', name],
      ['link', 'del', outside],
    ])
      try {
        ip(...args);
      } catch {
        // Already gone (the namespace's end of the pair goes with it).
      }
  };
  try {
    ip('netns', 'add', name);
    ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
    ip('link', 'set', inside, 'netns', name);
    ip('link', 'set', outside, 'up');
    ip('-n', name, 'link', 'set', 'lo', 'up');
    ip('-n', name, 'link', 'set', inside, 'up');
    ip('-n', name, '-6', 'addr', 'add', `${server}/128`, 'dev', inside, 'nodad');
    for (const a of hosts) ip('-6', 'addr', 'add', `${a}/128`, 'dev', outside, 'nodad');
    // Each side reaches the other's addresses over the pair.
    ip('-6', 'route', 'add', `${server}/128`, 'dev', outside);
    for (const a of hosts) ip('-n', name, '-6', 'route', 'add', `${a}/128`, 'dev', inside);
  } catch (e) {
    remove();
    throw e;
  }
  return { name, server, remove };
}
