/** The hanafuda command, through `main` with in-memory files, and once as a real process. */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARDS, RULES_VERSION } from '@hanafuda/engine';
import { BOT_LADDER } from '@hanafuda/protocol';
import { runCli } from './support/run.js';

// A copy of the shared example sakura-yaku-penalty.json.
const example = readFileSync(fileURLToPath(new URL('fixtures/yaku-penalty.json', import.meta.url)), 'utf8');

async function run(args: string[], files: Record<string, string> = {}) {
  const r = await runCli(args, files);
  return { ...r, out: r.out.join('\n') };
}

const withExample = (edit: (s: Record<string, unknown>) => void) => {
  const s = JSON.parse(example) as Record<string, unknown>;
  edit(s);
  return JSON.stringify(s);
};

describe('hanafuda scenario', () => {
  it('passes a good scenario and prints the count', async () => {
    const r = await run(['scenario', 'a.json'], { 'a.json': example });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^ok sakura: each yaku costs every opponent 50/);
    expect(r.out).toMatch(/1 passed, 0 failed$/);
  });

  it('prints the outcome as JSON', async () => {
    const r = await run(['scenario', '--json', 'a.json'], { 'a.json': example });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({
      ended: true,
      scores: [-5, 110],
      nextDealer: 1,
      yaku: [[], ['Ha', 'Ni']],
    });
  });

  it.each([
    ['bad JSON', '{ "game": ', /not valid JSON/],
    [
      'an unknown card',
      withExample((s) => ((s.deal as { field: string[] }).field[0] = 'cherry-dragon')),
      /unknown card "cherry-dragon"/,
    ],
    [
      'a card twice',
      withExample((s) => ((s.deal as { field: string[] }).field[0] = 'pine-chaff-1')),
      /pine-chaff-1 appears 2 times/,
    ],
    ['a missing card', withExample((s) => (s.deal as { pile: string[] }).pile.pop()), /leaves out 1 card/],
    ['an unknown game', withExample((s) => (s.game = 'go-fish')), /"go-fish" is not implemented/],
    ['bad teams', withExample((s) => (s.teams = [[0, 1]])), /not a layout/],
    ['an unknown option', withExample((s) => (s.options = { gajiClame: 'x' })), /unknown option "gajiClame"/],
    [
      'a bad option value',
      withExample((s) => (s.options = { gajiClaim: 'all' })),
      /option "gajiClaim" must be/,
    ],
  ])('reports %s as a one-line failure, and goes on', async (_what, text, message) => {
    const r = await run(['scenario', 'bad.json', 'a.json'], { 'bad.json': text, 'a.json': example });
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^FAIL /);
    expect(lines[0]).toMatch(message);
    expect(lines[1]).toMatch(/^ok /);
    expect(lines[2]).toBe('1 passed, 1 failed');
  });

  it('reports an illegal action with its index', async () => {
    const text = withExample((s) => ((s.actions as { seat: number }[])[1].seat = 0));
    const r = await run(['scenario', 'x.json'], { 'x.json': text });
    expect(r.out).toMatch(/FAIL .*action 1 was rejected: it is seat 1's turn, not seat 0's/);
    const json = await run(['scenario', '--json', 'x.json'], { 'x.json': text });
    expect(JSON.parse(json.out).error).toEqual({ action: 1, message: "it is seat 1's turn, not seat 0's" });
  });

  it('names a missing file', async () => {
    const r = await run(['scenario', 'nope.json']);
    expect(r.out).toMatch(/FAIL nope.json: nope.json: no such file/);
  });

  it('asks for files', async () => {
    expect((await run(['scenario'])).code).toBe(2);
  });
});

describe('hanafuda simulate', () => {
  const args = [
    'simulate',
    '--game',
    'sakura',
    '--players',
    '4',
    '--teams',
    '2x2',
    '--rounds',
    '30',
    '--seed',
    'x',
  ];

  it('prints the same summary for the same seed', async () => {
    const a = await run(args);
    const b = await run(args);
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    expect(a.out).toMatch(/rounds played: 30 in \d+ game/);
    expect(a.out).toMatch(/mean round score per team: 0: -?\d+\.\d\d {2}1: -?\d+\.\d\d/);
    expect(a.out).toMatch(/rounds with: .*hiki /);
    expect((await run([...args.slice(0, -1), 'y'])).out).not.toBe(a.out);
  });

  it.each([
    [['--game', 'sakura', '--players', '9', '--rounds', '1', '--seed', '1'], /2 to 7 players/],
    [
      ['--game', 'sakura', '--players', '3', '--teams', '2x2', '--rounds', '1', '--seed', '1'],
      /no team layout for 3 players/,
    ],
    [['--game', 'sakura', '--rounds', '0', '--seed', '1'], /--rounds must be a whole number/],
    [['--game', 'sakura', '--rounds', '1'], /--seed is required/],
    [
      ['--game', 'sakura', '--rounds', '1', '--seed', '1', '--options', '{'],
      /--options must be a JSON object/,
    ],
    [['--game', 'sakura', '--rounds', '1', '--seed', '1', '--speed', '2'], /unknown option --speed/],
  ])('refuses %j with a clear message', async (rest, message) => {
    const r = await run(['simulate', ...rest]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
  });
});

describe('Koi-Koi rule sets in --options', () => {
  it('plays a preset, with an option beside it overriding it, and records both', async () => {
    const options = '{"preset":"koikoi-japan","rounds":3}';
    const r = await run([
      'simulate',
      '--game',
      'koikoi',
      '--rounds',
      '3',
      '--seed',
      '4',
      '--options',
      options,
      '--record',
      'game.json',
    ]);
    expect(r.code).toBe(0);
    const record = JSON.parse(r.files['game.json']) as { options: Record<string, unknown> };
    expect(record.options).toEqual({ preset: 'koikoi-japan', rounds: 3 });
    const replay = await run(['replay', 'game.json'], r.files);
    expect(replay.code).toBe(0);
    expect(replay.out).toMatch(/game over/);
  });

  it('refuses an unknown preset with the list of rule sets', async () => {
    const r = await run([
      'simulate',
      '--game',
      'koikoi',
      '--rounds',
      '1',
      '--seed',
      '1',
      '--options',
      '{"preset":"hawaii"}',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/option "preset" must be "sources" \| "koikoi-japan" \| "nintendo", not "hawaii"/);
  });
});

describe('hanafuda replay', () => {
  it('replays a recorded game turn by turn', async () => {
    const sim = await run([
      'simulate',
      '--game',
      'sakura',
      '--players',
      '2',
      '--rounds',
      '1',
      '--seed',
      '7',
      '--options',
      '{"rounds":1}',
      '--record',
      'game.json',
    ]);
    expect(sim.code).toBe(0);
    const r = await run(['replay', 'game.json'], sim.files);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/first dealer: seat \d/);
    expect(r.out).toMatch(/> seat \d plays [a-z]+ [a-z]+/);
    expect(r.out).toMatch(/round 1 over: points \d+, \d+/);
    expect(r.out).toMatch(/game over/);
  });

  it('replays a game as the server saves it ({record, fairness}), the same as its bare record', async () => {
    const sim = await run([
      'simulate',
      '--game',
      'koikoi',
      '--rounds',
      '1',
      '--seed',
      '9',
      '--options',
      '{"rounds":1}',
      '--record',
      'game.json',
    ]);
    const record = JSON.parse(sim.files['game.json']) as unknown;
    const saved = JSON.stringify({
      gameId: 'abc',
      record,
      fairness: { gameSeedHash: '00', rounds: [] },
      players: ['a', 'b'],
    });
    const bare = await run(['replay', 'game.json'], sim.files);
    const r = await run(['replay', 'saved.json'], { 'saved.json': saved });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toBe(bare.out);
    expect(r.out).toMatch(/round 1 over/);
  });

  it('replays a scenario', async () => {
    const r = await run(['replay', 'a.json'], { 'a.json': example });
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/scores -5, 110/);
  });

  it('names the cards as the table in the terminal does, never by their ids', async () => {
    // The scenario's plays: pine-chaff-1 from the hand, iris-chaff-1 turned up.
    const scenario = (await run(['replay', 'a.json'], { 'a.json': example })).out.split('\n');
    expect(scenario).toEqual(
      expect.arrayContaining([
        '> seat 0 plays pine chaff',
        '    pine chaff stays on the field',
        '  seat 0 turns up iris chaff',
      ]),
    );
    const ids = new RegExp(
      `(?<![\\w-])(?:${CARDS.filter((c) => c.id !== 'blank')
        .map((c) => c.id)
        .join('|')})(?![\\w-])`,
    );
    for (const [game, players] of [
      ['sakura', '3'],
      ['oibana', '3'],
      ['koikoi', '2'],
      ['nara', '4'],
    ]) {
      const sim = await run([
        'simulate',
        '--game',
        game,
        '--players',
        players,
        '--rounds',
        '2',
        '--seed',
        '11',
        '--record',
        'game.json',
      ]);
      const r = await run(['replay', 'game.json'], sim.files);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(
        /(?:plays|turns up|is dealt|field:) (?:pine|plum|cherry|wister|iris|peony|clover|susuki|chrys|maple|willow|paulow) [a-z]+/,
      );
      expect(r.out.split('\n').filter((line) => ids.test(line))).toEqual([]);
      expect(r.out).not.toMatch(/\bmonth \d+\b(?! \()/);
    }
  });

  it('refuses a record whose actions the rules refuse', async () => {
    const record = {
      format: 'hanafuda-record',
      version: 1,
      rules: RULES_VERSION,
      game: 'sakura',
      players: 2,
      options: {},
      seed: 1,
      actions: [{ seat: 5, play: 'pine-crane' }],
    };
    const r = await run(['replay', 'r.json'], { 'r.json': JSON.stringify(record) });
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/action 0 .* is refused/);
  });

  it('refuses a record of another rules version, saying which (docs/records.md)', async () => {
    const sim = await run([
      'simulate',
      '--game',
      'koikoi',
      '--rounds',
      '1',
      '--seed',
      '4',
      '--record',
      'game.json',
    ]);
    const record = JSON.parse(sim.files['game.json']) as { rules: number };
    expect(record.rules).toBe(RULES_VERSION);
    const r = await run(['replay', 'old.json'], {
      'old.json': JSON.stringify({ ...record, rules: RULES_VERSION + 1 }),
    });
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `played under rules version ${RULES_VERSION + 1}, and this engine plays rules version ${RULES_VERSION}`,
    );
  });
});

describe('usage and one-line errors', () => {
  it.each(['scenario', 'simulate', 'arena', 'replay', 'play', 'verify'])(
    '%s --help and -h print its own usage and exit 0',
    async (command) => {
      for (const flag of ['--help', '-h']) {
        // -h among other arguments too: it is never read as a file or ignored.
        for (const args of [
          [command, flag],
          [command, '--game', 'sakura', flag],
        ]) {
          const r = await run(args);
          expect(r.code).toBe(0);
          expect(r.err).toBe('');
          expect(r.out).toMatch(new RegExp(`^usage:\\n  hanafuda ${command} `));
          expect(r.out).not.toMatch(new RegExp(`hanafuda (?!${command})[a-z]+ `));
        }
      }
    },
  );

  it("help COMMAND prints that command's usage; help alone lists them all", async () => {
    expect((await run(['help', 'arena'])).out).toMatch(/^usage:\n {2}hanafuda arena --game G/);
    const all = (await run(['help'])).out;
    for (const command of ['scenario', 'simulate', 'arena', 'replay', 'play', 'verify'])
      expect(all).toContain(`hanafuda ${command} `);
  });

  it('knows --version and help help; every usage lists all three team layouts', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(await run(['--version'])).toMatchObject({ code: 0, out: `hanafuda ${pkg.version}` });
    const helpHelp = await run(['help', 'help']);
    expect(helpHelp.code).toBe(0);
    expect(helpHelp.out).toContain('hanafuda help [COMMAND]');
    for (const command of ['simulate', 'arena', 'play'])
      expect((await run(['help', command])).out).toContain('[--teams 2x2|3x2|2x3]');
  });

  it('an unknown command is one line and exit 2', async () => {
    const r = await run(['foo']);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).toMatch(
      /unknown command "foo" \(commands: scenario, simulate, arena, replay, review, play, verify/,
    );
  });

  it.each([
    [['scenario', '-x', 'a.json'], /unknown option -x/],
    [['replay', '-x'], /usage: hanafuda replay/],
    [
      ['verify', '-x'],
      /^hanafuda verify: give one saved game file \(GAME.json\), or --round-seed S --hash H/,
    ],
    [['verify', 'a.json', 'b.json'], /^hanafuda verify: give one saved game file/],
    [['verify', '--round-seed', 'abc'], /^hanafuda verify: give one saved game file/],
    [['simulate', '--game', 'sakura', '--rounds', '1', '--seed', '1', '-v'], /unknown option -v/],
    [['simulate', '--game', 'sakura', '--rounds', '1', '--seed', '1', 'extra'], /unexpected "extra"/],
    [['arena', '--game', 'sakura', '--bots', 'greedy,random', '--seed', '1', '-q'], /unknown option -q/],
    [['play', '--game', 'sakura', 'now'], /unexpected "now"/],
  ])('refuses %j in one line, exit 2', async (args, message) => {
    const r = await run(args, { 'a.json': example });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(message);
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.out).toBe('');
  });
});

describe('the installed command', () => {
  const bin = fileURLToPath(new URL('../bin/hanafuda.js', import.meta.url));

  it('play with a pipe for input and output prints the opening once, who sits where first', () => {
    const r = spawnSync(process.execPath, [bin, 'play', '--game', 'koikoi', '--seed', '1'], {
      input: 'q\ny\n',
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    const lines = r.stdout.split('\n');
    // Koi-Koi of 12 rounds (its default) is a rated pool's game: the level's rating there is said.
    const ladder = BOT_LADDER.pools.find((p) => p.pool === 'koikoi-12')!;
    expect(lines[0]).toMatch(
      new RegExp(
        `^You sit in seat 0; the bots play at level normal \\(rated ≈ ${ladder.ratings.normal}\\)\\.`,
      ),
    );
    for (const opening of [/^first dealer: /, /^— round 1, dealer /, /^You are dealt /, /^field: /])
      expect(
        lines.filter((l) => opening.test(l)),
        String(opening),
      ).toHaveLength(1);
    expect(r.stdout).toMatch(/Game abandoned\./);
  });

  it('names each level with its rating where the table is a rated format, when the level asked for is none of them', () => {
    const wrong = spawnSync(process.execPath, [bin, 'play', '--game', 'koikoi', '--level', 'master'], {
      encoding: 'utf8',
    });
    expect(wrong.status).toBe(2);
    const { ratings } = BOT_LADDER.pools.find((p) => p.pool === 'koikoi-12')!;
    expect(wrong.stderr.trim()).toBe(
      `hanafuda play: --level must be one of easy (≈ ${ratings.easy}), normal (≈ ${ratings.normal}), hard (≈ ${ratings.hard}), expert (≈ ${ratings.expert})`,
    );
    const unrated = spawnSync(
      process.execPath,
      [bin, 'play', '--game', 'sakura', '--players', '5', '--level', 'master'],
      { encoding: 'utf8' },
    );
    expect(unrated.stderr.trim()).toBe('hanafuda play: --level must be one of easy, normal, hard, expert');
  });

  it('says it cannot write a record into a missing folder, exit 1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hanafuda-cli-'));
    try {
      const target = join(dir, 'missing', 'x.json');
      const r = spawnSync(
        process.execPath,
        [bin, 'simulate', '--game', 'koikoi', '--rounds', '1', '--seed', '1', '--record', target],
        { encoding: 'utf8' },
      );
      expect(r.status).toBe(1);
      expect(r.stderr.trim()).toBe(`hanafuda simulate: cannot write ${target}: no such folder`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints usage and exits 0 for help, 2 for an unknown command', () => {
    expect(execFileSync(process.execPath, [bin, 'help'], { encoding: 'utf8' })).toMatch(
      /hanafuda scenario FILE/,
    );
    const bad = spawnSync(process.execPath, [bin, 'dance'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown command "dance"/);
  });
});
