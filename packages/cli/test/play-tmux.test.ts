/**
 * `hanafuda play` and `hanafuda learn` as a person uses them: in an 80x24 tmux pane, typing keys and reading the
 * screen (send-keys, capture-pane), from the first deal to the game's end.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const HAS_TMUX = spawnSync('tmux', ['-V']).status === 0;
if (!HAS_TMUX)
  console.warn(
    'play-tmux.test.ts: tmux is not installed, so the terminal play test is skipped (apt-get install tmux to run it)',
  );

/** Each test's own tmux server, so tests never meet a developer's sessions or each other. */
let socket = '';
const tmux = (...args: string[]) => spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });

/** Runs `hanafuda ARGS` (a command and its options) in its own pane. */
function start(name: string, args: string, columns = 80): void {
  socket = `hanafuda-test-${process.pid}-${name}`;
  const command = `cd '${ROOT}' && node packages/cli/bin/hanafuda.js ${args}; echo "EXITED $?"; sleep 600`;
  const r = tmux('new-session', '-d', '-x', String(columns), '-y', '24', '-s', name, command);
  expect(r.status, r.stderr).toBe(0);
}

const screen = (name: string): string => tmux('capture-pane', '-p', '-t', name).stdout;

/** Waits until the screen matches and has stopped changing (the same on two looks in a row). */
function waitFor(name: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  let last = '';
  return vi.waitFor(
    () => {
      const now = screen(name);
      const settled = now === last;
      last = now;
      if (!pattern.test(now) || !settled) throw new Error(`the screen never showed ${pattern}:\n${now}`);
      return now;
    },
    { timeout: timeoutMs, interval: 120 },
  );
}

/** Types a line and waits for the screen to answer (to change and settle on a prompt). */
async function type(
  name: string,
  text: string,
  expected = /> *$|Press Enter|Enter for more|EXITED|\(y\/n\)/m,
): Promise<string> {
  const before = screen(name);
  tmux('send-keys', '-t', name, '-l', text);
  tmux('send-keys', '-t', name, 'Enter');
  // The screen answers every line typed here (a menu, a page, a message).
  await vi.waitFor(() => expect(screen(name)).not.toBe(before), { timeout: 20_000, interval: 60 });
  return waitFor(name, expected);
}

/**
 * At a decision the table is whole on screen: its title bar on the top row (an 80x24 pane
 * scrolls, so a screen taller than the pane would push it off) and the hand line.
 */
function expectTableVisible(text: string, title: RegExp): void {
  expect(text.split('\n')[0], text).toMatch(title);
  expect(text, text).toMatch(/^hand {3}\S/m);
}

describe.skipIf(!HAS_TMUX)('hanafuda play in an 80x24 tmux pane', () => {
  afterEach(() => {
    tmux('kill-server');
  });

  it('plays a 4-player Sakura team game to its end: typos, rules, hint, card names, the breakdown', async () => {
    start(
      'sakura',
      `play --game sakura --players 4 --teams 2x2 --level easy --seed 7 --options '{"rounds":1}' --delay 0`,
    );
    let now = await waitFor('sakura', /Play a card from your hand:[\s\S]*> *$/m);
    const title = /^ Sakura · round 1 of 1 · dealer Kaze · pile \d+ · your turn/;
    expectTableVisible(now, title);
    const hand = 'hand   iris chaff  peony butterflies  peony chaff  chrys chaff  paulow chaff';
    expect(now).toMatch(/^▶ You\+Tsuki /m);
    expect(now).toMatch(/^ {2}Hana\+Kaze·dealer /m);
    expect(now).toMatch(/^field {2}pine chaff/m);
    expect(now).toMatch(/^hand {3}iris chaff {2}peony butterflies/m);
    expect(now).toMatch(/You sit in seat 0, partnered with Tsuki/);

    expect(now.split('\n')).toContain(hand);

    now = await type('sakura', 'blorp');
    expect(now).toMatch(/"blorp" is not a choice: type a number/);
    expect(now).toMatch(/Play a card from your hand:/);
    // An error of several lines: the title and the whole hand stay on screen.
    now = await type(
      'sakura',
      'a long answer that is no card at all, typed to make the message wrap onto more lines',
    );
    expect(now).toMatch(/is not a choice: type a number/);
    expectTableVisible(now, title);
    expect(now.split('\n')).toContain(hand);
    now = await type('sakura', 'cur');
    expect(now).toMatch(/cherry-curtain is not one of your choices now/);
    now = await type('sakura', '9');
    expect(now).toMatch(/there is no choice 9: choose 1–5/);

    now = await type('sakura', '?');
    expect(now).toMatch(/Sakura \(Hawaiian hanafuda\): the rules at this table/);
    expect(now).toMatch(/Card values/);
    let pages = now;
    while (!/Press Enter to return/.test(now)) pages += now = await type('sakura', '');
    expect(pages).toMatch(/Rounds \(rounds\) = 1/);
    now = await type('sakura', '');
    expect(now).toMatch(/Play a card from your hand:/);

    now = await type('sakura', 'hint');
    // Named as the menu names it, never by card id.
    expect(now).toMatch(/hint: [a-z]+ [a-z]+ → .* \(type \d\)/);
    expect(now).not.toMatch(/hint: .*[a-z]+-[a-z]+/);
    // And why, in a few words: at least the expected points against the next best move.
    expect(now).toMatch(/hint: [^]*expected\s+[+-]\d+\.\d\s+points\s+against\s+[+-]\d+\.\d/);

    now = await type('sakura', 'butter');
    // The butterflies matched nothing: they now lie on the field, out of the hand.
    expect(now).toMatch(/^(field| {7}).*peony butterflies/m);
    expect(now).not.toMatch(/^hand .*butterflies/m);

    for (let turn = 0; turn < 40 && !/EXITED/.test(now); turn++) {
      if (/> *$/m.test(now) && /your turn/.test(now)) expectTableVisible(now, /^ Sakura · round 1 of 1 · /);
      now = await type('sakura', /Press Enter/.test(now) ? '' : '1');
    }
    expect(now).toMatch(/Round 1 is over/);
    expect(now).toMatch(/points {2}yaku {12}score {3}total/);
    expect(now).toMatch(/You \+ Tsuki +\d+/);
    expect(now).toMatch(/Game over/);
    expect(now).toMatch(/You win!|You share the win!|Hana \+ Kaze win\./);
    expect(now).toMatch(/EXITED 0/);
  }, 120_000);

  it('plays Koi-Koi and quits only after a confirm', async () => {
    start('koikoi', `play --game koikoi --level normal --seed 3 --delay 0`);
    let now = await waitFor('koikoi', /Play a card from your hand:[\s\S]*> *$/m);
    expectTableVisible(now, /^ Koi-Koi · round 1 of 12 · /);
    now = await type('koikoi', 'c');
    expect(now).toMatch(/captures/);
    now = await type('koikoi', '');
    now = await type('koikoi', 'q');
    expect(now).toMatch(/Quit this game\? \(y\/n\)/);
    now = await type('koikoi', 'n');
    expect(now).toMatch(/Play a card from your hand:/);
    now = await type('koikoi', 'q');
    now = await type('koikoi', 'y');
    expect(now).toMatch(/Game abandoned\./);
    expect(now).toMatch(/EXITED 0/);
  }, 60_000);
});

describe.skipIf(!HAS_TMUX)('hanafuda play in a pane narrower than 80 columns', () => {
  afterEach(() => {
    tmux('kill-server');
  });

  /** The screen's lines as the program wrote them (-J joins what the pane wrapped): each must fit the pane. */
  const overlong = (name: string, columns: number) =>
    tmux('capture-pane', '-p', '-J', '-t', name)
      .stdout.split('\n')
      .filter((line) => [...line.trimEnd()].length > columns);

  it('lays the table out to 50 columns: nothing wraps, the title stays on the top row, turn after turn', async () => {
    start(
      'narrow',
      `play --game sakura --players 4 --teams 2x2 --level easy --seed 7 --options '{"rounds":1}' --delay 0`,
      50,
    );
    let now = await waitFor('narrow', /Play a card from your hand:[\s\S]*> *$/m);
    for (let turn = 0; turn < 4; turn++) {
      expectTableVisible(now, /^ Sakura · round 1 of 1 · /);
      // Both sides keep their points and totals on their line.
      expect(now).toMatch(/^▶ You\+Tsuki hand \d+\/\d+ \d+ pts +Σ -?\d+$/m);
      expect(now).toMatch(/^ {2}Hana\+Kaze·dealer hand \d+\/\d+ \d+ pts +Σ -?\d+$/m);
      expect(overlong('narrow', 50)).toEqual([]);
      now = await type('narrow', '1');
      if (/Which|takes which/.test(now)) now = await type('narrow', '1');
    }
  }, 60_000);
});

describe.skipIf(!HAS_TMUX)('Ctrl-C in a tmux pane', () => {
  afterEach(() => {
    tmux('kill-server');
  });

  /** The pane's shell line says the command ended with `code`, within a couple of seconds of the key. */
  const exitsWith = (name: string, code: number) =>
    vi.waitFor(() => expect(screen(name)).toMatch(new RegExp(`EXITED ${code}`)), {
      timeout: 3000,
      interval: 50,
    });

  it('ends play at once with 130 while the bots move', async () => {
    start('interrupt', `play --game sakura --players 7 --level easy --seed 11 --delay 400`);
    await waitFor('interrupt', /Play a card from your hand:[\s\S]*> *$/m);
    // Play a card, then interrupt while six bots take their 400 ms turns.
    tmux('send-keys', '-t', 'interrupt', '1', 'Enter');
    await vi.waitFor(() => expect(screen('interrupt')).not.toMatch(/> *$/m), { timeout: 3000, interval: 20 });
    tmux('send-keys', '-t', 'interrupt', 'C-c');
    await exitsWith('interrupt', 130);
    expect(screen('interrupt')).not.toMatch(/Input ended/);
  }, 60_000);

  it('ends learn at once with 130 at its first prompt', async () => {
    start('interrupt-learn', 'learn nara --delay 0');
    await waitFor('interrupt-learn', /Press Enter to start/);
    tmux('send-keys', '-t', 'interrupt-learn', 'C-c');
    await exitsWith('interrupt-learn', 130);
  }, 60_000);
});

describe.skipIf(!HAS_TMUX)('hanafuda learn in an 80x24 tmux pane', () => {
  afterEach(() => {
    tmux('kill-server');
  });

  /** The number the screen shows before a menu line. */
  const choice = (screenText: string, label: RegExp): string => {
    const found = screenText.match(new RegExp(`(\\d+) ${label.source}`));
    expect(found, `${label} on\n${screenText}`).not.toBeNull();
    return found![1];
  };

  it('plays the Koi-Koi lesson by its prompts: the introduction first, a wrong card explained, Koi-Koi then Shobu', async () => {
    start('learn', 'learn koikoi --delay 0');
    let now = await waitFor('learn', /Press Enter to start/);
    expect(now).toMatch(/^Koi-Koi: a guided first game\. Koi-Koi is for two\./);
    now = await type('learn', '');
    expectTableVisible(now, /^ Koi-Koi · round 1 of 1 · dealer You/);
    expect(now).toMatch(/Lesson: Play the cherry curtain, a bright/);
    now = await type('learn', choice(now, /chrys sake/));
    expect(now).toMatch(/Not quite: Look for the cherry blossom \(March\)/);
    // Not played: the sake cup is still in the hand.
    expect(now).toMatch(/\d+ chrys sake → takes chrys chaff/);
    now = await type('learn', choice(now, /cherry curtain/));
    expect(now).toMatch(/Lesson: The draw: after your play, the maple deer was turned up/);
    now = await type('learn', choice(now, /pine chaff/));
    now = await type('learn', choice(now, /take pine crane/));
    expect(now).toMatch(/Lesson: Play the sake cup/);
    now = await type('learn', choice(now, /chrys sake/));
    expect(now).toMatch(/Lesson: A yaku! Now choose/);
    now = await type('learn', choice(now, /Koi-Koi: play on/));
    expect(now).toMatch(/Lesson: Play the full moon/);
    now = await type('learn', choice(now, /susuki moon/));
    expect(now).toMatch(/Lesson: 16 points: now stop with Shobu/);
    now = await type('learn', choice(now, /Shobu: stop/));
    expect(now).toMatch(/Game over/);
    expect(now).toMatch(/Lesson: You won the round with 32 points/);
    expect(now).toMatch(/EXITED 0/);
  }, 60_000);
});
