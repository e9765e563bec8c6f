/**
 * Grades of party lists (ADR 0025): each party by where it was read, lower for a preamble
 * party whose name only its shape ends (`detail.bounded` false); the list by its weakest
 * party, lower for a list of one party or of more than two.
 */
import { describe, expect, it } from 'vitest';
import { adaptContract } from '@paxman/contract';
import { type CandidateResult, type Evidence, mergePolicy } from '@paxman/core';
import { reconcile } from './reconcile.js';
import { PARTY_LIST_SIZE, PARTY_PREAMBLE_CONFIDENCE, PARTY_UNBOUNDED_NAME } from './rubric.js';

const contract = adaptContract({
  id: 'parties',
  version: '1',
  fields: [{ name: 'parties', type: 'ARRAY', required: false, tags: ['party'], items: { type: 'STRING' }, confidence_threshold: 0.5 }],
});
const policy = mergePolicy({}, {});

/** A preamble party list: each party a name and the term it is called by (null: none printed, and the name ends in no legal form). */
function partyResult(parties: readonly (readonly [string, string | null])[]): CandidateResult {
  const evidence: Evidence[] = parties.map(([name, term], index) => ({
    id: `ev_${index}`,
    capability: 'record_reading@1.2.0',
    fieldPath: 'parties',
    kind: 'RECORD_CELL',
    spans: [{ start: index * 40, end: index * 40 + name.length, layer: 'input' }],
    text: name,
    ...(term === null ? {} : { label: term }),
    grounds: [{ kind: 'layout', role: 'preamble', unique: true, confirmed: false }],
    detail: { item: index, member: '', source: 'preamble', confirmed: false, bounded: term !== null },
  }));
  return {
    fieldPath: 'parties',
    candidates: [{ fieldPath: 'parties', value: parties.map(([name]) => name), raw: '', capability: 'record_reading@1.2.0', tier: 1, evidenceIds: evidence.map((record) => record.id) }],
    evidence,
    diagnostics: [],
    steps: [],
    status: 'COMPLETED',
  };
}

function confidenceOf(parties: readonly (readonly [string, string | null])[]): number {
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
});
