/** `buildArtifact`: normalized data, unresolved list, evidence and diagnostic order, counters, the seal. */
import { compareDiagnostics, deepFreeze, isSha256Hex } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { candidateResults, contract, plan, resolved, sampleArtifact, sampleOptions, sourceText } from './__fixtures__/sample-run.js';
import { listDiagnostics } from './artifact-diagnostics.js';
import { buildArtifact } from './build-artifact.js';
import { parseArtifact, serializeArtifact } from './parse-artifact.js';
import { ARTIFACT_VERSION } from './artifact-version.js';
import { computeReplayHash } from './replay-hash.js';

describe('buildArtifact', () => {
  const artifact = sampleArtifact();

  it('puts only resolved and defaulted fields in normalizedData, in the canonical encoding', () => {
    expect(artifact.normalizedData).toEqual({
      total_amount: { amount: '811.88', currency: 'USD' },
      invoice_date: '2026-01-15',
      currency_code: 'USD',
      buyer: { name: 'Globex Ltd' },
    });
    expect(artifact.fieldResults['currency_code']).toMatchObject({ defaulted: true, value: 'USD' });
  });

  it('lists unresolved fields in contract order and never gives them a value', () => {
    expect(artifact.unresolvedFields).toEqual(['purchase_order']);
    for (const path of artifact.unresolvedFields) expect(artifact.normalizedData).not.toHaveProperty(path);
  });

  it('keeps a field result for every contract field, filling missing verdicts as unresolved', () => {
    const partial = sampleArtifact({ resolved: [], missingFieldReason: 'EXECUTION_FAILED' });
    expect(Object.keys(partial.fieldResults).sort()).toEqual(['buyer', 'buyer.name', 'currency_code', 'invoice_date', 'purchase_order', 'total_amount']);
    expect(partial.fieldResults['total_amount']).toMatchObject({ status: 'UNRESOLVED', value: null, unresolvedReason: 'EXECUTION_FAILED' });
    expect(partial.normalizedData).toEqual({});
    expect(partial.unresolvedFields).toHaveLength(6);
  });

  it('keeps every evidence record once, in contract order then id, with spans that slice back to the source', () => {
    expect(artifact.evidence.map((record) => record.id)).toEqual(['ev_total', 'ev_total_pattern', 'ev_date', 'ev_buyer']);
    for (const record of artifact.evidence) {
      const [span] = record.spans;
      expect(sourceText.slice(span!.start, span!.end)).toBe(record.text);
    }
  });

  it('stores each diagnostic once, where it belongs: the plan, its field, or the top level', () => {
    expect(artifact.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['test.PROFILED']);
    expect(artifact.plan!.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['test.OPTIONAL_FIELD']);
    // The capability's diagnostic (reported twice) and the reconciler's both name purchase_order.
    expect(artifact.fieldResults['purchase_order']!.diagnostics.map((diagnostic) => `${diagnostic.stage}:${diagnostic.code}`)).toEqual(['capability:test.NO_MATCH', 'reconcile:FIELD_UNRESOLVED']);
    for (const [path, result] of Object.entries(artifact.fieldResults)) for (const diagnostic of result.diagnostics) expect(diagnostic.fieldPath).toBe(path);
  });

  it('lists every diagnostic of every stage with listDiagnostics, sorted and without exact duplicates', () => {
    const all = listDiagnostics(artifact);
    expect(all.map((diagnostic) => diagnostic.stage)).toEqual(['profile', 'plan', 'capability', 'reconcile']);
    expect([...all].sort(compareDiagnostics)).toEqual(all);
  });

  it('keeps a diagnostic without a contract field, or naming an unknown one, at the top level, and a copy of a plan diagnostic only in the plan', () => {
    const planCopy = plan.diagnostics[0]!;
    const stray = { code: 'test.ODD', severity: 'WARNING', stage: 'execution', message: 'Not a contract field.', fieldPath: 'nowhere' } as const;
    const run = { code: 'test.RUN', severity: 'INFO', stage: 'capability', message: 'Run-level note.', capability: 'explicit_evidence@1.0.0' } as const;
    const built = sampleArtifact({ diagnostics: [planCopy, stray, run] });
    expect(built.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['test.ODD', 'test.RUN']);
    expect(built.plan!.diagnostics).toEqual([planCopy]);
    expect(listDiagnostics(built).filter((diagnostic) => diagnostic.code === planCopy.code)).toHaveLength(1);
    expect(parseArtifact(serializeArtifact(built))).toStrictEqual(built);
  });

  it('records contract, input, versions and deterministic counters apart from timings', () => {
    expect(artifact.contract).toEqual({ id: 'invoice', version: '2', fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(artifact.input.inputType).toBe('text');
    expect(artifact.versions).toEqual({
      paxman: '0.1.0',
      planner: '1.0.0',
      artifact: ARTIFACT_VERSION,
      capabilities: { explicit_evidence: '1.0.0', pattern_extraction: '1.0.0', text_extraction: '1.0.0' },
    });
    expect(artifact.statistics.counters).toMatchObject({
      totalFields: 6,
      resolvedFields: 2,
      partialFields: 1,
      unresolvedFields: 1,
      defaultedFields: 1,
      evidenceRecords: 4,
      candidates: 4,
      capabilityInvocations: 7,
      costUsd: '0',
    });
    expect(artifact.statistics.timings).toEqual({ totalMs: 4.5, stages: { plan: 0.25 }, capabilities: { 'explicit_evidence@1.0.0': 1.25, 'pattern_extraction@1.0.0': 0.5 } });
  });

  it('sums the cost of each capability (reported where not zero, else estimated), leaving out malformed amounts', () => {
    const costed = sampleArtifact({
      execution: {
        steps: [
          { capability: 'inference@1.0.0', invocations: 1, estimatedUsd: '0.5', reportedUsd: '0', tokens: 10, durationMs: 1 },
          { capability: 'inference@1.0.0', invocations: 1, estimatedUsd: '0.5', reportedUsd: '0.25', tokens: 10, durationMs: 1 },
          { capability: 'inference@1.0.0', invocations: 1, estimatedUsd: 'lots', reportedUsd: '0.000', tokens: 0, durationMs: 1 },
          { capability: 'explicit_evidence@1.0.0', invocations: 6, estimatedUsd: '0', reportedUsd: '0', tokens: 0, durationMs: 1 },
        ],
        totalInvocations: 9,
        remoteInferenceCalls: 3,
        totalUsd: '0.750',
        totalTokens: 20,
        durationMs: 4,
      },
    });
    expect(costed.statistics.counters.costUsd).toBe('0.75');
    expect(costed.statistics.counters.capabilities).toEqual([
      { capability: 'explicit_evidence@1.0.0', invocations: 6, tokens: 0, costUsd: '0' },
      { capability: 'inference@1.0.0', invocations: 3, tokens: 20, costUsd: '0.75' },
    ]);
    expect(computeReplayHash(costed)).toBe(costed.replayHash);
  });

  it('seals the artifact with a replay hash of its content and freezes it', () => {
    expect(isSha256Hex(artifact.replayHash)).toBe(true);
    expect(computeReplayHash(artifact)).toBe(artifact.replayHash);
    expect(Object.isFrozen(artifact)).toBe(true);
    expect(Object.isFrozen(artifact.fieldResults['total_amount'])).toBe(true);
    expect(Object.isFrozen(artifact.fieldResults['total_amount']!.value)).toBe(true);
    expect(Object.isFrozen(artifact.statistics.timings.stages)).toBe(true);
  });

  it('is built in canonical form: its plain JSON text is its canonical text, and parsing that gives it back', () => {
    const text = serializeArtifact(artifact);
    expect(JSON.stringify(artifact)).toBe(text);
    expect(parseArtifact(text)).toStrictEqual(artifact);
    expect(JSON.parse(text)).toStrictEqual(artifact);
  });

  it('records the plan as frozen data, and the hash covers it', () => {
    const sharedPlan = deepFreeze(structuredClone(plan));
    const first = sampleArtifact({ plan: sharedPlan });
    const other = sampleArtifact({ plan: { ...sharedPlan, inputContentHash: 'ef'.repeat(32) } });
    expect(first.plan).toEqual(plan);
    expect(Object.isFrozen(first.plan!.fieldPlans)).toBe(true);
    expect(first.replayHash).toBe(artifact.replayHash);
    expect(other.replayHash).not.toBe(first.replayHash);
    expect(Object.keys(artifact.fieldResults)).toEqual(Object.keys(artifact.fieldResults).sort());
  });

  it('records each capability at the version of the last plan step naming it, the given versions over the plan\'s, in key order', () => {
    const steps = (versions: readonly string[]) => versions.map((capability) => ({ ...plan.fieldPlans[0]!.steps[0]!, capability }));
    const twoVersions = deepFreeze({
      ...plan,
      fieldPlans: [
        { ...plan.fieldPlans[0]!, steps: steps(['validation@1.0.0', 'explicit_evidence@1.0.0', 'validation@1.2.0']) },
        { ...plan.fieldPlans[1]!, steps: steps(['validation@1.1.0', 'explicit_evidence@2.0.0', 'no-version', 'derived@']) },
        { ...plan.fieldPlans[2]!, steps: steps(['explicit_evidence@1.0.0']) },
      ],
    });
    const built = sampleArtifact({ plan: twoVersions, versions: { paxman: '0.1.0', planner: '1.0.0', capabilities: { validation: '9.0.0', text_extraction: '1.0.0' } } });
    expect(built.versions.capabilities).toEqual({ explicit_evidence: '1.0.0', text_extraction: '1.0.0', validation: '9.0.0' });
    expect(Object.keys(built.versions.capabilities)).toEqual(['explicit_evidence', 'text_extraction', 'validation']);
    expect(sampleArtifact({ plan: twoVersions, versions: { paxman: '0.1.0', planner: '1.0.0' } }).versions.capabilities).toEqual({ explicit_evidence: '1.0.0', validation: '1.1.0' });
  });

  it('neither freezes nor changes what it was given', () => {
    const options = sampleOptions();
    const before = JSON.stringify(options);
    buildArtifact(options);
    expect(JSON.stringify(options)).toBe(before);
    expect(Object.isFrozen(options.resolved![0]!.value)).toBe(false);
    expect(Object.isFrozen(options.candidateResults![0]!.evidence[0])).toBe(false);
  });

  it('gives the same hash whatever the id, creation time, timings or order of evidence and diagnostics', () => {
    const reordered = sampleArtifact({
      id: 'another',
      createdAt: '2030-01-01T00:00:00.000Z',
      timings: { totalMs: 99 },
      candidateResults: [...candidateResults].reverse().map((result) => ({ ...result, evidence: [...result.evidence].reverse(), diagnostics: [...result.diagnostics].reverse() })),
    });
    expect(reordered.replayHash).toBe(artifact.replayHash);
  });

  it('changes the hash when the status or a value changes', () => {
    expect(sampleArtifact({ status: 'SUCCESS' }).replayHash).not.toBe(artifact.replayHash);
    expect(sampleArtifact({ input: { ...artifact.input, size: 1 } }).replayHash).not.toBe(artifact.replayHash);
  });

  it('builds an INVALID_CONTRACT artifact with no contract and no plan', () => {
    const invalid = sampleArtifact({
      status: 'INVALID_CONTRACT',
      contract: null,
      contractIdentity: { id: 'broken', version: null },
      plan: null,
      candidateResults: [],
      resolved: [],
      diagnostics: [{ code: 'MISSING_TYPE', severity: 'ERROR', stage: 'contract', message: 'Field has no type.', context: { path: 'fields[0]' } }],
    });
    expect(invalid).toMatchObject({ status: 'INVALID_CONTRACT', plan: null, fieldResults: {}, normalizedData: {}, unresolvedFields: [], contract: { id: 'broken', version: null, fingerprint: null } });
    expect(invalid.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['MISSING_TYPE']);
    expect(computeReplayHash(invalid)).toBe(invalid.replayHash);
  });

  it('re-encodes normalizedData with the given encoder (for JSON Schema and Zod contracts)', () => {
    const encoded = sampleArtifact({ encodeNormalizedData: (data) => ({ ...data, total_amount: 811.88 }) });
    expect(encoded.normalizedData).toMatchObject({ total_amount: 811.88 });
    expect(encoded.fieldResults['total_amount']!.value).toEqual({ amount: '811.88', currency: 'USD' });
  });

  it('drops evidence ids that name no evidence record, with a diagnostic, so the artifact stays parseable', () => {
    const dangling = sampleArtifact({ resolved: resolved.map((result) => (result.fieldPath === 'invoice_date' ? { ...result, evidenceIds: ['ev_date', 'ev_ghost'] } : result)) });
    expect(dangling.fieldResults['invoice_date']!.evidenceIds).toEqual(['ev_date']);
    expect(dangling.fieldResults['invoice_date']!.diagnostics).toContainEqual(expect.objectContaining({ code: 'DANGLING_EVIDENCE_ID', stage: 'artifact', fieldPath: 'invoice_date' }));
    expect(parseArtifact(serializeArtifact(dangling))).toStrictEqual(dangling);
  });

  it('names the contract it was built with', () => {
    expect(artifact.contract.id).toBe(contract.id);
  });
});
