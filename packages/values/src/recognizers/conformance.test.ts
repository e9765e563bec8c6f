/**
 * Conformance against the English specs of Microsoft Recognizers-Text
 * (`../shared/data/recognizers-text-specs/Specs`): the number, percent, currency and
 * date-time models, restricted to cases whose input contains a digit.
 *
 * How a spec case maps onto a recognizer:
 * - Number/NumberModel → `findValues('DECIMAL')`; Number/PercentModel → `findValues('PERCENT')`;
 *   NumberWithUnit/CurrencyModel → `findValues('MONEY')`; DateTime/DateTimeModel → `findValues('DATE')`.
 * - A case passes when our hits and the spec's results pair up one to one, in order: the
 *   spans overlap, and the values are equal (numbers compared as decimals, `4.800` = `4.8`;
 *   MONEY also compares the currency when the spec names an ISO code — for a generic unit
 *   such as "Dollar" any currency is accepted; DATE compares `YYYY-MM-DD`). A spec result
 *   "not resolved" (`feb 30 2019`) passes when we report no date there.
 * - Cases with no expected result are kept: they check that we find nothing.
 *
 * Exclusions, by general rules (never by case id), for what the recognizers deliberately
 * do not read:
 * - Number: a result not written purely in digits and separators — spelled-out numbers,
 *   scale words and suffixes (`2 million`, `10k`), fractions (`3/4`) and powers (`1e10`).
 * - Percent: a result whose text contains letters other than the percent words
 *   (`percent of 10`, `100 percentage`).
 * - Currency: a result whose amount is spelled out (`twenty musd`, `100 and fifty`), or whose
 *   unit has no ISO 4217 code — minor units (cent, pence, sen, satoshi), crypto-currencies
 *   and withdrawn currencies (markka, peseta, guilder). A bare currency name with no amount
 *   (`dollar`) is a CURRENCY mention, not MONEY, and is dropped from the expectation.
 * - DateTime: a case is kept only when every result is a `datetimeV2.date` with one
 *   resolution (or none), written only with digits, month and weekday names, ordinal
 *   suffixes, punctuation and the connectors of/the/in — an absolute calendar date. Times,
 *   ranges, durations, sets, relative dates (`in 2 weeks`, `next friday`), holidays,
 *   spelled-out numbers, and dates that name no year — no four-digit or apostrophe year and
 *   fewer than three numeric fields (`Monday 21`, `15 April of 87`): they resolve against a
 *   reference date the document does not give — are out of scope.
 *
 * The failing cases are written to `__snapshots__/conformance-<model>.txt` so a regression
 * shows in review; the test asserts each pass rate is at least its target.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findValues } from './index.js';
import { builtInDateNames } from './calendar-names.js';
import type { RecognizedValue, RecognizerKind } from './types.js';

const SPECS = resolve(import.meta.dirname, '../../../../../shared/data/recognizers-text-specs/Specs');

interface SpecResult {
  readonly Text: string;
  readonly TypeName?: string;
  readonly Start: number;
  readonly End: number;
  readonly Resolution?: Record<string, unknown> | null;
}
interface SpecCase {
  readonly Input: string;
  readonly Results?: readonly SpecResult[];
}

/** What we expect at one place: a value to compare, or "nothing here". */
interface Expectation {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly check: ((hit: RecognizedValue) => boolean) | null;
  readonly describe: string;
}

function loadCases(path: string): SpecCase[] {
  const cases = JSON.parse(readFileSync(resolve(SPECS, path), 'utf8').replace(/^\uFEFF/, '')) as SpecCase[];
  return cases.filter((specCase) => /\d/.test(specCase.Input));
}

function sameNumber(left: string, right: string): boolean {
  const normalize = (value: string): string => {
    let text = value.trim();
    const negative = text.startsWith('-');
    if (negative) text = text.slice(1);
    let [integerPart = '0', fractionPart = ''] = text.split('.');
    integerPart = integerPart.replace(/^0+(?=\d)/, '');
    fractionPart = fractionPart.replace(/0+$/, '');
    const body = fractionPart === '' ? integerPart : `${integerPart}.${fractionPart}`;
    return negative && body !== '0' ? `-${body}` : body;
  };
  return normalize(left) === normalize(right);
}

const NUMBER_WORDS =
  /\b(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|first|second|third|fourth|fifth|half|quarter)\b/i;

interface Model {
  readonly name: string;
  readonly file: string;
  readonly kind: RecognizerKind;
  readonly target: number;
  /** The expectations of a case, or null when the case is out of scope. */
  readonly expectations: (specCase: SpecCase) => Expectation[] | null;
}

function span(result: SpecResult): { start: number; end: number; text: string } {
  return { start: result.Start, end: result.End + 1, text: result.Text };
}

const NUMBER_MODEL: Model = {
  name: 'number',
  file: 'Number/English/NumberModel.json',
  kind: 'DECIMAL',
  target: 0.9,
  expectations: (specCase) => {
    const results = specCase.Results ?? [];
    const expectations: Expectation[] = [];
    for (const result of results) {
      const resolution = result.Resolution ?? {};
      const subtype = resolution['subtype'];
      const value = resolution['value'];
      if (/\p{L}/u.test(result.Text) || subtype === 'fraction' || subtype === 'power' || typeof value !== 'string') return null;
      expectations.push({ ...span(result), check: (hit) => sameNumber(String(hit.value), value), describe: value });
    }
    return expectations;
  },
};

const PERCENT_MODEL: Model = {
  name: 'percent',
  file: 'Number/English/PercentModel.json',
  kind: 'PERCENT',
  target: 0.9,
  expectations: (specCase) => {
    const expectations: Expectation[] = [];
    for (const result of specCase.Results ?? []) {
      const value = result.Resolution?.['value'];
      if (/\p{L}/u.test(result.Text.replace(/per ?cent/giu, '')) || typeof value !== 'string') return null;
      const number = value.replace(/%$/, '');
      expectations.push({ ...span(result), check: (hit) => sameNumber(String(hit.value), number), describe: number });
    }
    return expectations;
  },
};

const NON_ISO_UNITS = /cent|pence|penny|sen$|satoshi|bitcoin|markka|peseta|guilder/i;

const CURRENCY_MODEL: Model = {
  name: 'currency',
  file: 'NumberWithUnit/English/CurrencyModel.json',
  kind: 'MONEY',
  target: 0.9,
  expectations: (specCase) => {
    const expectations: Expectation[] = [];
    for (const result of specCase.Results ?? []) {
      const resolution = result.Resolution ?? {};
      const value = resolution['value'];
      const unit = String(resolution['unit'] ?? '');
      if (value === null || value === undefined) continue;
      if (NON_ISO_UNITS.test(unit) || NUMBER_WORDS.test(result.Text)) return null;
      const iso = typeof resolution['isoCurrency'] === 'string' ? resolution['isoCurrency'] : null;
      expectations.push({
        ...span(result),
        check: (hit) => {
          const money = hit.value as { amount: string; currency: string | null };
          return sameNumber(money.amount, String(value)) && (iso === null ? money.currency !== null : money.currency === iso);
        },
        describe: `${String(value)} ${iso ?? unit}`,
      });
    }
    return expectations;
  },
};

const DATE_WORDS = new Set([...builtInDateNames().months.keys(), ...builtInDateNames().weekdays.keys(), 'of', 'the', 'in', 'st', 'nd', 'rd', 'th']);

function isAbsoluteDateText(text: string): boolean {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return words.every((word) => DATE_WORDS.has(word) || /^\d+(?:st|nd|rd|th)$/.test(word));
}

/** A written year: four digits, an apostrophe year, three numeric fields (`12/12/30`), or a compact `20161016`. */
function namesYear(text: string): boolean {
  return /(?<!\d)(?:\d{4}|\d{8})(?!\d)|'\d{2}\b/.test(text) || (text.match(/\d+/g) ?? []).length >= 3;
}

const DATE_MODEL: Model = {
  name: 'date',
  file: 'DateTime/English/DateTimeModel.json',
  kind: 'DATE',
  target: 0.85,
  expectations: (specCase) => {
    const expectations: Expectation[] = [];
    for (const result of specCase.Results ?? []) {
      if (result.TypeName !== 'datetimeV2.date') return null;
      const values = (result.Resolution?.['values'] ?? []) as readonly { value?: string }[];
      const text = result.Text.replace(/\d+(?:st|nd|rd|th)\b/gi, '0');
      if (values.length !== 1 || !isAbsoluteDateText(text) || !namesYear(result.Text)) return null;
      const value = values[0]?.value;
      if (value === undefined) return null;
      expectations.push({
        ...span(result),
        check: value === 'not resolved' ? null : (hit) => hit.value === value,
        describe: value,
      });
    }
    return expectations;
  },
};

function overlaps(hit: RecognizedValue, expectation: Expectation): boolean {
  return hit.start < expectation.end && expectation.start < hit.end;
}

function passes(hits: readonly RecognizedValue[], expectations: readonly Expectation[]): boolean {
  const wanted = expectations.filter((expectation) => expectation.check !== null);
  const forbidden = expectations.filter((expectation) => expectation.check === null);
  if (forbidden.some((expectation) => hits.some((hit) => overlaps(hit, expectation)))) return false;
  if (hits.length !== wanted.length) return false;
  return wanted.every((expectation, index) => {
    const hit = hits[index];
    return hit !== undefined && overlaps(hit, expectation) && expectation.check !== null && expectation.check(hit);
  });
}

function runModel(model: Model): { rate: number; total: number; excluded: number; failures: string } {
  let total = 0;
  let passed = 0;
  let excluded = 0;
  const failures: string[] = [];
  for (const specCase of loadCases(model.file)) {
    const expectations = model.expectations(specCase);
    if (expectations === null) {
      excluded += 1;
      continue;
    }
    total += 1;
    const hits = findValues(model.kind, specCase.Input);
    if (passes(hits, expectations)) {
      passed += 1;
    } else {
      const expected = expectations.map((expectation) => `${expectation.text} → ${expectation.describe}`).join(' | ') || '(nothing)';
      const got = hits.map((hit) => `${hit.text} → ${JSON.stringify(hit.value)}`).join(' | ') || '(nothing)';
      failures.push(`${JSON.stringify(specCase.Input)}\n  expected: ${expected}\n  got:      ${got}`);
    }
  }
  const rate = total === 0 ? 0 : passed / total;
  const header = `# ${model.name}: ${passed}/${total} passed (${(rate * 100).toFixed(1)}%), ${excluded} excluded by rule\n`;
  return { rate, total, excluded, failures: `${header}\n${failures.join('\n\n')}\n` };
}

describe('Recognizers-Text English conformance', () => {
  for (const model of [NUMBER_MODEL, PERCENT_MODEL, CURRENCY_MODEL, DATE_MODEL]) {
    it(`${model.name} model passes at least ${model.target * 100}%`, async () => {
      const result = runModel(model);
      console.info(result.failures.split('\n')[0]);
      await expect(result.failures).toMatchFileSnapshot(`__snapshots__/conformance-${model.name}.txt`);
      expect(result.total).toBeGreaterThan(0);
      expect(result.rate).toBeGreaterThanOrEqual(model.target);
    });
  }
});
