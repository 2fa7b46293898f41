/**
 * Checking untrusted values against the schemas, and on failure the first problem worded as
 * the schema's `Refuse` says (else from the schema's own error). TypeBox's interpreted check,
 * not its compiler: the compiler generates code with `new Function`, which the web app's
 * Content-Security-Policy (no 'unsafe-eval') refuses.
 */
import { type Static, type TSchema } from '@sinclair/typebox';
import { ValueErrorType } from '@sinclair/typebox/errors';
import { Value } from '@sinclair/typebox/value';
import { type Result, type RuleError, err, ok } from '@hanafuda/engine';
import { Refuse, type Refusal } from './schema/refusal.js';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A union whose variants each fix `kind` or `type` to a constant: the variant the value names, if any. */
function variantOf(union: TSchema, value: unknown): TSchema | undefined {
  const variants = (union.anyOf ?? []) as TSchema[];
  for (const key of ['type', 'kind']) {
    if (!variants.every((v) => v.properties?.[key]?.const !== undefined)) continue;
    return isObject(value) ? variants.find((v) => v.properties[key].const === value[key]) : undefined;
  }
  return undefined;
}

const lastIndex = (path: string): number => {
  const index = path
    .split('/')
    .filter((p) => /^\d+$/.test(p))
    .pop();
  return index === undefined ? -1 : Number(index);
};

/** The schema of one step into a value: an object's property, a record's values, a list's items. */
function childOf(schema: TSchema, step: string): TSchema | undefined {
  if (schema.properties?.[step]) return schema.properties[step];
  if (schema.patternProperties) return Object.values(schema.patternProperties)[0] as TSchema;
  if (Array.isArray(schema.items)) return schema.items[Number(step)];
  return schema.items;
}

/**
 * Why `value` fails `schema` (which it does), `path` being where the schema sits in the whole
 * message: the refusal of the failing schema, or of the nearest schema around it that has one.
 */
export function explain(
  schema: TSchema,
  value: unknown,
  code: string,
  path = '',
  around?: Refusal,
): RuleError {
  const refusal = (schema as { [Refuse]?: Refusal })[Refuse] ?? around;
  const first = Value.Errors(schema, value).First();
  if (!first) return { code, message: 'the message does not fit the protocol' };
  const step = first.path.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~');
  if (
    first.type === ValueErrorType.ObjectAdditionalProperties &&
    first.path === `/${first.path.split('/')[1]}`
  ) {
    return { code, message: `unexpected "${step}"${path ? ` in ${path}` : ''}` };
  }
  if (first.path === '' && first.type === ValueErrorType.Union) {
    const variant = variantOf(schema, value);
    if (variant) return explain(variant, value, code, path, refusal);
  }
  const child = step === undefined ? undefined : childOf(schema, step);
  if (child)
    return explain(
      child,
      isObject(value) || Array.isArray(value) ? (value as Json)[step!] : undefined,
      code,
      `${path}/${step}`,
      refusal,
    );
  if (refusal) return refusal({ value, index: lastIndex(path) });
  return { code, message: `${path + first.path || 'the message'}: ${first.message.toLowerCase()}` };
}

/** A check of untrusted values against `schema`; failures carry `code` unless the schema words them. */
export function checker<T extends TSchema>(schema: T, code: string): (value: unknown) => Result<Static<T>> {
  return (value) =>
    Value.Check(schema, value) ? ok(value as Static<T>) : err(...spread(explain(schema, value, code)));
}
const spread = (e: RuleError): [string, string] => [e.code, e.message];
