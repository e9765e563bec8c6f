/**
 * EMAIL: addresses found by expanding around each `@` (so a scan is linear even over long
 * runs of address characters), then checked: a dot-atom local part of at most 64
 * characters and a domain of labels with a letter top-level label. The value is the
 * address with the domain in lower case.
 */
import { makeHit } from './text-scan.js';
import type { RecognizedValue } from './types.js';

const LOCAL_CHARACTER = /[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]/;
const DOMAIN_CHARACTER = /[A-Za-z0-9.-]/;
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Finds EMAIL values. */
export function findEmails(text: string): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  let cursor = 0;
  let at = text.indexOf('@');
  while (at !== -1) {
    let start = at;
    while (start > cursor && at - start < 64 && LOCAL_CHARACTER.test(text[start - 1] ?? '')) start -= 1;
    while (start < at && text[start] === '.') start += 1;
    let end = at + 1;
    while (end < text.length && end - at <= 255 && DOMAIN_CHARACTER.test(text[end] ?? '')) end += 1;
    while (end > at + 1 && /[.-]/.test(text[end - 1] ?? '')) end -= 1;
    const local = text.slice(start, at);
    const domain = text.slice(at + 1, end);
    if (local !== '' && LOCAL_PART.test(local) && DOMAIN.test(domain)) {
      hits.push(makeHit('EMAIL', text, start, end, `${local}@${domain.toLowerCase()}`, false, {}));
      cursor = end;
    }
    at = text.indexOf('@', Math.max(at + 1, cursor));
  }
  return hits;
}
