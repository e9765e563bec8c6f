/**
 * Laws of reconciliation (fast-check): the result does not depend on candidate order; a
 * duplicate of an existing candidate with the same evidence changes nothing; an agreeing
 * independent sighting never lowers confidence; a conflicting one never raises it (while
 * the winner stays the winner); the early-stop scorer agrees with `reconcile`.
 */
import { fc, test } from '@fast-check/vitest';
import { type CanonicalContract, defineContract } from '@paxman/contract';
import type { Candidate, CandidateResult, Evidence, EvidenceKind, Grounds, JsonValue, ModelQuote } from '@paxman/core';
import { canonicalJson, isPlainObject } from '@paxman/core';
import { describe, expect } from 'vitest';
import { policy } from '../test/support.js';
import { agreementKey } from './agreement-key.js';
import { scoreField } from './field-scorer.js';
import { reconcile } from './reconcile.js';

const FINDING_KINDS: readonly EvidenceKind[] = ['STRUCTURED_KEY', 'EXACT_LABEL', 'SYNONYM_LABEL', 'FUZZY_LABEL', 'CONTRACT_PATTERN', 'RECOGNIZER', 'LOOKUP', 'DERIVED', 'INFERENCE'];

interface Spec {
  readonly kind: EvidenceKind;
  readonly value: JsonValue;
  /** Span slot (0..5) or null for sourceless evidence. */
  readonly slot: number | null;
  /** Reading grounds and, for unlabelled and model findings, what their grounds say. */
  readonly reading: { readonly unique: boolean; readonly currency: 'code' | 'symbol' | 'symbol-ambiguous' | 'hint'; readonly ambiguous: boolean; readonly quote: ModelQuote };
  /** A check attached to the candidate: a derived relation that supports or contradicts it, or a failed validation. */
  readonly check: 'SUPPORTS' | 'CONTRADICTS' | 'FAILED_VALIDATION' | null;
}

const stringValue = fc.constantFrom<JsonValue>('Acme', 'acme', 'Globex', 'Initech');
const moneyValue = fc.record({ amount: fc.constantFrom('10.00', '10', '20.00', '7.5'), currency: fc.constantFrom<JsonValue>('USD', 'EUR', null) }) as fc.Arbitrary<JsonValue>;

function specArbitrary(value: fc.Arbitrary<JsonValue>): fc.Arbitrary<Spec> {
  return fc.record({
    kind: fc.constantFrom(...FINDING_KINDS),
    value,
    slot: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
    reading: fc.record({
      unique: fc.boolean(),
      currency: fc.constantFrom('code', 'symbol', 'symbol-ambiguous', 'hint'),
      ambiguous: fc.boolean(),
      // Quotes aimed at the model are left out: one such quote deliberately caps the value (LOW), agreeing or not.
      quote: fc.constantFrom<ModelQuote>('exact', 'labelled'),
    }),
    check: fc.constantFrom<Spec['check']>(null, null, null, 'SUPPORTS', 'CONTRADICTS', 'FAILED_VALIDATION'),
  });
}

interface Generated {
  readonly candidate: Candidate;
  readonly evidence: readonly Evidence[];
}

/** The grounds a capability would state for the spec's finding. */
function groundsOf(spec: Spec): Grounds[] {
  const finding: Grounds[] = spec.kind === 'RECOGNIZER' ? [{ kind: 'recognizer', recognizer: '', unique: spec.reading.unique }] : spec.kind === 'INFERENCE' ? [{ kind: 'model-quote', quote: spec.reading.quote }] : [];
  return [...finding, { kind: 'currency-reading', source: spec.reading.currency }, ...(spec.reading.ambiguous ? [{ kind: 'ambiguous-reading' } as const] : [])];
}

function toSighting(fieldPath: string, spec: Spec, index: number): Generated {
  const slot = spec.kind === 'INFERENCE' && spec.slot === null ? 0 : spec.slot;
  const id = `ev-${index}-${spec.kind}-${slot ?? 'none'}`;
  const evidence: Evidence[] = [
    { id, capability: `cap-${spec.kind.toLowerCase()}@1.0.0`, fieldPath, kind: spec.kind, spans: slot === null ? [] : [{ start: slot * 10, end: slot * 10 + 3, layer: 'input' }], grounds: groundsOf(spec) },
  ];
  if (spec.check === 'SUPPORTS' || spec.check === 'CONTRADICTS') evidence.push({ id: `check-${index}`, capability: 'derived@1.0.0', fieldPath, kind: 'DERIVED', spans: [], verdict: spec.check });
  if (spec.check === 'FAILED_VALIDATION') evidence.push({ id: `check-${index}`, capability: 'validation@1.0.0', fieldPath, kind: 'VALIDATION', spans: [], verdict: 'CONTRADICTS' });
  const candidate: Candidate = { fieldPath, value: spec.value, raw: canonicalJson(spec.value), capability: evidence[0]!.capability, tier: spec.kind === 'INFERENCE' ? 5 : 1, evidenceIds: evidence.map((record) => record.id) };
  return { candidate, evidence };
}

function resultFrom(fieldPath: string, sightings: readonly Generated[]): CandidateResult {
  return { fieldPath, candidates: sightings.map((entry) => entry.candidate), evidence: sightings.flatMap((entry) => entry.evidence), diagnostics: [], steps: [], status: 'COMPLETED' };
}

/** A MONEY amount without a currency supports the same amount in any currency, so it is not a conflict. */
function supportsAsBareAmount(candidate: JsonValue, target: JsonValue): boolean {
  if (!isPlainObject(candidate) || !isPlainObject(target) || candidate.currency !== null) return false;
  return agreementKey('DECIMAL', candidate.amount ?? null) === agreementKey('DECIMAL', target.amount ?? null);
}

const cases: readonly { readonly name: string; readonly contract: CanonicalContract; readonly value: fc.Arbitrary<JsonValue> }[] = [
  { name: 'STRING', contract: defineContract({ id: 'p', fields: [{ path: 'f', type: 'STRING', required: true }] }), value: stringValue },
  { name: 'MONEY', contract: defineContract({ id: 'p', fields: [{ path: 'f', type: 'MONEY', required: true }] }), value: moneyValue },
];

function run(contract: CanonicalContract, sightings: readonly Generated[], dominantCurrency: string | null = null) {
  return reconcile({ contract, candidateResults: [resultFrom('f', sightings)], policy: policy(), documentContext: { dominantCurrency } })[0]!;
}

function leaderValue(result: ReturnType<typeof run>): JsonValue | undefined {
  if (result.value !== null && !result.defaulted) return result.value;
  return result.conflict?.values[0]?.value;
}

describe.each(cases)('reconcile laws ($name)', ({ name, contract, value }) => {
  const sameValue = (left: JsonValue, right: JsonValue) => agreementKey(name as 'STRING' | 'MONEY', left) === agreementKey(name as 'STRING' | 'MONEY', right);
  const specs = fc.array(specArbitrary(value), { minLength: 0, maxLength: 6 });

  test.prop([specs, fc.func(fc.integer()), fc.constantFrom<string | null>(null, 'USD', 'EUR')])('is independent of candidate and evidence order', (list, order, dominant) => {
    const sightings = list.map((spec, index) => toSighting('f', spec, index));
    const shuffled = sightings.map((entry, index) => ({ entry, key: order(index) })).sort((left, right) => left.key - right.key).map(({ entry }) => entry);
    const reversedEvidence = [...shuffled].reverse();
    const base = run(contract, sightings, dominant);
    const other = reconcile({
      contract,
      candidateResults: [{ ...resultFrom('f', shuffled), evidence: reversedEvidence.flatMap((entry) => [...entry.evidence].reverse()) }],
      policy: policy(),
      documentContext: { dominantCurrency: dominant },
    })[0]!;
    expect(canonicalJson(other as unknown as JsonValue)).toBe(canonicalJson(base as unknown as JsonValue));
  });

  test.prop([specs.filter((list) => list.length > 0), fc.nat()])('a duplicate of an existing candidate with the same evidence changes nothing', (list, pick) => {
    const sightings = list.map((spec, index) => toSighting('f', spec, index));
    const duplicate = sightings[pick % sightings.length]!;
    const base = run(contract, sightings);
    const withDuplicate = reconcile({ contract, candidateResults: [{ ...resultFrom('f', sightings), candidates: [...sightings.map((entry) => entry.candidate), duplicate.candidate] }], policy: policy() })[0]!;
    expect(canonicalJson(withDuplicate as unknown as JsonValue)).toBe(canonicalJson(base as unknown as JsonValue));
  });

  test.prop([specs, specArbitrary(value)])('an agreeing independent sighting never lowers confidence', (list, extra) => {
    const sightings = list.map((spec, index) => toSighting('f', spec, index));
    const base = run(contract, sightings);
    const target = leaderValue(base);
    fc.pre(target !== undefined);
    const agreeing = toSighting('f', { ...extra, value: target!, slot: extra.slot === null ? null : 100 + extra.slot, check: null }, 1000);
    const after = run(contract, [...sightings, agreeing]);
    expect(after.confidence).toBeGreaterThanOrEqual(base.confidence - 1e-12);
  });

  test.prop([specs, specArbitrary(value)])('a conflicting sighting never raises confidence while the winner stays', (list, extra) => {
    const sightings = list.map((spec, index) => toSighting('f', spec, index));
    const base = run(contract, sightings);
    const target = leaderValue(base);
    fc.pre(target !== undefined && !sameValue(extra.value, target) && !supportsAsBareAmount(extra.value, target));
    const conflicting = toSighting('f', { ...extra, slot: extra.slot === null ? null : 100 + extra.slot, check: null }, 1000);
    const after = run(contract, [...sightings, conflicting]);
    const winner = leaderValue(after);
    fc.pre(winner !== undefined && sameValue(winner, target!));
    expect(after.confidence).toBeLessThanOrEqual(base.confidence + 1e-12);
  });

  test.prop([specs])('scoreField gives the confidence reconcile reports for a value', (list) => {
    const sightings = list.map((spec, index) => toSighting('f', spec, index));
    const result = run(contract, sightings);
    const score = scoreField({ fieldPath: 'f', candidates: sightings.map((entry) => entry.candidate), evidence: sightings.flatMap((entry) => entry.evidence) }, { contract, policy: policy(), documentContext: { dominantCurrency: null } });
    const foundSomething = result.value !== null || result.unresolvedReason === 'BELOW_THRESHOLD' || result.unresolvedReason === 'CONFLICT';
    if (foundSomething) expect(score).toBeCloseTo(result.confidence, 12);
    else expect(score).toBe(0);
  });
});
