/**
 * Display names, as untrusted input: one written form per name (NFC), no characters that
 * reorder or hide text (bidi controls, zero-width and other invisible format characters,
 * which would let "Alice" and "Alice\u200b" or a right-to-left override pass for someone
 * else), plain single spaces, trimmed, and a length in characters. The joiners that emoji
 * and some scripts need (U+200C, U+200D) stay only where they join something (an emoji
 * sequence, two letters of a script that uses them), as do a flag emoji's tag characters.
 */
import { type Result, err, ok } from '@hanafuda/engine';

export const MAX_NAME_LENGTH = 40;

/** Control characters (C0, DEL, C1): refused, since they mean the input is not a name (a newline, an escape). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;
/** Format characters other than the joiners and tags (bidi controls, zero-width space, BOM, soft hyphen…), dropped. */
const INVISIBLE = /(?!\u200c|\u200d|[\u{e0020}-\u{e007f}])\p{Cf}/gu;
/** Where a joiner means something: inside an emoji sequence, or between letters of scripts that use them (Persian, Devanagari…). */
const EMOJI_BEFORE = /\p{Extended_Pictographic}(?:\u{fe0f}|\p{Emoji_Modifier})*$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
const JOINING_LETTER_BEFORE = /[^\P{L}\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]\p{M}*$/u;
const JOINING_LETTER_AFTER = /^[^\P{L}\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}]/u;
const keepJoiner = (joiner: string, at: number, text: string): string => {
  const before = text.slice(0, at);
  const after = text.slice(at + joiner.length);
  const emoji = joiner === '\u200d' && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(after);
  return emoji || (JOINING_LETTER_BEFORE.test(before) && JOINING_LETTER_AFTER.test(after)) ? joiner : '';
};
/** Tag characters not in a flag's tag sequence, dropped. */
const STRAY_TAG = /(?<!\u{1f3f4}[\u{e0020}-\u{e007f}]*)[\u{e0020}-\u{e007f}]/gu;

/** The name as it is stored and shown, or why it cannot be one. */
export function normaliseName(raw: unknown): Result<string> {
  if (typeof raw !== 'string') return err('bad-name', 'a display name is needed');
  if (CONTROL.test(raw))
    return err('bad-name', 'a display name cannot hold control characters (line breaks, tabs, escapes)');
  const name = raw
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(STRAY_TAG, '')
    .replace(/\u200c|\u200d/gu, keepJoiner)
    .replace(/\s+/gu, ' ')
    .trim();
  const length = [...name].length;
  if (length === 0) return err('bad-name', 'a display name needs at least one visible character');
  if (length > MAX_NAME_LENGTH)
    return err(
      'bad-name',
      `a display name may be at most ${MAX_NAME_LENGTH} characters (this one has ${length})`,
    );
  return ok(name);
}
