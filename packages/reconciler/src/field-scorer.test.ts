/** Tests of the early-stop scorer: same rubric as `reconcile`, curried form for the executor. */
import { defineContract } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { policy, resultOf, sighting } from '../test/support.js';
import { createFieldScorer, scoreField } from './field-scorer.js';
import { reconcile } from './reconcile.js';

const contract = defineContract({ id: 's', fields: [{ path: 'number', type: 'STRING', required: true }, { path: 'buyer', type: 'OBJECT', fields: [{ path: 'buyer.name', type: 'STRING' }] }] });

describe('scoreField', () => {
  it('scores what reconcile would report', () => {
    const found = [sighting('number', { kind: 'EXACT_LABEL', value: 'A-1', at: [0, 3] }), sighting('number', { kind: 'SYNONYM_LABEL', value: 'A-1', at: [10, 13] })];
    const input = { fieldPath: 'number', candidates: found.map((entry) => entry.candidate), evidence: found.flatMap((entry) => entry.evidence) };
    const expected = reconcile({ contract, candidateResults: [resultOf('number', found)], policy: policy() })[0]!.confidence;
    expect(scoreField(input, { contract, policy: policy() })).toBe(expected);
    expect(createFieldScorer(contract, policy()).score(input)).toBe(expected);
  });

  it('scores nested paths, and 0 for nothing usable or an unknown path', () => {
    const found = [sighting('buyer.name', { kind: 'EXACT_LABEL', value: 'Bob', at: [0, 3] })];
    expect(scoreField({ fieldPath: 'buyer.name', candidates: found.map((entry) => entry.candidate), evidence: found.flatMap((entry) => entry.evidence) }, { contract, policy: policy() })).toBeCloseTo(0.984, 10);
    expect(scoreField({ fieldPath: 'number', candidates: [], evidence: [] }, { contract, policy: policy() })).toBe(0);
    expect(scoreField({ fieldPath: 'nope', candidates: [], evidence: [] }, { contract, policy: policy() })).toBe(0);
  });

  it('never lets a strong conflict stop a chain early', () => {
    const found = [sighting('number', { kind: 'EXACT_LABEL', value: 'A-1', at: [0, 3] }), sighting('number', { kind: 'EXACT_LABEL', value: 'B-2', at: [10, 13] })];
    const score = scoreField({ fieldPath: 'number', candidates: found.map((entry) => entry.candidate), evidence: found.flatMap((entry) => entry.evidence) }, { contract, policy: policy() });
    expect(score).toBeLessThanOrEqual(0.5);
  });

  it('reconciles the lists it scored as they are now: items added after scoring count, the same items give the same result', () => {
    const effective = policy();
    const first = sighting('number', { kind: 'EXACT_LABEL', value: 'A-1', at: [0, 3] });
    const candidates = [first.candidate];
    const evidence = [...first.evidence];
    const result = { ...resultOf('number', []), candidates, evidence };
    const score = createFieldScorer(contract, effective).score({ fieldPath: 'number', candidates, evidence });
    const same = reconcile({ contract, candidateResults: [result], policy: effective })[0]!;
    expect(same.confidence).toBe(score);
    expect(same.value).toBe('A-1');
    const rival = sighting('number', { kind: 'EXACT_LABEL', value: 'B-2', at: [10, 13] });
    candidates.push(rival.candidate);
    evidence.push(...rival.evidence);
    const now = reconcile({ contract, candidateResults: [result], policy: effective })[0]!;
    const fresh = reconcile({ contract, candidateResults: [resultOf('number', [first, rival])], policy: effective })[0]!;
    expect(now).toEqual(fresh);
    expect(now.status).not.toBe('SUCCESS');
    candidates.pop();
    evidence.splice(first.evidence.length);
    expect(reconcile({ contract, candidateResults: [result], policy: effective })[0]).toEqual(same);
  });

  it('hands reconcile the assessment the executor declared final, and only that one', () => {
    const effective = policy();
    const found = [sighting('number', { kind: 'EXACT_LABEL', value: 'A-1', at: [0, 3] })];
    const input = { fieldPath: 'number', candidates: found.map((entry) => entry.candidate), evidence: found.flatMap((entry) => entry.evidence) };
    const scorer = createFieldScorer(contract, effective);
    const score = scorer.score(input);
    expect(scorer.finalAssessment('number')).toBeUndefined();
    scorer.chainEnded('number', true);
    expect(scorer.finalAssessment('number')).toMatchObject({ hasValue: true, confidence: score, value: 'A-1' });
    // A later score of part of the field (the executor picking the value passed forward) leaves the final one alone.
    scorer.score({ fieldPath: 'number', candidates: [], evidence: [] });
    expect(scorer.finalAssessment('number')?.confidence).toBe(score);
    const reused = reconcile({ contract, candidateResults: [resultOf('number', found)], policy: effective, scored: scorer })[0]!;
    expect(reused).toEqual(reconcile({ contract, candidateResults: [resultOf('number', found)], policy: effective })[0]);
    // Not final (something was found after the last score): reconcile assesses the field itself.
    scorer.score(input);
    scorer.chainEnded('number', false);
    expect(scorer.finalAssessment('number')).toBeUndefined();
  });
});
