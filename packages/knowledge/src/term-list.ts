/**
 * What a list of terms in a pack must be, wherever the pack holds one (a lexicon's concepts
 * and word classes, a records section's header and party words): non-empty, single-line
 * terms no longer than a label is.
 */
/** Longest term or word a pack may hold: labels are short. */
export const MAX_TERM_LENGTH = 80;

/** True when `value` is a list of strings. */
export function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
}

/** True when `value` is a list of non-empty, single-line terms of at most `MAX_TERM_LENGTH` characters. */
export function validTermList(value: unknown): value is readonly string[] {
  return isStringArray(value) && value.every((term) => term.trim().length > 0 && term.length <= MAX_TERM_LENGTH && !/[\n\r\t]/.test(term));
}
