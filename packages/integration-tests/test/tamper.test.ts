/* eslint-disable @typescript-eslint/no-explicit-any -- the tests edit parsed artifact JSON freely */
/**
 * Tamper evidence: changing any single hashed member of a serialized artifact makes
 * `replay` fail with `HashMismatchError`; replaying against another contract fails with
 * `ContractMismatchError`; and random byte flips in the JSON are never accepted unless
 * they leave the hashed content unchanged.
 */
import { fc, test } from '@fast-check/vitest';
import { canonicalJson } from '@paxman/core';
import { ContractMismatchError, type ExecutionArtifact, HashMismatchError, PaxmanError, normalize, replay, serializeArtifact } from 'paxman';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from './support/eval-corpus.js';

const corpus = loadCorpus('synthetic-invoices');
const plain = corpus.cases.find((evalCase) => evalCase.id === 'invoice_plain')!;
let artifact: ExecutionArtifact;
let text: string;

beforeAll(async () => {
  artifact = await normalize(plain.bytes, { contract: corpus.contractText });
  text = serializeArtifact(artifact);
}, 60_000);

function edit(change: (json: Record<string, any>) => void): Record<string, any> {
  const json = JSON.parse(text);
  change(json);
  return json;
}

function firstResolvedPath(json: Record<string, any>): string {
  return Object.keys(json['fieldResults']).find((path) => json['fieldResults'][path].status === 'SUCCESS' || json['fieldResults'][path].status === 'PARTIAL_SUCCESS')!;
}

/** The part of artifact JSON the replay hash covers, as canonical text. */
function hashedText(json: any): string {
  const { id: _id, createdAt: _createdAt, replayHash: _replayHash, statistics, ...rest } = json;
  return canonicalJson({ ...rest, statistics: { ...statistics, timings: null } });
}

describe('tampering with a serialized artifact', () => {
  it('replays the untouched artifact', async () => {
    expect(await replay(text, { contract: corpus.contractText })).toStrictEqual(artifact);
  });

  it.each([
    ['the status', (json: Record<string, any>) => (json['status'] = json['status'] === 'SUCCESS' ? 'PARTIAL_SUCCESS' : 'SUCCESS')],
    [
      'a normalized value',
      (json: Record<string, any>) => {
        const path = firstResolvedPath(json);
        json['normalizedData'][path] = 'forged';
        json['fieldResults'][path].value = 'forged';
      },
    ],
    ['a field result value only', (json: Record<string, any>) => (json['fieldResults'][firstResolvedPath(json)].value = 'forged')],
    ['a confidence', (json: Record<string, any>) => (json['fieldResults'][firstResolvedPath(json)].confidence = 0.123)],
    ['a field status', (json: Record<string, any>) => (json['fieldResults'][firstResolvedPath(json)].status = 'UNRESOLVED')],
    ['the unresolved list', (json: Record<string, any>) => json['unresolvedFields'].reverse().push(firstResolvedPath(json)) && delete json['normalizedData'][firstResolvedPath(json)]],
    ['an evidence span', (json: Record<string, any>) => (json['evidence'][0].spans[0].end += 1)],
    ['an evidence label', (json: Record<string, any>) => (json['evidence'][0].capability = 'explicit_evidence@9.9.9')],
    ['a diagnostic', (json: Record<string, any>) => json['diagnostics'].push({ code: 'FORGED', severity: 'INFO', stage: 'artifact', message: 'added later' })],
    [
      'a field diagnostic',
      (json: Record<string, any>) => {
        const withDiagnostics = Object.values<Record<string, any>>(json['fieldResults']).find((result) => result['diagnostics'].length > 0)!;
        withDiagnostics['diagnostics'][0].message += ' (edited)';
      },
    ],
    ['the plan', (json: Record<string, any>) => (json['plan'].fieldPlans[0].targetConfidence = 0.1)],
    ['the effective policy in the plan', (json: Record<string, any>) => (json['plan'].policy.unresolvedAcceptable = !json['plan'].policy.unresolvedAcceptable)],
    ['a counter', (json: Record<string, any>) => (json['statistics'].counters.totalFields += 1)],
    ['the input hash', (json: Record<string, any>) => (json['input'].contentHash = 'f'.repeat(64))],
  ])('rejects a change to %s with HashMismatchError', async (_name, change) => {
    const tampered = edit(change);
    await expect(replay(tampered, { contract: corpus.contractText })).rejects.toThrow(HashMismatchError);
    await expect(replay(JSON.stringify(tampered), { contract: corpus.contractText })).rejects.toThrow(/hashes to [0-9a-f]{64}/);
  });

  it('accepts a change to the id, the creation time or a wall-clock timing, which are not hashed', async () => {
    const changed = edit((json) => {
      json['id'] = 'renamed';
      json['createdAt'] = '1999-12-31T23:59:59.000Z';
      json['statistics'].timings.totalMs = 123456;
    });
    expect((await replay(changed, { contract: corpus.contractText })).replayHash).toBe(artifact.replayHash);
  });

  it('rejects another contract with ContractMismatchError naming the difference', async () => {
    const other = loadCorpus('synthetic-receipts').contractText;
    await expect(replay(text, { contract: other })).rejects.toThrow(ContractMismatchError);
    await expect(replay(text, { contract: other })).rejects.toThrow(/eval-invoice-v1.*eval-receipt-v1/);
    const loosened = JSON.parse(corpus.contractText);
    loosened.fields[0].required = false;
    await expect(replay(text, { contract: loosened })).rejects.toThrow(ContractMismatchError);
  });

  test.prop([fc.nat(), fc.integer({ min: 1, max: 0xffff })], { numRuns: 300 })('never accepts a random character flip that changes hashed content', async (position, delta) => {
    const index = position % text.length;
    const flipped = text.slice(0, index) + String.fromCharCode((text.charCodeAt(index) + delta) % 0x10000) + text.slice(index + 1);
    let parsed: unknown;
    try {
      parsed = JSON.parse(flipped);
    } catch {
      parsed = undefined;
    }
    const unchanged = parsed !== undefined && (() => {
      try {
        return hashedText(parsed) === hashedText(JSON.parse(text));
      } catch {
        return false;
      }
    })();
    if (unchanged) return;
    const outcome = await replay(flipped, { contract: corpus.contractText }).then(
      () => 'accepted',
      (error: unknown) => (PaxmanError.isInstance(error) ? error.code : `untyped ${String(error)}`),
    );
    expect(['HASH_MISMATCH', 'INVALID_ARTIFACT', 'CONTRACT_MISMATCH', 'VERSION_MISMATCH', 'CAPABILITY_NOT_FOUND']).toContain(outcome);
  });

  test.prop([fc.nat(), fc.jsonValue()], { numRuns: 200 })('never accepts a hashed leaf value replaced by another JSON value', async (pick, replacement) => {
    const json = JSON.parse(text);
    const leaves: { parent: any; key: string | number }[] = [];
    const walk = (node: any, path: string) => {
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        const childPath = `${path}.${key}`;
        if (['$.id', '$.createdAt', '$.replayHash'].includes(childPath) || childPath.startsWith('$.statistics.timings')) continue;
        if (value !== null && typeof value === 'object') walk(value, childPath);
        else leaves.push({ parent: node, key: Array.isArray(node) ? Number(key) : key });
      }
    };
    walk(json, '$');
    const leaf = leaves[pick % leaves.length]!;
    const before = leaf.parent[leaf.key];
    fc.pre(canonicalJson(before) !== canonicalJson(replacement ?? null));
    leaf.parent[leaf.key] = replacement;
    await expect(replay(json, { contract: corpus.contractText })).rejects.toSatisfy((error: unknown) => PaxmanError.isInstance(error) && error.code !== 'INVALID_INPUT');
  });
});

describe('artifacts that prove themselves', () => {
  it('a forged duplicate member in front of the real one is refused', async () => {
    const forged = text.replace('{"contract":', '{"status":"SUCCESS","contract":');
    expect(forged).not.toBe(text);
    await expect(replay(forged, { contract: corpus.contractText })).rejects.toMatchObject({ code: 'INVALID_ARTIFACT', message: expect.stringMatching(/"status" appears twice/) });
  });

  it('an edit with the replay hash recomputed is refused: the artifact no longer agrees with itself', async () => {
    const { computeReplayHash } = await import('paxman');
    const rehash = (json: Record<string, any>) => ({ ...json, replayHash: computeReplayHash(json as ExecutionArtifact) });
    const path = firstResolvedPath(JSON.parse(text));
    const valueEdited = rehash(edit((json) => {
      const name = path.split('.')[0]!;
      json['normalizedData'][name] = typeof json['normalizedData'][name] === 'string' ? 'FORGED' : { forged: true };
    }));
    await expect(replay(valueEdited, { contract: corpus.contractText })).rejects.toMatchObject({ code: 'INVALID_ARTIFACT', message: expect.stringMatching(/normalizedData/) });
    const hidden = rehash(edit((json) => {
      json['unresolvedFields'] = [];
    }));
    if (JSON.parse(text).unresolvedFields.length > 0) await expect(replay(hidden, { contract: corpus.contractText })).rejects.toMatchObject({ code: 'INVALID_ARTIFACT' });
    const counted = rehash(edit((json) => {
      json['statistics']['counters']['resolvedFields'] += 1;
    }));
    await expect(replay(counted, { contract: corpus.contractText })).rejects.toMatchObject({ code: 'INVALID_ARTIFACT', message: expect.stringMatching(/counters\.resolvedFields/) });
  });
});
