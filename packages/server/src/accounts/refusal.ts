import { isSqliteUniqueViolation } from '../store/sqlite-db.js';

/** Why an account request was refused: its HTTP status, a code for programs and a sentence for people. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A write refused by a UNIQUE constraint (SQLite's and PostgreSQL's ways of saying so). */
export const isUniqueViolation = (e: unknown): boolean =>
  isSqliteUniqueViolation(e) || (e as { code?: unknown }).code === '23505';
