/**
 * URL: `http(s)://…` and `www.…` addresses, extended over non-space characters and trimmed
 * of trailing punctuation and unbalanced closing brackets (`(see https://x.org/a).`).
 * Bare domains (`example.com`) are not read: in running text they are too often file
 * names or abbreviations.
 */
import { makeHit } from './text-scan.js';
import type { RecognizedValue } from './types.js';

const START = /(?=[hw])(?<![\p{L}\p{N}@.])(?:https?:\/\/|www\.)/giu;
const URL_CHARACTER = /[^\s<>"'`\u00a0]/;
const TRAILING = /[.,;:!?'"»›]/;
const HOST = /^(?:https?:\/\/)?(?:[^\s/?#@]+@)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,63}(?::\d{1,5})?(?:[/?#]|$)|^https?:\/\/(?:localhost|\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?(?:[/?#]|$)/iu;

function trimEnd(text: string, start: number, end: number): number {
  let current = end;
  for (;;) {
    const last = text[current - 1] ?? '';
    if (TRAILING.test(last)) {
      current -= 1;
      continue;
    }
    const closing = last === ')' ? '(' : last === ']' ? '[' : null;
    if (closing !== null) {
      const body = text.slice(start, current);
      const opened = body.split(closing).length - 1;
      const closed = body.split(last).length - 1;
      if (closed > opened) {
        current -= 1;
        continue;
      }
    }
    return current;
  }
}

/** Finds URL values. */
export function findUrls(text: string): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  const pattern = new RegExp(START.source, START.flags);
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(text)) !== null) {
    const start = match.index;
    let end = start + match[0].length;
    while (end < text.length && end - start < 4096 && URL_CHARACTER.test(text[end] ?? '')) end += 1;
    end = trimEnd(text, start, end);
    pattern.lastIndex = Math.max(end, start + 1);
    const written = text.slice(start, end);
    if (!HOST.test(written)) continue;
    hits.push(makeHit('URL', text, start, end, written, false, {}));
  }
  return hits;
}
