/**
 * The version of the rules this engine plays: what a seed deals and what a list of actions
 * leads to. Records, stored rooms and saved games carry it, and one made under another
 * version is refused rather than replayed into a different game (docs/records.md).
 *
 * Bump it with any change that alters a deal or an outcome of the same options, seed and
 * actions (a shuffle, a deal table, a rule, a score). The golden replays
 * (packages/engine/test/golden/) fail on such a change, and are written again only under a
 * new version.
 */
export const RULES_VERSION = 2;
