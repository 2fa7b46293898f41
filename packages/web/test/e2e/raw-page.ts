/**
 * A page in a Chromium of its own, driven through the DevTools protocol alone. Playwright's
 * focus emulation keeps its pages visible and makes `Page.setWebLifecycleState` a no-op (a
 * "frozen" page goes on running script), so a page that must really freeze, as a locked
 * phone's does, is opened here: the same Chromium, a fresh profile, a phone's viewport.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { CHROMIUM, CHROMIUM_ARGS, playChoices } from './browser.js';

export class RawPage {
  private id = 0;
  private readonly pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (e: Error) => void }
  >();

  private constructor(
    private readonly chrome: ChildProcess,
    private readonly socket: WebSocket,
    private readonly profile: string,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      const waiter = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id!);
      if (message.error) waiter.reject(new Error(message.error.message));
      else waiter.resolve(message.result);
    });
  }

  /** A new Chromium with one page of this size (a phone's, touch and all, when `mobile`). */
  static async launch(viewport: { width: number; height: number }, mobile: boolean): Promise<RawPage> {
    const profile = mkdtempSync(join(tmpdir(), 'hanafuda-raw-chromium-'));
    const chrome = spawn(
      CHROMIUM,
      [...CHROMIUM_ARGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const browserUrl = await new Promise<string>((resolve, reject) => {
      let err = '';
      chrome.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const url = /DevTools listening on (ws:\S+)/.exec(err);
        if (url) resolve(url[1]);
      });
      chrome.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err}`)));
    });
    const port = new URL(browserUrl).port;
    const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
      type: string;
      webSocketDebuggerUrl: string;
    }[];
    const socket = new WebSocket(targets.find((t) => t.type === 'page')!.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const page = new RawPage(chrome, socket, profile);
    await page.send('Page.enable');
    await page.send('Emulation.setDeviceMetricsOverride', {
      width: viewport.width,
      height: viewport.height,
      deviceScaleFactor: mobile ? 2 : 1,
      mobile,
    });
    if (mobile) await page.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    return page;
  }

  send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
    const id = ++this.id;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  async goto(url: string): Promise<void> {
    await this.send('Page.navigate', { url });
    await this.waitFor('document.readyState === "complete"');
  }

  /** The value of `expression` in the page (a promise is awaited). */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.send('Runtime.evaluate', {
      expression,
      returnByValue: true,
      awaitPromise: true,
    })) as {
      result: { value: T };
      exceptionDetails?: { text: string };
    };
    if (answer.exceptionDetails) throw new Error(`${expression}: ${answer.exceptionDetails.text}`);
    return answer.result.value;
  }

  /** Waits until `expression` is true in the page. */
  async waitFor(expression: string, timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await this.evaluate<boolean>(`Boolean(${expression})`))) {
      if (Date.now() > until) throw new Error(`never true in ${timeoutMs} ms: ${expression}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Whether an element that `selector` finds is shown. */
  visible(selector: string): Promise<boolean> {
    return this.evaluate(
      `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && el.getClientRects().length > 0; })()`,
    );
  }

  /** Clicks the first shown element `selector` finds; false if none. */
  click(selector: string): Promise<boolean> {
    return this.evaluate(
      `(() => { const el = [...document.querySelectorAll(${JSON.stringify(selector)})].find((e) => e.getClientRects().length > 0); if (!el) return false; el.click(); return true; })()`,
    );
  }

  /** Types into an input as a person would (its input event, which the app listens to). */
  fill(selector: string, value: string): Promise<void> {
    return this.evaluate(
      `(() => { const el = document.querySelector(${JSON.stringify(selector)}); el.value = ${JSON.stringify(value)}; el.dispatchEvent(new Event('input', { bubbles: true })); })()`,
    );
  }

  async screenshot(path: string): Promise<void> {
    const shot = (await this.send('Page.captureScreenshot', { format: 'png' })) as { data: string };
    writeFileSync(path, Buffer.from(shot.data, 'base64'));
  }

  /** What a locked phone does to its page: hidden, then frozen (no script runs; its browser still answers the socket's pings). */
  freeze(): Promise<unknown> {
    return this.send('Page.setWebLifecycleState', { state: 'frozen' });
  }

  async wake(): Promise<void> {
    await this.send('Page.setWebLifecycleState', { state: 'active' });
    await this.send('Page.bringToFront');
  }

  /** One click of a person playing (as `playOnce` of browser.ts), if one is offered. */
  async playOnce(): Promise<boolean> {
    for (const selector of playChoices()) if (await this.click(selector)) return true;
    return false;
  }

  async close(): Promise<void> {
    this.socket.close();
    this.chrome.kill();
    await new Promise((resolve) =>
      this.chrome.exitCode !== null ? resolve(null) : this.chrome.once('exit', resolve),
    );
    // Chromium's helper processes (crash handler, GPU) may outlive it and still write to the profile:
    // a folder they keep is left in the temporary directory, never a failure of the test it served.
    try {
      rmSync(this.profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
    } catch (e) {
      console.warn(`raw Chromium: its profile ${this.profile} is left behind (${(e as Error).message})`);
    }
  }
}
