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
export const isUniqueViolation = (e: unknown): boolean => {
  const code = (e as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
};
