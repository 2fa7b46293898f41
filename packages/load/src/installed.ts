/** Whether a Debian package's command runs here: the load balancer, proxy and Redis that the load suite and the tests drive skip where it does not. */
import { execFileSync } from 'node:child_process';

/** True when `command versionFlag` exits 0 (haproxy -v, nginx -v, redis-server --version). */
export function installed(command: string, versionFlag: string): boolean {
  try {
    execFileSync(command, [versionFlag], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
