/** The server as its users run it: `hanafuda-server` in a child process, on a free port. */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/hanafuda-server.js', import.meta.url));

/**
 * Starts the server with these arguments and environment (in network namespace `netns`, if
 * given: support/ipv6.ts); resolves once it listens, with its WebSocket and HTTP addresses.
 */
export function startChild(
  args: string[],
  env: Record<string, string>,
  netns?: string,
): Promise<{ child: ChildProcess; wsUrl: string; url: string; output: () => string }> {
  const command = [process.execPath, BIN, '--port', '0', ...args];
  // `ip netns exec` runs the server in place of itself: the child is the server.
  const [file, ...rest] = netns ? ['ip', 'netns', 'exec', netns, ...command] : command;
  const child = spawn(file, rest, {
    env: { ...process.env, HANAFUDA_BOT_DELAY_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /hanafuda-server: (http:\/\/\S+) \(game server at (ws:\/\/\S+?);/.exec(out);
      if (found) resolve({ child, url: found[1], wsUrl: found[2], output: () => out });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}
