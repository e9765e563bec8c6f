/**
 * PHONE: international numbers (`+49 30 1234567`, `+1 (555) 123-4567`, 8–15 digits),
 * North American numbers (`(555) 123-4567`, `555-123-4567`, `555.123.4567`) and national
 * numbers with a trunk `0` (`030 1234567`, `01 23 45 67 89`, 9–12 digits). A scan never
 * reads amounts, dates (`01 02 2024`, `2024-03-25`) or identifiers (`INV-2024-001`) as
 * phones; a labelled cell also accepts any 7–15 digit number written with phone
 * punctuation. The value is `+` and digits, or the national digits.
 */
import { makeHit, selectNonOverlapping } from './text-scan.js';
import type { RecognizedValue, RecognizerMode } from './types.js';

// Each pattern opens with a look-ahead on its first character so most positions fail at once.
const INTERNATIONAL = /(?=\+)(?<![\p{L}\p{N}+])\+\d(?:[ \u00a0.\-()]{0,2}\d){7,14}(?![\p{L}\p{N}]|[-./]\d)/gu;
const NORTH_AMERICAN = /(?=[\d(])(?<![\p{L}\p{N}(+-]|\d[-./])(?:\(\d{3}\)[ \u00a0]?\d{3}[-. ]\d{4}|\d{3}-\d{3}-\d{4}|\d{3}\.\d{3}\.\d{4}|\d{3} \d{3} \d{4})(?![\p{L}\p{N}]|[-./,]\d)/gu;
const NATIONAL = /(?=0)(?<![\p{L}\p{N}+(.,-]|\d[-./])0\d{1,4}(?:[ \u00a0/-]\d{2,8}){1,4}(?![\p{L}\p{N}]|[-./,]\d)/gu;
const CELL = /^\+?[\d \u00a0()./-]+$/;

function digitsOf(written: string): string {
  return written.replace(/\D/g, '');
}

function looksLikeDate(written: string): boolean {
  const groups = written.split(/[ \u00a0/-]/);
  return groups.length === 3 && groups[0]!.length <= 2 && groups[1]!.length <= 2 && (groups[2]!.length === 4 || groups[2]!.length === 2);
}

function balanced(written: string): boolean {
  const open = written.split('(').length - 1;
  const close = written.split(')').length - 1;
  return open === close && open <= 1 && !/[ .\-)(]{3}/.test(written);
}

/**
 * `+1` numbers have exactly ten more digits: `+1 555 123 4567 10 units` ends before `10`
 * when a separator stands there.
 */
function trimNorthAmerican(written: string): string {
  if (!/^\+1(?!\d{2,})/.test(written) && !written.startsWith('+1 ') && !written.startsWith('+1-') && !written.startsWith('+1(')) return written;
  let digits = 0;
  for (let index = 0; index < written.length; index += 1) {
    const code = written.charCodeAt(index);
    if (code >= 48 && code <= 57) digits += 1;
    if (digits === 11) {
      const next = written[index + 1];
      return next === undefined || /[ .\-\u00a0]/.test(next) ? written.slice(0, index + 1) : written;
    }
  }
  return written;
}

/** Finds PHONE values. */
export function findPhones(text: string, mode: RecognizerMode): RecognizedValue[] {
  const hits: RecognizedValue[] = [];
  const run = (source: RegExp, format: string, accept: (written: string, digits: string) => boolean): void => {
    const pattern = new RegExp(source.source, source.flags);
    let match: RegExpExecArray | null;
    while ((match = pattern.exec(text)) !== null) {
      let written = match[0];
      if (format === 'international') written = trimNorthAmerican(written);
      while (written.endsWith('(') || written.endsWith(' ') || written.endsWith('-')) written = written.slice(0, -1);
      const digits = digitsOf(written);
      if (!balanced(written) || !accept(written, digits)) continue;
      const value = format === 'international' ? `+${digits}` : digits;
      hits.push(makeHit('PHONE', text, match.index, match.index + written.length, value, false, { format }));
    }
  };
  run(INTERNATIONAL, 'international', (_written, digits) => digits.length >= 8 && digits.length <= 15);
  run(NORTH_AMERICAN, 'north-american', (_written, digits) => digits.length === 10 && digits[0] !== '0' && digits[0] !== '1');
  run(NATIONAL, 'national', (written, digits) => digits.length >= 9 && digits.length <= 12 && !looksLikeDate(written));
  if (mode === 'cell' && hits.length === 0) {
    const trimmed = text.trim();
    const digits = digitsOf(trimmed);
    if (CELL.test(trimmed) && digits.length >= 7 && digits.length <= 15 && balanced(trimmed)) {
      const start = text.indexOf(trimmed);
      const value = trimmed.startsWith('+') ? `+${digits}` : digits;
      hits.push(makeHit('PHONE', text, start, start + trimmed.length, value, false, { format: 'cell' }));
    }
  }
  return selectNonOverlapping(hits);
}
