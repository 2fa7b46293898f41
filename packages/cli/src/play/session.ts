/**
 * One person at a table of bots: prints the bots' moves as they happen, draws the table at
 * each of the person's decisions, reads one line per answer and sends the chosen action.
 */
import type { HintReason } from '@hanafuda/bots';
import { type Action, type GameEvent, describeAction, type GameView, sameAction } from '@hanafuda/engine';
import { PROTOCOL_VERSION, type TableMessage, botRating } from '@hanafuda/protocol';
import type { Connection, Table } from '@hanafuda/table';
import { CLEAR_SCREEN, type Paint, stripAnsi } from './ansi.js';
import { boardOf } from './board.js';
import { paintCard, paintIds } from './cards.js';
import { reasonLine } from './hint-reason.js';
import { eventLines } from './events.js';
import { type Choice, type Menu, buildMenu, parseInput, pick } from './menu.js';
import { WIDTH, columns, renderBoard, renderCaptures, setWidth, wrapText } from './render.js';
import { type Seats, nameSeats } from './seats.js';
import { rulesPage } from './rules.js';
import { gameEnd, roundBreakdown } from './summary.js';

export interface Terminal {
  readonly paint: Paint;
  /** A person at a terminal: the screen is redrawn at each decision and long pages wait for Enter. */
  readonly interactive: boolean;
  readonly rows: number;
  /** Its width now (a terminal may be resized mid-game); lines are laid out to it, up to 80. */
  readonly columns: number;
  write(text: string): void;
  /** The next line typed, or null when the input has ended. */
  readLine(prompt: string): Promise<string | null>;
}

/** A lesson's voice at the table (`hanafuda learn`): what to do and why, and a kind word for a wrong move, which is not played. */
export interface Coach {
  /** The first line of the log. */
  readonly introduction: string;
  /** What to do now and why, after `seq` actions (null: nothing to say). */
  say(seq: number): string | null;
  /** Null if the move is the lesson's, else what to look for instead. */
  correct(seq: number, action: Action): string | null;
  /** Said once the round is over. */
  readonly end: string;
}

export class PlaySession {
  private view!: GameView;
  private seq = 0;
  private readonly log: string[] = [];
  /** Log lines already on screen at the person's previous decision (drawn dim). */
  private seen = 0;
  private notices: string[] = [];
  private hint: Action | null = null;
  private hintReason: HintReason | null = null;
  private unshownRound = false;
  private over = false;
  private readonly connection: Connection;
  readonly seats: Seats;

  constructor(
    private readonly table: Table,
    private readonly seat: number,
    private readonly term: Terminal,
    names: (seat: number) => string,
    private readonly coach?: Coach,
  ) {
    this.seats = { you: seat, name: names };
    // Who sits where comes first; the table's opening events follow as they arrive (connect sends them).
    this.log.push(this.paint.style('1;94', this.introduction()));
    if (!term.interactive) this.out(this.log);
    this.connection = table.connect(seat, (m) => this.onMessage(m));
  }

  /** Who sits where, in one line, for the top of the log. */
  private introduction(): string {
    if (this.coach) return this.coach.introduction;
    const { config } = this.table;
    const level = config.seats.find((s) => s.kind === 'bot')?.level ?? 'normal';
    const partners =
      (config.teams ?? []).find((t) => t.includes(this.seat))?.filter((s) => s !== this.seat) ?? [];
    const team = partners.length ? `, partnered with ${partners.map(this.seats.name).join(' and ')}` : '';
    // The level's rating on the people's ladder, where the table is a rated format's.
    const rating = botRating(config, level);
    const rated = rating === undefined ? '' : ` (rated ≈ ${rating})`;
    return `You sit in seat ${this.seat}${team}; the bots play at level ${level}${rated}. ? shows the rules.`;
  }

  private get paint(): Paint {
    return this.term.paint;
  }

  private out(lines: readonly string[]): void {
    if (lines.length) this.term.write(`${lines.join('\n')}\n`);
  }

  private onMessage(m: TableMessage): void {
    switch (m.type) {
      case 'update':
        this.view = m.view as GameView;
        this.seq = m.seq;
        for (const line of eventLines(this.paint, m.events, this.seats, this.view.game)) {
          this.log.push(line);
          this.out([line]);
        }
        for (const e of m.events) this.onEvent(e);
        break;
      case 'hint':
        this.hint = m.action;
        this.hintReason = m.reason ?? null;
        break;
      case 'error':
        this.notices.push(this.paint.style('91', `refused: ${nameSeats(m.message, this.seats)}`));
        break;
      case 'record':
        this.over = true;
        break;
      case 'welcome':
        break;
    }
  }

  private onEvent(e: GameEvent): void {
    if (e.type === 'round-end') {
      this.unshownRound = true;
      if (!this.term.interactive) this.out(roundBreakdown(this.paint, this.view, this.seats));
    }
  }

  /** Plays until the game ends or the person quits; the exit code. */
  async run(): Promise<number> {
    // A lesson's introduction is longer than the log shows at a terminal: it gets its own screen first.
    if (this.coach && this.term.interactive) {
      this.term.write(CLEAR_SCREEN);
      this.out(wrapText('', this.coach.introduction));
      if ((await this.term.readLine(this.paint.style('2', '\nPress Enter to start '))) === null)
        return this.inputEnded();
    }
    for (;;) {
      await this.table.idle();
      setWidth(this.term.columns);
      if (this.unshownRound && this.term.interactive && !this.table.over) {
        this.unshownRound = false;
        this.term.write(CLEAR_SCREEN);
        this.out(roundBreakdown(this.paint, this.view, this.seats));
        if (
          (await this.term.readLine(this.paint.style('2', '\nPress Enter for the next round (q quits) ')))
            ?.trim()
            .toLowerCase() === 'q' &&
          (await this.confirmQuit())
        )
          return 0;
        continue;
      }
      if (this.table.over || this.over) return this.finish();
      if (!this.view.actions.length) {
        this.out([this.paint.style('91', 'internal: the table waits for nobody')]);
        return 70;
      }
      const done = await this.decide();
      if (done !== null) return done;
    }
  }

  private finish(): number {
    setWidth(this.term.columns);
    if (this.term.interactive) this.term.write(CLEAR_SCREEN);
    const lines =
      this.term.interactive || !this.unshownRound ? roundBreakdown(this.paint, this.view, this.seats) : [];
    const closing = this.coach
      ? ['', ...wrapText('', `${this.paint.style('1;95', 'Lesson:')} ${this.coach.end}`)]
      : [];
    this.out([
      ...(this.term.interactive ? lines : []),
      '',
      ...gameEnd(this.paint, this.view, this.seats),
      ...closing,
    ]);
    return 0;
  }

  menu(): Menu {
    const board = boardOf(this.view);
    return buildMenu(this.paint, this.view.actions, board.field, board.pending);
  }

  /** Lines of the numbered choices: two columns when they fit. */
  private menuLines(menu: Menu): string[] {
    const items = menu.choices.map(
      (c, i) => `${this.paint.style('1;96', String(i + 1).padStart(2))} ${c.label}`,
    );
    return [this.paint.style('1', menu.question), ...columns(items)];
  }

  private frame(menu: Menu): void {
    setWidth(this.term.columns);
    const board = boardOf(this.view);
    const said = this.coach?.say(this.seq);
    const coachLines = said ? wrapText('', `${this.paint.style('1;95', 'Lesson:')} ${said}`) : [];
    const menuLines = [
      ...coachLines,
      ...this.notices.flatMap((n) => wrapText('', n)),
      ...this.menuLines(menu),
    ];
    this.notices = [];
    if (!this.term.interactive) {
      this.out(['', ...renderBoard(this.paint, board, this.seats), ...menuLines]);
      return;
    }
    // The screen holds rows - 1 lines above the prompt; every line here is at most WIDTH
    // columns, so counting lines counts rows and the title line never scrolls away.
    const room = this.term.rows - 1;
    let boardLines = renderBoard(this.paint, board, this.seats, room);
    if (boardLines.length + menuLines.length > room)
      boardLines = renderBoard(this.paint, board, this.seats, room - 1);
    const logRoom = Math.max(0, room - boardLines.length - menuLines.length - 1);
    // The newest log entries that fit, each wrapped whole (an entry is never cut).
    const logLines: string[] = [];
    for (let i = this.log.length - 1; i >= 0; i--) {
      const entry = this.log[i];
      const wrapped = wrapText('', i < this.seen ? this.paint.style('2', stripAnsi(entry)) : entry);
      if (logLines.length + wrapped.length > logRoom) break;
      logLines.unshift(...wrapped);
    }
    this.seen = this.log.length;
    this.term.write(CLEAR_SCREEN);
    const rule = logRoom > 0 ? [this.paint.style('2', '─'.repeat(WIDTH))] : [];
    this.out([...boardLines, ...rule, ...logLines, ...menuLines].slice(0, room));
  }

  /** One decision: draw, read, act. Null to go on, or an exit code. */
  private async decide(): Promise<number | null> {
    const menu = this.menu();
    this.frame(menu);
    for (;;) {
      const line = await this.term.readLine('> ');
      if (line === null) return this.inputEnded();
      const parsed = parseInput(line, menu, this.seat);
      const result = await this.handle(parsed, menu);
      if (result === 'again') continue;
      return result === 'next' ? null : result;
    }
  }

  private async handle(
    parsed: ReturnType<typeof parseInput>,
    menu: Menu,
  ): Promise<'again' | 'next' | number> {
    switch (parsed.kind) {
      case 'error':
        return this.complain(parsed.message, menu);
      case 'action': {
        const wrong = this.coach?.correct(this.seq, parsed.action);
        if (wrong) return this.complain(`${this.paint.style('1;95', 'Not quite:')} ${wrong}`, menu);
        await this.act(parsed.action);
        return 'next';
      }
      case 'ask':
        return this.followUp(parsed.choice, menu);
      case 'command':
        switch (parsed.command) {
          case 'quit':
            return (await this.confirmQuit()) ? 0 : this.redraw(menu);
          case 'hint':
            return this.showHint(menu);
          case 'rules':
            await this.page(
              rulesPage(
                this.paint,
                this.table.game,
                (this.view as { options: Record<string, unknown> }).options,
              ),
            );
            return this.redraw(menu);
          case 'captures':
            await this.page(renderCaptures(this.paint, boardOf(this.view), this.seats));
            return this.redraw(menu);
          case 'redraw':
            return this.redraw(menu);
        }
    }
  }

  private redraw(menu: Menu): 'again' {
    if (this.term.interactive) this.frame(menu);
    else this.out(this.menuLines(menu));
    return 'again';
  }

  private complain(message: string, menu: Menu): 'again' {
    const line = this.paint.style('91', message);
    if (this.term.interactive) {
      this.notices.push(line);
      this.frame(menu);
    } else this.out([line]);
    return 'again';
  }

  private async followUp(choice: Choice, menu: Menu): Promise<'again' | 'next' | number> {
    const then = choice.then ?? [];
    this.out([
      this.paint.style('1', choice.question ?? 'Which?'),
      ...columns(then.map((c, i) => `${this.paint.style('1;96', String(i + 1).padStart(2))} ${c.label}`)),
    ]);
    const line = await this.term.readLine('> ');
    if (line === null) return this.inputEnded();
    const parsed = parseInput(line, { question: choice.question ?? '', choices: then }, this.seat);
    if (parsed.kind === 'command') return this.handle(parsed, menu);
    const answer = parsed.kind === 'error' ? parsed : parsed.kind === 'ask' ? pick([], []) : parsed;
    if (answer.kind === 'error') return this.complain(`${answer.message} (back to your choices)`, menu);
    return this.handle(answer, menu);
  }

  private async act(action: Action): Promise<void> {
    await this.table.receive(
      this.connection,
      JSON.stringify({ v: PROTOCOL_VERSION, type: 'act', seq: this.seq, action }),
    );
  }

  private async showHint(menu: Menu): Promise<'again'> {
    this.hint = null;
    // Awaited: a lesson's table answers from its script's decide hook, after a turn of the event loop.
    await this.table.receive(this.connection, JSON.stringify({ v: PROTOCOL_VERSION, type: 'hint' }));
    const hint = this.hint as Action | null;
    if (!hint) return this.complain('no hint is available now', menu);
    const top = menu.choices.findIndex(
      (c) =>
        (c.action && sameAction(c.action, hint)) ||
        c.then?.some((t) => t.action && sameAction(t.action, hint)),
    );
    const sub =
      top >= 0
        ? (menu.choices[top].then?.findIndex((t) => t.action && sameAction(t.action, hint)) ?? -1)
        : -1;
    // Named as the menu names it (cards by their labels), with the keys that choose it.
    const said =
      top < 0
        ? paintIds(this.paint, nameSeats(describeAction(hint), this.seats))
        : [menu.choices[top].label, ...(sub >= 0 ? [menu.choices[top].then![sub].label] : [])].join(
            ', then ',
          );
    const where = top < 0 ? '' : ` (type ${top + 1}${sub >= 0 ? ` ${sub + 1}` : ''})`;
    const why = this.hintReason
      ? reasonLine(this.hintReason, this.view.game, (id) => paintCard(this.paint, id))
      : '';
    const text = `${this.paint.style('93', 'hint:')} ${said}${this.paint.style('93', where)}${why ? `: ${why}` : ''}`;
    if (this.term.interactive) {
      this.notices.push(text);
      this.frame(menu);
    } else this.out([text]);
    return 'again';
  }

  private async confirmQuit(): Promise<boolean> {
    const answer = await this.term.readLine(this.paint.style('93', 'Quit this game? (y/n) '));
    if (answer !== null && !/^y(es)?$/i.test(answer.trim())) return false;
    this.out(['Game abandoned.']);
    return true;
  }

  /** A long text: at a terminal, a screen at a time. */
  private async page(lines: readonly string[]): Promise<void> {
    if (!this.term.interactive) {
      this.out(lines);
      return;
    }
    const size = this.term.rows - 1;
    for (let at = 0; at < lines.length; at += size) {
      this.term.write(CLEAR_SCREEN);
      this.out(lines.slice(at, at + size));
      const last = at + size >= lines.length;
      const answer = await this.term.readLine(
        this.paint.style('2', last ? 'Press Enter to return to the table ' : 'Enter for more, q to return '),
      );
      if (answer === null || answer.trim().toLowerCase() === 'q') return;
    }
  }

  private inputEnded(): number {
    this.out(['', 'Input ended before the game did: game abandoned.']);
    return 1;
  }
}
