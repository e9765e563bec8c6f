/**
 * Laws every recognizer keeps on arbitrary input (unicode included): it never throws, and
 * every hit lies inside the input, slices back to its own text, and hits do not overlap.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { findValues, parseValue } from './index.js';
import type { RecognizerKind } from './types.js';

const KINDS: readonly RecognizerKind[] = ['MONEY', 'DECIMAL', 'INTEGER', 'PERCENT', 'DATE', 'BOOLEAN', 'ENUM', 'CURRENCY', 'EMAIL', 'URL', 'PHONE', 'IBAN', 'PAYMENT_CARD', 'STRING'];
const enumValues = [{ value: 'paid', synonyms: ['settled', 'bezahlt'] }];

// Text built from the pieces recognizers care about, so the search reaches their edge cases.
const pieces = fc.constantFrom(
  '1', '23', '456', '2024', ',', '.', ' ', '-', '/', '(', ')', '$', '€', 'EUR', 'USD', '%', 'Mar', 'März', '25', '12',
  '+', '@', 'a', 'www.', 'https://', 'DE89', '[x]', '☑', 'yes', 'no', 'paid', '\u00a0', "'", ':', 'million', 'T',
);
const structured = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));
const anyText = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.string({ unit: 'binary', maxLength: 80 }), structured);

describe('recognizer laws', () => {
  test.prop([anyText, fc.constantFrom(...KINDS), fc.constantFrom(undefined, 'DMY' as const, 'MDY' as const), fc.constantFrom(undefined, ',' as const, '.' as const)], {
    numRuns: 400,
  })('spans lie inside the input, slice back to their text, and do not overlap', (text, kind, dateOrder, decimalSeparator) => {
    const options = { enumValues, ...(dateOrder ? { dateOrder } : {}), ...(decimalSeparator ? { decimalSeparator } : {}) };
    const hits = findValues(kind, text, options);
    let cursor = 0;
    for (const hit of hits) {
      expect(hit.start).toBeGreaterThanOrEqual(cursor);
      expect(hit.end).toBeGreaterThan(hit.start);
      expect(hit.end).toBeLessThanOrEqual(text.length);
      expect(text.slice(hit.start, hit.end)).toBe(hit.text);
      expect(hit.kind).toBe(kind);
      cursor = hit.end;
    }
    const cell = parseValue(kind, text, options);
    if (cell !== null) {
      expect(text.slice(cell.start, cell.end)).toBe(cell.text);
      expect(cell.start).toBeGreaterThanOrEqual(0);
      expect(cell.end).toBeLessThanOrEqual(text.length);
    }
  });

  test.prop([structured])('MONEY amounts are plain decimal strings and DATE values are calendar dates', (text) => {
    for (const hit of findValues('MONEY', text)) {
      expect((hit.value as { amount: string }).amount).toMatch(/^-?\d+(?:\.\d+)?$/);
    }
    for (const hit of findValues('DATE', text)) {
      const value = String(hit.value);
      expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10)).toBe(value);
    }
  });
});
