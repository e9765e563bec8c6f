import { describe, expect, it } from 'vitest';
import { compileLexicon, validateKnowledgePack } from '@paxman/knowledge';
import { compileDateNames } from './calendar-names.js';
import { findValues, parseValue } from './index.js';

const dates = (text: string, options = {}) => findValues('DATE', text, options).map((hit) => [hit.text, hit.value]);

describe('DATE', () => {
  it('reads ISO, numeric and month-name dates in several languages', () => {
    expect(
      dates(
        'ISO 2024-03-25; 25/03/2024; 25.03.2024; 25. März 2024; 25 mars 2024; March 25, 2024; 25-Mar-2024; ' +
          'Mar 25 2024; 25th of March, 2024; 25 de marzo de 2024; 25 marzo 2024; 25 maart 2024; 25 de março de 2024; ' +
          '25 marca 2024; 1er avril 2024; 2024/mar/25',
      ).map(([, value]) => value),
    ).toEqual(Array.from({ length: 14 }, () => '2024-03-25').concat(['2024-04-01', '2024-03-25']));
  });

  it('reads Latvian month names, and their locative forms', () => {
    expect(dates('25. marts 2024; 25. martā 2024; 1. decembrī 2024').map(([, value]) => value)).toEqual(['2024-03-25', '2024-03-25', '2024-12-01']);
  });

  it('reads a year printed first and marked by a word of the packs (Latvian "2024. gada 12. martā")', () => {
    expect(dates('Rīgā, 2024. gada 12. martā; līgums no 2023. gada 1. janvāra; 2024 gada 5. maijs')).toEqual([
      ['2024. gada 12. martā', '2024-03-12'],
      ['2023. gada 1. janvāra', '2023-01-01'],
      ['2024 gada 5. maijs', '2024-05-05'],
    ]);
    // A year with no marker word before the day is not read so ("2024. 12. martā" is no date form of the packs).
    expect(dates('2024. 12. martā')).toEqual([]);
  });

  it("reads the month and weekday names of a user's pack, only with its date names", () => {
    const finnish = validateKnowledgePack({
      id: 'lexicon-fi',
      version: '0.1.0',
      description: 'Finnish dates',
      lexicon: {
        language: 'fi',
        concepts: {},
        calendar: {
          months: [['tammikuuta'], ['helmikuuta'], ['maaliskuuta'], ['huhtikuuta'], ['toukokuuta'], ['kesäkuuta'], ['heinäkuuta'], ['elokuuta'], ['syyskuuta'], ['lokakuuta'], ['marraskuuta'], ['joulukuuta']],
          weekdays: [['sunnuntai'], ['maanantai'], ['tiistai'], ['keskiviikko'], ['torstai'], ['perjantai'], ['lauantai']],
        },
      },
    });
    const dateNames = compileDateNames(compileLexicon([finnish]).calendar!);
    expect(dates('tiistai 12. maaliskuuta 2024', { dateNames })).toEqual([['tiistai 12. maaliskuuta 2024', '2024-03-12']]);
    expect(dates('12. maaliskuuta 2024')).toEqual([]);
    // Names outside the Latin letters of the built-in packs are found too.
    const greek = compileLexicon([
      validateKnowledgePack({
        id: 'lexicon-el',
        version: '0.1.0',
        description: 'Greek months',
        lexicon: { language: 'el', concepts: {}, calendar: { months: [['Ιανουαρίου'], ['Φεβρουαρίου'], ['Μαρτίου'], ['Απριλίου'], ['Μαΐου'], ['Ιουνίου'], ['Ιουλίου'], ['Αυγούστου'], ['Σεπτεμβρίου'], ['Οκτωβρίου'], ['Νοεμβρίου'], ['Δεκεμβρίου']] } },
      }),
    ]);
    expect(dates('Αθήνα, 12 Μαρτίου 2024', { dateNames: compileDateNames(greek.calendar!) })).toEqual([['12 Μαρτίου 2024', '2024-03-12']]);
  });

  it('includes a weekday prefix and flags a weekday that contradicts the date', () => {
    const [right] = findValues('DATE', 'Due: Monday, March 25, 2024');
    expect([right?.text, right?.value, right?.ambiguous]).toEqual(['Monday, March 25, 2024', '2024-03-25', false]);
    const [wrong] = findValues('DATE', 'Due: Friday, March 25, 2024');
    expect(wrong?.ambiguous).toBe(true);
    expect(wrong?.detail['weekdayMismatch']).toBe(true);
  });

  it('reads a labelled cell of eight digits written year first, never a scanned run of digits', () => {
    expect(parseValue('DATE', '20260815')?.value).toBe('2026-08-15');
    expect(parseValue('DATE', ' 20260815 ')?.detail['format']).toBe('compact');
    // Not a valid date year first, or the year out of range: no date.
    for (const cell of ['20261315', '20260230', '15082026', '12345678', '30001231']) expect(parseValue('DATE', cell)).toBeNull();
    // A scan leaves eight digits alone: an order or account number is as likely.
    expect(dates('Order 20260815 shipped')).toEqual([]);
  });

  it('validates the calendar', () => {
    expect(dates('2024-02-30 30.02.2024 Feb 30, 2024 2023-02-29 31/04/2024')).toEqual([]);
    expect(dates('2024-02-29')).toEqual([['2024-02-29', '2024-02-29']]);
  });

  it('flags an ambiguous day/month order unless told the order', () => {
    const [open] = findValues('DATE', 'on 03/04/2024');
    expect(open?.ambiguous).toBe(true);
    expect(open?.detail['alternatives']).toHaveLength(1);
    expect([open?.value, ...(open?.detail['alternatives'] as string[])].sort()).toEqual(['2024-03-04', '2024-04-03']);
    expect(findValues('DATE', 'on 03/04/2024', { dateOrder: 'DMY' })[0]).toMatchObject({ value: '2024-04-03', ambiguous: false });
    expect(findValues('DATE', 'on 03/04/2024', { dateOrder: 'MDY' })[0]).toMatchObject({ value: '2024-03-04', ambiguous: false });
    // An unambiguous date ignores a contradicting hint rather than inventing a 25th month.
    expect(findValues('DATE', 'on 25/03/2024', { dateOrder: 'MDY' })[0]).toMatchObject({ value: '2024-03-25', ambiguous: false });
  });

  it('expands two-digit years with the POSIX pivot', () => {
    expect(dates('25-Mar-24 and 12/31/69 and 31.12.68')).toEqual([
      ['25-Mar-24', '2024-03-25'],
      ['12/31/69', '1969-12-31'],
      ['31.12.68', '2068-12-31'],
    ]);
  });

  it('does not read versions, addresses, phones, identifiers or year-less dates', () => {
    expect(dates('v1.2.10, 10.0.0.1, 555-12-34, INV-2024-001, 133-03-03-2020, March 25, 5 out of 2024, 32-2015')).toEqual([]);
  });

  it('parses a cell that is one date', () => {
    expect(parseValue('DATE', 'Tuesday, March 26, 2024')?.value).toBe('2024-03-26');
    expect(parseValue('DATE', '2024-03-25 to 2024-03-30')).toBeNull();
  });
});

describe('DATE two-digit years with dashes', () => {
  it('flags the year-month-day reading unless told', () => {
    const [hit] = findValues('DATE', 'on 24-03-25');
    expect(hit?.ambiguous).toBe(true);
    expect(hit?.detail['alternatives']).toContain('2024-03-25');
    expect(findValues('DATE', 'on 24-03-25', { dateOrder: 'YMD' })[0]).toMatchObject({ value: '2024-03-25', ambiguous: false });
    expect(findValues('DATE', 'on 24-02-30')[0]).toMatchObject({ value: '2030-02-24', ambiguous: false });
  });
});
