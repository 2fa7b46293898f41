/**
 * The server's structured log: one JSON object a line (pino), with a level, a time, and the
 * fields that say where (room, seat, conn, process); errors go under `err` with their stack.
 */
import { type DestinationStream, type Logger, pino } from 'pino';

export type Log = Logger;

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function isLogLevel(level: string): level is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(level);
}

/** A log at `level`, to stdout unless `destination` is given. */
export function openLog(level: LogLevel = 'info', destination?: DestinationStream): Log {
  return pino(
    { level, timestamp: pino.stdTimeFunctions.isoTime, serializers: { err: pino.stdSerializers.err } },
    destination,
  );
}

/** A log that writes nothing (tests, benchmarks). */
export const silentLog: Log = openLog('silent');

/** One line of the log, read back. */
export interface LogRecord {
  readonly level: number;
  readonly msg: string;
  readonly room?: string;
  readonly seat?: number;
  readonly conn?: string;
  readonly err?: { readonly type: string; readonly message: string; readonly stack: string };
  readonly [field: string]: unknown;
}

/** pino's number for each level name. */
export const LEVEL = pino.levels.values;

/** A log kept in memory (tests, the load suite's checks): every record, and a way to wait for one. */
export function recordingLog(level: LogLevel = 'trace'): {
  log: Log;
  records: LogRecord[];
  next(test: (r: LogRecord) => boolean): Promise<LogRecord>;
} {
  const records: LogRecord[] = [];
  const waiting = new Set<{ test: (r: LogRecord) => boolean; resolve: (r: LogRecord) => void }>();
  const log = openLog(level, {
    write(line: string) {
      const record = JSON.parse(line) as LogRecord;
      records.push(record);
      for (const w of waiting) {
        if (!w.test(record)) continue;
        waiting.delete(w);
        w.resolve(record);
      }
    },
  });
  return {
    log,
    records,
    next: (test) => {
      const seen = records.find(test);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.add({ test, resolve }));
    },
  };
}
