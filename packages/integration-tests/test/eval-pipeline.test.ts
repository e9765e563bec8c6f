/**
 * The whole pipeline on every case of the evaluation corpora: every run ends in a real
 * status with a verifiable artifact that agrees with itself, evidence that points at
 * the source text, and values that are mostly right — asserted as general properties
 * and a few unmistakable values, not exact scores that move as quality work goes on.
 */
import { ConfidenceBand, type ExecutionArtifact, listDiagnostics, normalize, replay, serializeArtifact, verifyArtifact } from 'paxman';
import { canonicalHash, canonicalJson } from '@paxman/core';
import { setImmediate } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORPORA, type EvalCase, type EvalCorpus, loadCorpus, matchesExpected } from './support/eval-corpus.js';

const decoder = new TextDecoder();

interface CaseRun {
  readonly evalCase: EvalCase;
  readonly artifact: ExecutionArtifact;
}

describe.each(CORPORA)('corpus %s', (corpusName) => {
  let corpus: EvalCorpus;
  const runs: CaseRun[] = [];

  beforeAll(async () => {
    corpus = loadCorpus(corpusName);
    for (const evalCase of corpus.cases) {
      runs.push({ evalCase, artifact: await normalize(evalCase.bytes, { contract: corpus.contractText }) });
      // A turn of the event loop per case: the worker answers vitest's RPC in time (tooling/scripts/yield-between-tests.ts).
      await setImmediate();
    }
  }, 120_000);

  it('ends every case in a reconciled status with a result for every contract field', () => {
    expect(runs.length).toBeGreaterThan(0);
    for (const { evalCase, artifact } of runs) {
      expect(['SUCCESS', 'PARTIAL_SUCCESS', 'UNRESOLVED'], `${evalCase.id}: ${artifact.status} ${JSON.stringify(listDiagnostics(artifact).filter((d) => d.severity === 'ERROR'))}`).toContain(artifact.status);
      expect(artifact.contract.id).toBe(corpus.contract.id);
      for (const field of corpus.contract.fields) expect(artifact.fieldResults, `${evalCase.id}.${field.name}`).toHaveProperty([field.name]);
    }
  });

  it('writes every artifact and its replay hash byte-identically in the reference canonical-JSON mode', () => {
    for (const { evalCase, artifact } of runs) {
      expect(canonicalJson(artifact, { reference: true }), evalCase.id).toBe(serializeArtifact(artifact));
      const { id: _id, createdAt: _createdAt, replayHash, statistics, ...rest } = artifact;
      expect(canonicalHash({ ...rest, statistics: { counters: statistics.counters } }, { reference: true }), evalCase.id).toBe(replayHash);
    }
  });

  it('seals every artifact with a hash of its content, replays it from JSON and records the input it read', async () => {
    for (const { evalCase, artifact } of runs) {
      expect(verifyArtifact(artifact)).toBe(artifact.replayHash);
      expect(await replay(serializeArtifact(artifact), { contract: corpus.contractText })).toStrictEqual(artifact);
      expect(artifact.input.size).toBe(evalCase.bytes.length);
      expect(artifact.plan?.inputContentHash).toBe(artifact.input.contentHash);
    }
  });

  it('keeps normalizedData, fieldResults and unresolvedFields consistent', () => {
    for (const { evalCase, artifact } of runs) {
      for (const [name, value] of Object.entries(artifact.normalizedData)) {
        const result = artifact.fieldResults[name]!;
        expect(result.status === 'SUCCESS' || result.status === 'PARTIAL_SUCCESS' || result.defaulted, `${evalCase.id}.${name}`).toBe(true);
        expect(value).toEqual(result.value);
      }
      for (const name of artifact.unresolvedFields) {
        expect(artifact.normalizedData, `${evalCase.id}.${name}`).not.toHaveProperty([name]);
        expect(['UNRESOLVED', 'EXECUTION_FAILED']).toContain(artifact.fieldResults[name]!.status);
      }
      for (const result of Object.values(artifact.fieldResults)) {
        expect(result.confidence).toBeGreaterThanOrEqual(0);
        expect(result.confidence).toBeLessThanOrEqual(1);
        expect(Object.values(ConfidenceBand)).toContain(result.band);
      }
    }
  });

  it('backs every resolved value with evidence whose input spans slice back to the source text', () => {
    let sliced = 0;
    for (const { evalCase, artifact } of runs) {
      const inputText = decoder.decode(evalCase.bytes);
      const evidenceById = new Map(artifact.evidence.map((record) => [record.id, record]));
      for (const [name, result] of Object.entries(artifact.fieldResults)) {
        if ((result.status !== 'SUCCESS' && result.status !== 'PARTIAL_SUCCESS') || result.defaulted) continue;
        expect(result.evidenceIds.length, `${evalCase.id}.${name} has no evidence`).toBeGreaterThan(0);
        for (const id of result.evidenceIds) expect(evidenceById.has(id), `${evalCase.id}.${name} → ${id}`).toBe(true);
      }
      for (const record of artifact.evidence) {
        expect(record.capability).toMatch(/^[a-z_]+@\d+\.\d+\.\d+$/);
        for (const span of record.spans) {
          expect(span.start).toBeLessThanOrEqual(span.end);
          if (span.layer === 'input') expect(span.end).toBeLessThanOrEqual(inputText.length);
        }
        // The text of an evidence record is the source text of its primary (first) span.
        const [primary] = record.spans;
        if (primary !== undefined && primary.layer === 'input' && record.text !== undefined) {
          expect(inputText.slice(primary.start, primary.end), `${evalCase.id} ${record.id}`).toBe(record.text);
          sliced += 1;
        }
      }
    }
    expect(sliced).toBeGreaterThan(0);
  });

  it('is right when it resolves a field, finds a fair share of what the documents state, and never claims a value at CERTAIN where there is none', () => {
    let resolved = 0;
    let correct = 0;
    let stated = 0;
    let found = 0;
    let certainSpurious = 0;
    for (const { evalCase, artifact } of runs) {
      for (const field of corpus.contract.fields) {
        if (!(field.name in evalCase.expected)) continue;
        const expected = evalCase.expected[field.name];
        const result = artifact.fieldResults[field.name]!;
        const claimed = field.name in artifact.normalizedData && !result.defaulted;
        const right = claimed && matchesExpected(field.type, result.value, expected);
        if (expected !== null) stated += 1;
        if (right) found += 1;
        if (!claimed) continue;
        resolved += 1;
        if (right) correct += 1;
        else if (expected === null && result.band === 'CERTAIN') certainSpurious += 1;
      }
    }
    // Deliberately loose bounds: they catch a broken pipeline, not the last point of quality.
    expect(resolved).toBeGreaterThan(0);
    expect(correct / resolved).toBeGreaterThanOrEqual(0.9);
    expect(found / stated).toBeGreaterThanOrEqual(0.4);
    expect(certainSpurious).toBe(0);
  });
});

describe('clear values', () => {
  it('reads the plain ACME invoice: its total, number and dates', async () => {
    const corpus = loadCorpus('synthetic-invoices');
    const plain = corpus.cases.find((evalCase) => evalCase.id === 'invoice_plain')!;
    const artifact = await normalize(plain.bytes, { contract: corpus.contractText });
    expect(artifact.normalizedData['total_amount']).toEqual({ amount: '811.88', currency: 'USD' });
    expect(artifact.normalizedData['invoice_number']).toBe('INV-2026-001234');
    expect(artifact.normalizedData['invoice_date']).toBe('2026-01-15');
    expect(artifact.normalizedData['due_date']).toBe('2026-02-15');
  });
});
