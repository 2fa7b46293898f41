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
