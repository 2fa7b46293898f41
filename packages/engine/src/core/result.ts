/** A rule or input error: a value, never an exception (chessops' model). */
export interface RuleError {
  readonly code: string;
  readonly message: string;
}

export type Result<T, E = RuleError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

export const err = (code: string, message: string): Result<never> => ({
  ok: false,
  error: { code, message },
});
