/**
 * Members' display names: unique across the site as people see them, so a name is compared by
 * its key, folded for width and compatibility forms (NFKC: "ｈａｎａ" is "hana"), case, and
 * lookalike letters (the `confusables` library, after Unicode's confusables list: Cyrillic "а"
 * and Greek "Α" are Latin "a"). Reserved names, and anything a guest's name could be, are refused.
 */
import { remove as unconfuse } from 'confusables';
import { type Result, err, ok } from '@hanafuda/engine';

export const NAME_MIN = 3;
export const NAME_MAX = 20;

/** The name every seat of a deleted account is shown under. */
export const DELETED_NAME = 'deleted player';

/**
 * Latin's own lookalikes, which the library keeps apart: UTS #39's skeletons map each of these
 * to the same prototype ("I", "1" and "|" are "l"; "0" is "o"; "rn" is "m").
 */
const LATIN_LOOKALIKES: readonly [RegExp, string][] = [
  [/[i1|]/g, 'l'],
  [/0/g, 'o'],
  [/rn/g, 'm'],
];

/** The key two names are the same by. */
export function nameKey(name: string): string {
  let key = unconfuse(unconfuse(name.normalize('NFKC')).toLowerCase()).toLowerCase();
  for (const [from, to] of LATIN_LOOKALIKES) key = key.replace(from, to);
  return key.replace(/\s+/g, ' ').trim();
}

/** Names no member may take, nor any name that folds to one of them. */
const RESERVED = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'hanafuda',
  'system',
  'server',
  'easy',
  'normal',
  'hard',
  'expert',
  'bot',
  DELETED_NAME,
];
const RESERVED_KEYS = new Set(RESERVED.map(nameKey));
/** Guests are "Guest 1A2B3C": no member's name may start like one. */
const GUEST_PREFIX = nameKey('guest');

/** Letters (any script), marks, digits, and single spaces, hyphens, underscores or dots between them. */
const ALLOWED = /^[\p{L}\p{M}\p{N}]+(?:[ ._-][\p{L}\p{M}\p{N}]+)*$/u;

/** The name as it will be kept (NFC, trimmed), or why it cannot be anyone's. */
export function checkName(raw: unknown): Result<string> {
  if (typeof raw !== 'string') return err('bad-name', 'a name is text');
  const name = raw.normalize('NFC').trim();
  const length = [...name].length;
  if (length < NAME_MIN || length > NAME_MAX)
    return err('bad-name', `a name has ${NAME_MIN} to ${NAME_MAX} characters`);
  if (!ALLOWED.test(name))
    return err(
      'bad-name',
      'a name has letters and digits, with single spaces, hyphens, underscores or dots between them (none at either end)',
    );
  const key = nameKey(name);
  if (RESERVED_KEYS.has(key)) return err('reserved-name', `"${name}" is reserved: choose another name`);
  if (key.startsWith(GUEST_PREFIX))
    return err('reserved-name', 'a name may not start with "Guest": that is how guests are named');
  return ok(name);
}
