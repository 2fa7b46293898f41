/** A browser's view of the accounts' HTTP API for the server's tests: one cookie jar, one Origin, JSON in and out. */
import type { RunningServer } from '../../src/index.js';

export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

export class WebClient {
  cookie = '';

  constructor(
    private readonly server: RunningServer,
    /** The page's origin, as a browser sends it (the server's own by default). */
    readonly origin: string = server.url,
  ) {}

  async get(path: string): Promise<Answer> {
    return this.answer(
      await fetch(`${this.server.url}${path}`, { headers: this.cookie ? { cookie: this.cookie } : {} }),
    );
  }

  async send(path: string, body: unknown = {}, method = 'POST'): Promise<Answer> {
    const headers: Record<string, string> = { origin: this.origin, 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    return this.answer(
      await fetch(`${this.server.url}${path}`, { method, headers, body: JSON.stringify(body) }),
    );
  }

  /** The account the cookie is now, or null. */
  async me(): Promise<{ id: string; name: string; guest: boolean } | null> {
    return (await this.get('/api/me')).body.account as never;
  }

  private async answer(res: Response): Promise<Answer> {
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0].endsWith('=') ? '' : set.split(';')[0];
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }
}
