/**
 * Grades of party lists (ADR 0025): each party by where it was read, lower for a preamble
 * party whose name only its shape ends (`detail.bounded` false); the list by its weakest
 * party, lower for a list of one party or of more than two — less so for three or more
 * companies read from the preamble, each name ending in a legal form (ADR 0039).
 */
import { describe, expect, it } from 'vitest';
import { adaptContract } from '@paxman/contract';
import { type CandidateResult, type Evidence, mergePolicy } from '@paxman/core';
import { reconcile } from './reconcile.js';
import { PARTY_COMPANY_LIST_SIZE, PARTY_LIST_SIZE, PARTY_PREAMBLE_CONFIDENCE, PARTY_SIGNATORY_CONFIDENCE, PARTY_SIGNATURE_CONFIDENCE, PARTY_SIGNER_CONFIDENCE, PARTY_UNBOUNDED_NAME } from './rubric.js';

const contract = adaptContract({
  id: 'parties',
  version: '1',
  fields: [{ name: 'parties', type: 'ARRAY', required: false, tags: ['party'], items: { type: 'STRING' }, confidence_threshold: 0.5 }],
});
const policy = mergePolicy({}, {});

/**
 * Where a party was read: the preamble, or the signature block (`confirmed`: the one person who signs where the preamble leaves a party unnamed); `company` and `signed-company`: a name that ends in a legal form, read from the preamble or the signature block;
 * `signatory`: a company of the signature blocks an opening points to ("the undersigned hereby agree", ADR 0043), its name bounded (`signatory-unbounded`: not).
 */
type Place = 'preamble' | 'signer' | 'signature' | 'sole' | 'company' | 'signed-company' | 'signatory' | 'signatory-unbounded';

/** A party list: each party a name, the term it is called by (null: none printed, and the name ends in no legal form) and where it was read (the preamble by default). */
const inPreamble = (place: Place): boolean => place === 'preamble' || place === 'sole' || place === 'company';

function partyResult(parties: readonly (readonly [string, string | null, Place?])[]): CandidateResult {
  const evidence: Evidence[] = parties.map(([name, term, place = 'preamble'], index) => ({
    id: `ev_${index}`,
    capability: 'record_reading@1.3.0',
    fieldPath: 'parties',
    kind: 'RECORD_CELL',
    spans: [{ start: index * 40, end: index * 40 + name.length, layer: 'input' }],
    text: name,
    ...(term === null ? {} : { label: term }),
    grounds: [{ kind: 'layout', role: inPreamble(place) ? 'preamble' : 'signature', unique: true, confirmed: place === 'signer' }],
    detail: {
      item: index,
      member: '',
      source: inPreamble(place) ? 'preamble' : 'signature',
      confirmed: place === 'signer',
      bounded: place !== 'signatory-unbounded' && (term !== null || !inPreamble(place) || place === 'company'),
      company: place === 'company' || place === 'signed-company',
      ...(place === 'sole' ? { sole: true } : {}),
      ...(place.startsWith('signatory') ? { signatory: true } : {}),
    },
  }));
  return {
    fieldPath: 'parties',
    candidates: [{ fieldPath: 'parties', value: parties.map(([name]) => name), raw: '', capability: 'record_reading@1.3.0', tier: 1, evidenceIds: evidence.map((record) => record.id) }],
    evidence,
    diagnostics: [],
    steps: [],
    status: 'COMPLETED',
  };
}

function confidenceOf(parties: readonly (readonly [string, string | null, Place?])[]): number {
  return reconcile({ contract, candidateResults: [partyResult(parties)], policy }).find((entry) => entry.fieldPath === 'parties')!.confidence;
}

describe('grading party lists', () => {
  it('grades a list of two parties, each called by a term, as read from the preamble', () => {
    expect(confidenceOf([['Alder Corp.', 'Seller'], ['Birch LLC', 'Buyer']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE, 3);
  });

  it('grades a list lower when a party\'s name neither a defined term nor a legal form ends', () => {
    expect(confidenceOf([['Alder Corp.', 'Seller'], ['Birch LLC', null]])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_UNBOUNDED_NAME, 3);
  });

  it('grades a list of one party or of more than two lower than a list of two', () => {
    expect(confidenceOf([['Alder Corp.', 'Seller']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_LIST_SIZE, 3);
    expect(confidenceOf([['Alder Corp.', 'Seller'], ['Birch LLC', 'Buyer'], ['Cedar Ltd', 'Agent']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_LIST_SIZE, 3);
  });

  it('grades the one company of an unsigned form whose other party is unnamed (`sole`) as a list of two, and a list of one otherwise', () => {
    expect(confidenceOf([['Alder Corp.', 'Company', 'sole']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE, 3);
    expect(confidenceOf([['Alder Corp.', 'Company']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_LIST_SIZE, 3);
  });

  it('grades a list whose second party is the one person who signs where the preamble leaves it unnamed as that signer, far above a signature-only list', () => {
    const signer = confidenceOf([['Alder Corp.', 'Company'], ['Jane Roe', null, 'signer']]);
    expect(signer).toBeCloseTo(PARTY_SIGNER_CONFIDENCE, 3);
    expect(signer).toBeLessThan(PARTY_PREAMBLE_CONFIDENCE);
    // A company its shape alone ends takes the list below the signer's grade.
    expect(confidenceOf([['Alder Corp', null], ['Jane Roe', null, 'signer']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_UNBOUNDED_NAME, 3);
    expect(confidenceOf([['Alder Corp.', null, 'signature'], ['Birch LLC', null, 'signature']])).toBeCloseTo(PARTY_SIGNATURE_CONFIDENCE, 3);
  });

  it('grades a preamble list of three or more companies, each name ending in a legal form, nearly as a list of two (ADR 0039)', () => {
    const companies = confidenceOf([['Alder Corp.', 'Seller', 'company'], ['Birch LLC', 'Buyer', 'company'], ['Cedar Ltd', 'Agent', 'company']]);
    expect(companies).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_COMPANY_LIST_SIZE, 3);
    expect(companies).toBeGreaterThanOrEqual(0.8);
    // One party that is no company (a person, an institution) keeps the lower grade of a long list.
    expect(confidenceOf([['Alder Corp.', 'Seller', 'company'], ['Birch LLC', 'Buyer', 'company'], ['Jane Roe', 'Consultant']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE - PARTY_LIST_SIZE, 3);
    // Companies read from the signature block alone stay far below.
    expect(confidenceOf([['Alder Corp.', null, 'signed-company'], ['Birch LLC', null, 'signed-company'], ['Cedar Ltd', null, 'signed-company']])).toBeCloseTo(PARTY_SIGNATURE_CONFIDENCE - PARTY_LIST_SIZE, 3);
    // Two companies are graded as any list of two.
    expect(confidenceOf([['Alder Corp.', 'Seller', 'company'], ['Birch LLC', 'Buyer', 'company']])).toBeCloseTo(PARTY_PREAMBLE_CONFIDENCE, 3);
  });

  it('grades the companies of the signature blocks an opening points to ("the undersigned hereby agree") as preamble companies, far above a signature-only list (ADR 0043)', () => {
    const two = confidenceOf([['Alder Fund L.P.', null, 'signatory'], ['Alder GP LLC', null, 'signatory']]);
    expect(two).toBeCloseTo(PARTY_SIGNATORY_CONFIDENCE, 3);
    expect(two).toBeGreaterThan(PARTY_SIGNATURE_CONFIDENCE);
    // Three or more bounded names: at the default threshold, as a preamble's companies.
    expect(confidenceOf([['Alder Fund L.P.', null, 'signatory'], ['Alder GP LLC', null, 'signatory'], ['Korea Telecom', null, 'signatory']])).toBeCloseTo(PARTY_SIGNATORY_CONFIDENCE - PARTY_COMPANY_LIST_SIZE, 3);
    // A name nothing bounds takes a long list below it.
    expect(confidenceOf([['Alder Fund L.P.', null, 'signatory'], ['Alder GP LLC', null, 'signatory'], ['Birch', null, 'signatory-unbounded']])).toBeCloseTo(PARTY_SIGNATORY_CONFIDENCE - PARTY_LIST_SIZE, 3);
  });
});
