import { describe, expect, it } from 'vitest';
import { groundsFor } from './evidence-grounds.js';

describe('groundsFor: the built-ins’ facts stated as grounds', () => {
  it('labels: match by kind, placement by layout', () => {
    expect(groundsFor({ kind: 'EXACT_LABEL', detail: { structure: 'key-value:colon' } })).toEqual([{ kind: 'label', match: 'exact', placement: 'paired' }]);
    expect(groundsFor({ kind: 'SYNONYM_LABEL', detail: { structure: 'inline' } })).toEqual([{ kind: 'label', match: 'synonym', placement: 'inline' }]);
    expect(groundsFor({ kind: 'EXACT_LABEL', detail: { qualified: true } })).toEqual([{ kind: 'label', match: 'exact', placement: 'inline' }]);
  });

  it('layout roles: a letterhead confirmed by what follows it or a legal form, an address block by its end', () => {
    expect(groundsFor({ kind: 'RECOGNIZER', pattern: 'layout:letterhead', detail: { followedBy: 'address' } })).toEqual([{ kind: 'layout', role: 'letterhead', unique: false, confirmed: true }]);
    expect(groundsFor({ kind: 'RECOGNIZER', pattern: 'layout:letterhead', detail: { legalForm: true, distinctValues: 1 } })).toEqual([{ kind: 'layout', role: 'letterhead', unique: true, confirmed: true }]);
    expect(groundsFor({ kind: 'RECOGNIZER', pattern: 'layout:letterhead', detail: {} })).toEqual([{ kind: 'layout', role: 'letterhead', unique: false, confirmed: false }]);
    expect(groundsFor({ kind: 'RECOGNIZER', pattern: 'layout:address', detail: { bounded: true } })).toEqual([{ kind: 'layout', role: 'address-block', unique: false, confirmed: true }]);
  });

  it('clauses: stated, inferred, from the agreement date, from a letter date', () => {
    const clause = (detail: Record<string, boolean | number>) => groundsFor({ kind: 'RECOGNIZER', pattern: 'clause:effective-date', detail: { distinctValues: 1, ...detail } });
    expect(clause({})).toEqual([{ kind: 'clause', reading: 'stated', unique: true }]);
    expect(clause({ extentUncertain: true })).toEqual([{ kind: 'clause', reading: 'inferred', unique: true }]);
    expect(clause({ fromAgreementDate: true })).toEqual([{ kind: 'clause', reading: 'agreement-date', unique: true }]);
    expect(clause({ fromAgreementDate: true, letterDate: true })).toEqual([{ kind: 'clause', reading: 'letter-date', unique: true }]);
    expect(clause({ fromAgreementDate: true, inferred: true, executionDate: true })).toEqual([{ kind: 'clause', reading: 'execution-date', unique: true }]);
    expect(clause({ inferred: true, fromEffectiveDate: true })).toEqual([{ kind: 'clause', reading: 'from-effective-date', unique: true }]);
  });

  it('recognizers: uniqueness, the IBAN’s checksum, reading grounds', () => {
    expect(groundsFor({ kind: 'RECOGNIZER', pattern: 'recognizer:IBAN', detail: { occurrences: 1 } })).toEqual([{ kind: 'recognizer', recognizer: 'IBAN', unique: true, backing: 'checksum' }]);
    expect(groundsFor({ kind: 'RECOGNIZER', pattern: 'recognizer:DATE', detail: { distinctValues: 2, occurrences: 1, ambiguous: true } })).toEqual([{ kind: 'recognizer', recognizer: 'DATE', unique: false }, { kind: 'ambiguous-reading' }]);
    expect(groundsFor({ kind: 'EXACT_LABEL', detail: { currencySource: 'symbol-ambiguous' } })).toEqual([{ kind: 'label', match: 'exact', placement: 'paired' }, { kind: 'currency-reading', source: 'symbol-ambiguous' }]);
    // A currency source the rubric does not grade (a code next to the amount) is no reading ground.
    expect(groundsFor({ kind: 'EXACT_LABEL', detail: { currencySource: 'code-adjacent' } })).toEqual([{ kind: 'label', match: 'exact', placement: 'paired' }]);
  });

  it('checks name the value they checked; stated grounds win', () => {
    expect(groundsFor({ kind: 'VALIDATION', verdict: 'SUPPORTS', detail: { passed: false, value: 'x' } })).toEqual([{ kind: 'validation', passed: false, checks: 'x' }]);
    expect(groundsFor({ kind: 'DERIVED', verdict: 'SUPPORTS', pattern: 'total = net + tax', detail: { value: '1.00' } })).toEqual([{ kind: 'arithmetic', relation: 'total = net + tax', checks: '1.00' }]);
    expect(groundsFor({ kind: 'RECOGNIZER', grounds: [{ kind: 'lookup' }] })).toEqual([{ kind: 'lookup' }]);
  });
});
