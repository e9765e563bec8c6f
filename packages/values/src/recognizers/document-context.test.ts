import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCertainCurrencies, findCurrencies } from './currency-code.js';
import { findDates, findNumericDates, holdsNumericDate } from './date.js';
import { DAY_FIRST_CURRENCIES, currencyMarkCounts, inferDocumentContext, type DocumentContext } from './document-context.js';
import { findMoney } from './money.js';
import { scanNumerals } from './numeral.js';

/** The context as first specified: every full scan, every hit built (the fast path must agree). */
function referenceContext(text: string): DocumentContext {
  const count = <T>(map: Map<T, number>, key: T): void => {
    map.set(key, (map.get(key) ?? 0) + 1);
  };
  const majority = <T>(counts: Map<T, number>): T | null => {
    const sorted = [...counts].sort((left, right) => right[1] - left[1]);
    return sorted.length === 0 || (sorted.length > 1 && sorted[0]![1] === sorted[1]![1]) ? null : sorted[0]![0];
  };
  const orders = new Map<'DMY' | 'MDY', number>();
  for (const hit of findDates(text, {})) {
    const order = hit.detail['dateOrder'];
    if (hit.detail['format'] === 'numeric' && !hit.ambiguous && (order === 'DMY' || order === 'MDY')) {
      const [first, second] = hit.text.split(/[-/.]/).map((part) => Number(part.replace(/\D/g, '')));
      if (first !== second) count(orders, order);
    }
  }
  const currencies = new Map<string, number>();
  for (const hit of findMoney(text, {}, 'scan')) {
    const source = hit.detail['currencySource'];
    const value = hit.value as { currency: string | null };
    if ((source === 'code' || source === 'symbol') && value.currency !== null) count(currencies, value.currency);
  }
  for (const hit of findCurrencies(text, {})) {
    if (hit.detail['currencySource'] !== 'symbol-ambiguous' && typeof hit.value === 'string') count(currencies, hit.value);
  }
  const separators = new Map<'.' | ',', number>();
  for (const numeral of scanNumerals(text)) {
    if (numeral.ambiguous) continue;
    if (numeral.decimalSeparator !== null && !numeral.singleGroup) count(separators, numeral.decimalSeparator);
    else if (numeral.groupSeparator === ',') count(separators, '.');
    else if (numeral.groupSeparator === '.') count(separators, ',');
  }
  const decimalSeparator = majority(separators);
  const dominantCurrency = majority(currencies);
  const dateOrder = orders.size > 0 ? majority(orders) : decimalSeparator === ',' || (dominantCurrency !== null && DAY_FIRST_CURRENCIES.has(dominantCurrency)) ? 'DMY' : null;
  return { dateOrder, dominantCurrency, decimalSeparator };
}

const numericOnly = (text: string) => findDates(text, {}).filter((hit) => hit.detail['format'] === 'numeric');

/** Text documents of the repository's fixtures and the shared evaluation corpora, when present. */
function corpusTexts(): string[] {
  const folders = [
    resolve(import.meta.dirname, '../document/__fixtures__'),
    ...['bench-procurement', 'invoice2data', 'synthetic-invoices', 'synthetic-receipts'].map((name) =>
      resolve(import.meta.dirname, `../../../../../shared/eval/${name}/cases`),
    ),
  ];
  const texts: string[] = [];
  for (const folder of folders) {
    if (!existsSync(folder)) continue;
    for (const file of readdirSync(folder)) {
      if (/\.(txt|csv|eml|html|json)$/.test(file) && !file.endsWith('.expected.json')) texts.push(readFileSync(resolve(folder, file), 'utf8'));
    }
  }
  return texts;
}

const PIECES = [
  '25/03/2024', '03/25/2024', '03/03/2024', '04.05.24', '1-2-2024', '24-03-25', '2024-03-25', 'Mon 03/04/2024', 'Sun., 03/03/2024',
  'Tue 25/03/2024', '2024 Mar 12/03/2024', '12-Mar-24/05/2024', 'March 5, 2024', '5 mars 2024', 'Mar', 'Sept', 'date',
  '$1,234.56', '1.234,56 €', 'EUR 12', 'USD115', '115EUR', '(1,234.00) USD', '$44,678.13 USD', 'C$ 16.4', 'kr 100', '¥500',
  '5 dollars 50', '30 MUSD', 'USD', 'GBP', 'ALL', 'TRY 3', '12,50', '1,234', '4.800', '0,5', '.5', '22,24,26,31', 'X100 250.00',
  'INV-2024-001', '192.168.1.2', '10:30', ' ', ' ', '\n', ', ', '-', '/', 'Total:', 'A', '9.2321312',
];

describe('inferDocumentContext fast path', () => {
  it('agrees with the full scans on every corpus document', () => {
    const texts = corpusTexts();
    expect(texts.length).toBeGreaterThan(3);
    for (const text of texts) expect(inferDocumentContext(text)).toEqual(referenceContext(text));
  });

  it('agrees with the full scans on texts assembled from tricky pieces', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }), (pieces) => {
        const text = pieces.join('');
        expect(inferDocumentContext(text)).toEqual(referenceContext(text));
        const numeric = findNumericDates(text);
        if (numeric !== null) expect(numeric).toEqual(numericOnly(text));
      }),
      { numRuns: 400, seed: 20261122 },
    );
  });

  it('agrees with the full scans on documents that repeat their lines (each distinct line is read once)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 30 }), (lines, picks) => {
        // A document of a few distinct lines, printed in some order and some number of times.
        const texts = lines.map((pieces) => pieces.join(''));
        const text = picks.map((pick) => texts[pick % texts.length]!).join('\n');
        expect(inferDocumentContext(text)).toEqual(referenceContext(text));
      }),
      { numRuns: 300, seed: 20261126 },
    );
    const page = 'Subtotal: 1.234,56 EUR\nTotal: $1,234.56 USD\n';
    expect(inferDocumentContext(page.repeat(35) + 'Tax: 12,50 GBP')).toEqual(referenceContext(page.repeat(35) + 'Tax: 12,50 GBP'));
  });

  it('reads the same context when the caller says which lines repeat which (`same`)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 30 }), (lines, picks) => {
        const texts = lines.map((pieces) => pieces.join(''));
        const text = picks.map((pick) => texts[pick % texts.length]!).join('\n');
        const split = text.split('\n');
        const same = split.map((line) => split.indexOf(line));
        expect(inferDocumentContext(text, split, {}, same)).toEqual(inferDocumentContext(text));
        expect(inferDocumentContext(text, split, {}, same)).toEqual(referenceContext(text));
      }),
      { numRuns: 300, seed: 20261127 },
    );
    // A `same` that is not of these lines (another length) is not used.
    expect(inferDocumentContext('Total: 12,50 EUR\nTotal: 12,50 EUR', ['Total: 12,50 EUR', 'Total: 12,50 EUR'], {}, [0])).toEqual(
      inferDocumentContext('Total: 12,50 EUR\nTotal: 12,50 EUR'),
    );
  });

  it('holds a numeric date in a text exactly when one of its distinct lines does', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }), { minLength: 1, maxLength: 6 }), fc.array(fc.nat(), { maxLength: 30 }), (lines, picks) => {
        const texts = lines.map((pieces) => pieces.join(''));
        const text = picks.map((pick) => texts[pick % texts.length]!).join('\n');
        const distinct = [...new Set(text.split('\n'))];
        expect(holdsNumericDate(`\n${distinct.join('\n')}\n`)).toBe(holdsNumericDate(text));
        // None held: no numeric date is found (one held may still be claimed by a named date).
        if (!holdsNumericDate(text)) expect(numericOnly(text)).toEqual([]);
      }),
      { numRuns: 300, seed: 20261128 },
    );
    // ISO dates hold a numeric date's shape ("26-01-15" in "2026-01-15") but none.
    expect(holdsNumericDate('Invoice Date: 2026-01-15\nDue: 2026-02-15')).toBe(false);
    expect(holdsNumericDate('Invoice Date: 2026-01-15\nDue: 15/02/2026')).toBe(true);
    expect(holdsNumericDate('Due: 15/02/2026\n')).toBe(true);
  });

  it('leaves a numeric date claimed by a named date to the full scan', () => {
    // `2024 Mar 12` (year, month, day) overlaps `12/03/2024` and is found first.
    expect(findNumericDates('2024 Mar 12/03/2024')).toBeNull();
    expect(inferDocumentContext('2024 Mar 12/03/2024')).toEqual(referenceContext('2024 Mar 12/03/2024'));
    expect(findNumericDates('Paid 25/03/2024 and 26/03/2024')?.map((hit) => hit.value)).toEqual(['2024-03-25', '2024-03-26']);
  });
});

describe('currency marks counted per distinct line', () => {
  const sorted = (counts: Map<string, number>): [string, number][] => [...counts].sort(([left], [right]) => (left < right ? -1 : 1));
  const wholeText = (text: string): [string, number][] => {
    const counts = new Map<string, number>();
    countCertainCurrencies(text, counts);
    return sorted(counts);
  };
  // Word-like codes and "BHD" next to line breaks, where a line's marks depend on its neighbours.
  const MARK_PIECES = ['ALL', 'TRY', 'EUR', 'BHD', 'SDN ', 'SDN. ', '5', '12.50', ' ', '\n', '\r\n', '€', 'kr', 'RM', 'x', 'Total '];

  it('counts what the whole text holds, when lines repeat and when a mark reaches past a line', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...MARK_PIECES), { maxLength: 6 }), { minLength: 1, maxLength: 5 }), fc.array(fc.nat(), { maxLength: 24 }), (lines, picks) => {
        const texts = lines.map((pieces) => pieces.join(''));
        const text = picks.map((pick) => texts[pick % texts.length]!).join('\n');
        expect(sorted(currencyMarkCounts(text))).toEqual(wholeText(text));
      }),
      { numRuns: 400, seed: 20261127 },
    );
    const cases = ['Total ALL\n5 x\nTotal ALL', 'ALL items\n5\nALL items', '5 x\nTRY 1\nTRY 1', 'MR D.I.Y. SDN\nBHD 5\nBHD 5\nTOTAL 12.50 EUR', 'EUR 5\n'.repeat(35)];
    for (const text of cases) {
      expect(sorted(currencyMarkCounts(text))).toEqual(wholeText(text));
    }
  });
});

describe('a legal form that looks like a currency code', () => {
  it('reads "SDN BHD" as a Malaysian company, not Bahraini dinars', () => {
    expect(findCurrencies('MR D.I.Y. (M) SDN BHD (860671-D)\nTOTAL 33.90', {}).map((hit) => hit.value)).toEqual([]);
    expect(findCurrencies('Amount: 12.500 BHD', {}).map((hit) => hit.value)).toEqual(['BHD']);
  });
});

describe('the no-currency code', () => {
  it('never makes XXX (a placeholder, ISO 4217 "no currency") the dominant currency', () => {
    expect(inferDocumentContext('Zolltarif XXX 12,00\nXXX 3,00\nSumme 15,00').dominantCurrency).toBeNull();
  });
});
