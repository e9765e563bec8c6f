/** The facade on stand-in stages: normalize outcomes, typed rejections, per-instance registries, replay checks. */
import {
  AbortedError,
  CapabilityNotFoundError,
  ContractMismatchError,
  HashMismatchError,
  InvalidArtifactError,
  InvalidInputError,
  InvalidPolicyError,
  VersionMismatchError,
  manualClock,
  sequentialIdGenerator,
} from '@paxman/core';
import { computeReplayHash, listDiagnostics, serializeArtifact } from '@paxman/artifact';
import { describe, expect, it } from 'vitest';
import { fakeStages, labelReader } from './__fixtures__/fake-stages.js';
import { createPaxmanWithStages } from './create-paxman.js';

const contract = {
  id: 'invoice',
  version: '1',
  fields: [
    { name: 'invoice_number', type: 'STRING', required: true },
    { name: 'invoice_date', type: 'DATE', required: true },
    { name: 'total_amount', type: 'MONEY', required: true },
    { name: 'purchase_order', type: 'STRING', required: false },
  ],
};
const text = 'ACME Corp\nInvoice number: INV-2041\nInvoice date: 2026-01-15\nTotal amount: USD 811.88\n';

function instance(options: Parameters<typeof createPaxmanWithStages>[0] = {}, stages = fakeStages()) {
  return createPaxmanWithStages({ clock: manualClock(Date.UTC(2026, 0, 15)), idGenerator: sequentialIdGenerator('artifact'), ...options }, stages);
}

describe('normalize', () => {
  it('runs the whole pipeline and returns a sealed artifact with values, evidence and unresolved fields', async () => {
    const artifact = await instance().normalize(text, { contract });
    expect(artifact.status).toBe('SUCCESS');
    expect(artifact.normalizedData).toEqual({ invoice_number: 'INV-2041', invoice_date: '2026-01-15', total_amount: { amount: '811.88', currency: 'USD' } });
    expect(artifact.unresolvedFields).toEqual(['purchase_order']);
    expect(artifact.id).toBe('artifact-1');
    expect(artifact.createdAt).toBe('2026-01-15T00:00:00.000Z');
    expect(artifact.contract).toMatchObject({ id: 'invoice', version: '1' });
    expect(artifact.versions.capabilities).toEqual({ fake_document: '1.0.0', label_reader: '1.0.0' });
    for (const record of artifact.evidence) {
      for (const span of record.spans) expect(text.slice(span.start, span.end)).toBe(record.text);
    }
    expect(computeReplayHash(artifact)).toBe(artifact.replayHash);
  });

  it('gives the same replay hash for the same input, contract and policy, and a new id each time', async () => {
    const paxman = instance();
    const first = await paxman.normalize(text, { contract, policy: { confidenceFloor: 0.9 } });
    const second = await paxman.normalize(new TextEncoder().encode(text), { contract, policy: { confidenceFloor: 0.9 } });
    expect(second.replayHash).toBe(first.replayHash);
    expect(second.id).not.toBe(first.id);
    const otherPolicy = await paxman.normalize(text, { contract, policy: { confidenceFloor: 0.5 } });
    expect(otherPolicy.replayHash).not.toBe(first.replayHash);
  });

  it('serializes a plain object input to JSON before profiling', async () => {
    const artifact = await instance().normalize({ invoice: { total: 12 } }, { contract });
    expect(artifact.input.inputType).toBe('json');
  });

  it('resolves to an INVALID_CONTRACT artifact that lists every problem with its path', async () => {
    const artifact = await instance().normalize(text, { contract: { id: 'broken', fields: [{ name: 'total', required: true }, { type: 'STRING', required: true }] } });
    expect(artifact.status).toBe('INVALID_CONTRACT');
    expect(artifact.plan).toBeNull();
    expect(artifact.contract).toEqual({ id: 'broken', version: null, fingerprint: null });
    expect(artifact.diagnostics.length).toBeGreaterThanOrEqual(2);
    for (const diagnostic of artifact.diagnostics) {
      expect(diagnostic).toMatchObject({ stage: 'contract', severity: 'ERROR' });
      expect(diagnostic.context?.['path']).toMatch(/fields\[\d\]/);
    }
  });

  it('resolves to an INPUT_TOO_LARGE artifact when the input exceeds budget.maxInputBytes', async () => {
    const artifact = await instance().normalize(text, { contract, budget: { maxInputBytes: 10 } });
    expect(artifact.status).toBe('INPUT_TOO_LARGE');
    expect(artifact.normalizedData).toEqual({});
    expect(artifact.unresolvedFields).toHaveLength(4);
    expect(listDiagnostics(artifact).some((diagnostic) => diagnostic.code === 'INPUT_TOO_LARGE')).toBe(true);
  });

  it('resolves to an EXECUTION_FAILED artifact when a stage fails', async () => {
    const failing = instance({}, fakeStages({ buildDocument: async () => Promise.reject(new Error('disk on fire')) }));
    const artifact = await failing.normalize(text, { contract });
    expect(artifact.status).toBe('EXECUTION_FAILED');
    expect(artifact.diagnostics).toContainEqual(expect.objectContaining({ severity: 'ERROR', message: expect.stringContaining('disk on fire') }));
    expect(computeReplayHash(artifact)).toBe(artifact.replayHash);
  });

  it('rejects programmer errors with typed errors', async () => {
    const paxman = instance();
    await expect(paxman.normalize(42 as never, { contract })).rejects.toThrow(InvalidInputError);
    await expect(paxman.normalize(text, undefined as never)).rejects.toThrow(InvalidInputError);
    await expect(paxman.normalize(text, { contract: undefined })).rejects.toThrow(InvalidInputError);
    await expect(paxman.normalize({ amount: 10n } as never, { contract })).rejects.toThrow(InvalidInputError);
    await expect(paxman.normalize(text, { contract, policy: { confidenceFloor: 2 } })).rejects.toThrow(InvalidPolicyError);
  });

  it('rejects with AbortedError when the signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(instance().normalize(text, { contract, signal: controller.signal })).rejects.toThrow(AbortedError);
  });

  it('rejects with AbortedError when the signal aborts while the plan runs', async () => {
    const controller = new AbortController();
    const stages = fakeStages();
    const aborting = instance({}, { ...stages, execute: async (options) => {
      const result = await stages.execute(options);
      controller.abort();
      return result;
    } });
    await expect(aborting.normalize(text, { contract, signal: controller.signal })).rejects.toThrow(AbortedError);
  });

  it('keeps registries per instance: registering on one never affects another', () => {
    const first = instance();
    const second = instance();
    first.registerCapability(labelReader('2.0.0'));
    expect(first.capabilities().map((spec) => `${spec.id}@${spec.version}`)).toEqual(['label_reader@1.0.0', 'label_reader@2.0.0']);
    expect(second.capabilities().map((spec) => `${spec.id}@${spec.version}`)).toEqual(['label_reader@1.0.0']);
    expect(instance({ builtIns: false }).capabilities()).toEqual([]);
  });
});

describe('replay', () => {
  it('verifies an artifact (object or JSON) and returns an equal one', async () => {
    const paxman = instance();
    const artifact = await paxman.normalize(text, { contract });
    expect(await paxman.replay(artifact, { contract })).toStrictEqual(artifact);
    expect(await paxman.replay(serializeArtifact(artifact), { contract: JSON.stringify(contract) })).toStrictEqual(artifact);
  });

  it('fails with HashMismatchError when hashed content was changed', async () => {
    const paxman = instance();
    const json = JSON.parse(serializeArtifact(await paxman.normalize(text, { contract })));
    json.fieldResults.total_amount.confidence = 0.5;
    await expect(paxman.replay(json, { contract })).rejects.toThrow(HashMismatchError);
  });

  it('fails with InvalidArtifactError for JSON that is not an artifact', async () => {
    await expect(instance().replay('{"status":"SUCCESS"}', { contract })).rejects.toThrow(InvalidArtifactError);
  });

  it('fails with ContractMismatchError naming what differs', async () => {
    const paxman = instance();
    const artifact = await paxman.normalize(text, { contract });
    const other = { ...contract, fields: [...contract.fields, { name: 'due_date', type: 'DATE', required: false }] };
    await expect(paxman.replay(artifact, { contract: other })).rejects.toThrow(ContractMismatchError);
    await expect(paxman.replay(artifact, { contract: other })).rejects.toThrow(/fields only in the given contract: due_date/);
    const stricter = { ...contract, fields: contract.fields.map((field) => (field.name === 'total_amount' ? { ...field, required: false } : field)) };
    await expect(paxman.replay(artifact, { contract: stricter })).rejects.toThrow(/field definition/);
  });

  it('fails with VersionMismatchError for another Paxman or planner major', async () => {
    const paxman = instance();
    const artifact = await paxman.normalize(text, { contract });
    for (const versions of [{ ...artifact.versions, paxman: '9.0.0' }, { ...artifact.versions, planner: '7.1.0' }]) {
      const forged = { ...artifact, versions };
      const resealed = { ...forged, replayHash: computeReplayHash(forged) };
      await expect(paxman.replay(resealed, { contract })).rejects.toThrow(VersionMismatchError);
    }
  });

  it('fails with VersionMismatchError for an artifact of format 1, which stored diagnostics twice', async () => {
    const paxman = instance();
    const artifact = await paxman.normalize(text, { contract });
    const formatOne = { ...artifact, diagnostics: listDiagnostics(artifact), versions: { ...artifact.versions, artifact: '1.0.0' } };
    const resealed = { ...formatOne, replayHash: computeReplayHash(formatOne) };
    await expect(paxman.replay(resealed, { contract })).rejects.toThrow(VersionMismatchError);
    await expect(paxman.replay(resealed, { contract })).rejects.toThrow(/artifact format 1\.0\.0/);
  });

  it('fails with CapabilityNotFoundError when this instance lacks a capability version the artifact used', async () => {
    const artifact = await instance().normalize(text, { contract });
    const upgraded = instance({}, fakeStages({ defaultCapabilities: () => [labelReader('2.0.0')] }));
    await expect(upgraded.replay(artifact, { contract })).rejects.toThrow(CapabilityNotFoundError);
    await expect(upgraded.replay(artifact, { contract })).rejects.toThrow(/label_reader@1\.0\.0/);
  });
});

describe('the instance cache of contracts', () => {
  it('adapts a contract object again once the caller has changed it', async () => {
    const paxman = instance();
    const source = structuredClone(contract);
    const first = await paxman.normalize(text, { contract: source });
    expect(first.unresolvedFields).toEqual(['purchase_order']);
    source.fields[3]!.name = 'order_reference';
    const second = await paxman.normalize(text, { contract: source });
    expect(second.unresolvedFields).toEqual(['order_reference']);
    expect(second.contract.fingerprint).not.toBe(first.contract.fingerprint);
    source.fields.reverse();
    const third = await paxman.normalize(text, { contract: source });
    expect(third.contract.fingerprint).not.toBe(second.contract.fingerprint);
    source.fields.reverse();
    const fourth = await paxman.normalize(text, { contract: source });
    expect(fourth.replayHash).toBe(second.replayHash);
  });
});
