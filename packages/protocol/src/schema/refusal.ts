/**
 * How the protocol words a refusal. A schema may carry, under the `Refuse` symbol, the error
 * a client is sent when its value fails there: a symbol, so it stays out of the JSON Schema
 * (where a function has no meaning) while the schema remains the one place it is declared.
 */
import type { TSchema } from '@sinclair/typebox';
import type { RuleError } from '@hanafuda/engine';

export const Refuse = Symbol('refuse');

/** Where a value failed: the value itself, and the index of the innermost list item on its path (seat i of a setup). */
export interface Failure {
  readonly value: unknown;
  readonly index: number;
}

export type Refusal = (failure: Failure) => RuleError;

/** Schema options that word the refusal: a fixed error, or one built from the failure. */
export const refuse = (
  code: string,
  message: string | ((failure: Failure) => string),
): { [Refuse]: Refusal } => ({
  [Refuse]: (failure) => ({ code, message: typeof message === 'string' ? message : message(failure) }),
});

/**
 * The refusal of a field a message must have: `"join" needs "room"` when it is absent, and
 * when it is there but malformed, what it must be (`"room" must be …`), never that it is missing.
 */
export const needs = (code: string, type: string, field: string, form: string): { [Refuse]: Refusal } =>
  refuse(code, ({ value }) =>
    value === undefined ? `"${type}" needs "${field}"` : `"${field}" must be ${form}`,
  );

/** A schema whose TypeScript type is given rather than inferred (the engine's option tables, built at run time). */
export type Typed<T> = TSchema & { static: T };

/** The wire's values as received: read-only all the way down, as every message is data to read, not to change. */
export type Wire<T> = T extends (infer U)[]
  ? readonly Wire<U>[]
  : T extends readonly (infer U)[]
    ? readonly Wire<U>[]
    : T extends object
      ? { readonly [K in keyof T]: Wire<T[K]> }
      : T;
