/**
 * ASCII text: the fast path of text folding. An ASCII text has no diacritic to take off and
 * nothing Unicode normalization (NFD, NFKC) would change, so a fold of it is only a lowering.
 */

const ASCII_ONLY = /^[^\u0080-\uffff]*$/;

/** True when every character of `text` is ASCII (the empty text too). */
export function isAsciiText(text: string): boolean {
  return ASCII_ONLY.test(text);
}
