/**
 * `normalize` on hostile and odd input: arbitrary bytes and strings never crash it (it
 * resolves to a sealed artifact), an invalid contract and an oversized input still give
 * artifacts, and programmer errors and aborts reject with typed errors.
 */
import { readFileSync } from 'node:fs';
import { fc, test } from '@fast-check/vitest';
import { AbortedError, InvalidInputError, STATUSES } from '@paxman/core';
import { listDiagnostics, normalize, parseArtifact, serializeArtifact, verifyArtifact } from 'paxman';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from './support/eval-corpus.js';

const corpus = loadCorpus('synthetic-invoices');

describe('normalize robustness', () => {
  test.prop([fc.uint8Array({ maxLength: 2000 })], { numRuns: 40 })('resolves arbitrary bytes to a sealed artifact', async (bytes) => {
    const artifact = await normalize(bytes, { contract: corpus.contractText });
    expect(STATUSES).toContain(artifact.status);
    expect(verifyArtifact(artifact)).toBe(artifact.replayHash);
    expect(parseArtifact(serializeArtifact(artifact))).toStrictEqual(artifact);
  });

  test.prop([fc.string({ unit: 'grapheme', maxLength: 600 })], { numRuns: 40 })('resolves arbitrary text to a sealed artifact', async (text) => {
    const artifact = await normalize(text, { contract: corpus.contractText });
    expect(['SUCCESS', 'PARTIAL_SUCCESS', 'UNRESOLVED']).toContain(artifact.status);
    expect(verifyArtifact(artifact)).toBe(artifact.replayHash);
  });

  it('reads a PDF given as a Node Buffer exactly like the same bytes as a Uint8Array', async () => {
    const invoices = loadCorpus('invoice2data');
    const pdf = invoices.cases.find((evalCase) => evalCase.inputPath.endsWith('.pdf'))!;
    const fromBuffer = await normalize(readFileSync(pdf.inputPath), { contract: invoices.contractText });
    const fromBytes = await normalize(new Uint8Array(pdf.bytes), { contract: invoices.contractText });
    expect(fromBuffer.replayHash).toBe(fromBytes.replayHash);
    expect(fromBuffer.evidence.length).toBeGreaterThan(0);
  }, 30_000);

  it('handles a lone surrogate and an empty input', async () => {
    expect((await normalize('Total due: $5.00 \ud800', { contract: corpus.contractText })).input.inputType).toBe('text');
    const empty = await normalize('', { contract: corpus.contractText });
    expect(empty.status).toBe('UNRESOLVED');
    expect(Object.values(empty.fieldResults).every((result) => result.unresolvedReason === 'EMPTY_INPUT')).toBe(true);
  });

  it('gives an INVALID_CONTRACT artifact for contract text that is not a contract', async () => {
    const artifact = await normalize('Total: 5', { contract: '{"fields": 3}' });
    expect(artifact.status).toBe('INVALID_CONTRACT');
    expect(listDiagnostics(artifact).length).toBeGreaterThan(0);
  });

  it('rejects wrong argument types and aborts with typed errors', async () => {
    await expect(normalize(null as never, { contract: corpus.contractText })).rejects.toThrow(InvalidInputError);
    const controller = new AbortController();
    controller.abort();
    await expect(normalize('x', { contract: corpus.contractText, signal: controller.signal })).rejects.toThrow(AbortedError);
  });
});
