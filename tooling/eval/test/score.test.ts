import { describe, expect, it } from 'vitest';
import { canonicalNumber, comparisonOf, normalizeString, valuesEqual } from '../src/compare.mjs';
import { fieldTypesOf } from '../src/corpus.mjs';
import { calibrate, readClaim, scoreCase, summarize, summaryLine } from '../src/score.mjs';

describe('type-aware comparison (shared/eval README)', () => {
  it('compares strings after NFKC, casefold, whitespace collapse and outer punctuation', () => {
    expect(valuesEqual('STRING', '  ACME\n Corp. ', 'acme corp')).toBe(true);
    expect(valuesEqual('STRING', 'ＡＣＭＥ Corp', 'ACME Corp')).toBe(true);
    expect(valuesEqual('STRING', 'ACME Corp Billing', 'ACME Corp')).toBe(false);
    expect(valuesEqual('STRING', 'Floor 12, Chicago', 'Floor 12 Chicago')).toBe(false);
    expect(normalizeString('"Net 30."')).toBe('net 30');
  });

  it('compares an address as a sequence of words: punctuation alone does not make it wrong', () => {
    expect(comparisonOf('merchant_address', 'STRING')).toBe('WORDS');
    expect(comparisonOf('seller.postal_address', 'STRING')).toBe('WORDS');
    expect(comparisonOf('merchant_name', 'STRING')).toBe('STRING');
    expect(comparisonOf('address', 'DATE')).toBe('DATE');
    expect(valuesEqual('WORDS', 'TAMAN DAYA. 81100 JOHOR BAHRU JOHOR', 'TAMAN DAYA, 81100 JOHOR BAHRU, JOHOR.')).toBe(true);
    expect(valuesEqual('WORDS', 'NO.53 55,57', { any_of: ['x', 'NO. 53 55, 57'] })).toBe(true);
    // A word read differently, split or joined is still wrong.
    expect(valuesEqual('WORDS', 'TAMAN DAYA, 8110O JOHOR', 'TAMAN DAYA, 81100 JOHOR')).toBe(false);
    expect(valuesEqual('WORDS', 'JOHORBAHRU', 'JOHOR BAHRU')).toBe(false);
    expect(valuesEqual('WORDS', '55,57 JALAN', '5557 JALAN')).toBe(false);
  });

  it('compares numbers numerically and money with its currency', () => {
    expect(valuesEqual('DECIMAL', '42050', '42050.00')).toBe(true);
    expect(valuesEqual('INTEGER', 3, '3')).toBe(true);
    expect(valuesEqual('DECIMAL', '42050.01', '42050')).toBe(false);
    expect(valuesEqual('MONEY', { amount: '811.880', currency: 'USD' }, { amount: '811.88', currency: 'USD' })).toBe(true);
    expect(valuesEqual('MONEY', { amount: '811.88', currency: 'EUR' }, { amount: '811.88', currency: 'USD' })).toBe(false);
    expect(canonicalNumber('-0.50')).toBe('-0.5');
    expect(canonicalNumber('1e3')).toBe('1000');
    expect(canonicalNumber('abc')).toBeNull();
  });

  it('accepts any alternative of any_of, and is exact for dates and enums', () => {
    expect(valuesEqual('DECIMAL', '0.02', { any_of: ['2', '0.02'] })).toBe(true);
    expect(valuesEqual('DATE', '2026-01-15', '2026-01-15')).toBe(true);
    expect(valuesEqual('ENUM', 'usd', 'USD')).toBe(false);
  });
});

describe('scoring', () => {
  const fieldTypes = fieldTypesOf({ fields: [{ name: 'total', type: 'MONEY' }, { name: 'po', type: 'STRING' }, { name: 'date', type: 'DATE' }, { name: 'terms', type: 'STRING' }] });

  it('classifies TP, wrong, spurious, FN and TN; defaults are unresolved', () => {
    const artifact = {
      status: 'PARTIAL_SUCCESS',
      normalizedData: { total: { amount: '10.00', currency: 'USD' }, po: 'PO-1', terms: 'Net 30' },
      fieldResults: {
        total: { status: 'SUCCESS', value: { amount: '10.00', currency: 'USD' }, confidence: 0.97 },
        po: { status: 'PARTIAL_SUCCESS', value: 'PO-1', confidence: 0.85 },
        date: { status: 'UNRESOLVED', value: null, confidence: 0.2 },
        terms: { status: 'SUCCESS', value: 'Net 30', confidence: 0.9, defaulted: true },
      },
      unresolvedFields: ['date'],
    };
    const { outcomes } = scoreCase({ artifact, expected: { total: { amount: '10', currency: 'USD' }, po: null, date: '2026-01-01', terms: 'Net 30' }, fieldTypes });
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['TP', 'FP_SPURIOUS', 'FN', 'FN']);
    expect(summarize(outcomes)).toMatchObject({ tp: 1, fp: 1, fpSpurious: 1, fn: 2, precision: 0.5, recall: 1 / 3 });
  });

  it('counts a crash as every field unresolved and flags a value claimed for an unresolved field', () => {
    expect(scoreCase({ artifact: null, expected: { total: null, po: 'X' }, fieldTypes }).outcomes.map((outcome) => outcome.outcome)).toEqual(['TN', 'FN']);
    const claim = readClaim({ normalizedData: { po: 'X' }, fieldResults: {}, unresolvedFields: ['po'] }, 'po');
    expect(claim).toMatchObject({ resolved: true, inconsistent: true });
  });

  it('computes calibration bins and ECE', () => {
    const outcomes = [
      { outcome: 'TP', confidence: 0.97 },
      { outcome: 'TP', confidence: 0.96 },
      { outcome: 'FP_WRONG', confidence: 0.7 },
      { outcome: 'TP', confidence: 0.7 },
      { outcome: 'FN', confidence: 0.1 },
    ].map((outcome) => ({ field: 'x', type: 'STRING', ...outcome }));
    const calibration = calibrate(outcomes as never);
    expect(calibration.count).toBe(4);
    const certain = calibration.bins[3]!;
    expect(certain).toMatchObject({ count: 2, accuracy: 1, meetsLowerBound: true });
    expect(calibration.bins[1]).toMatchObject({ count: 2, accuracy: 0.5, meetsLowerBound: false });
    expect(calibration.ece).toBeCloseTo((2 / 4) * Math.abs(1 - 0.965) + (2 / 4) * Math.abs(0.5 - 0.7), 10);
    expect(summaryLine({ outcomes: outcomes as never, cases: 1, crashes: 0 })).toMatch(/^precision=0\.75 recall=0\.75 f1=0\.75 fp=1 ece=0\.12 cases=1 crashes=0$/);
  });
});
