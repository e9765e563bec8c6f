/* eslint-disable @typescript-eslint/no-explicit-any -- the tests edit parsed artifact JSON freely */
import { HashMismatchError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { sampleArtifact } from './__fixtures__/sample-run.js';
import { parseArtifact, serializeArtifact } from './parse-artifact.js';
import { computeReplayHash, verifyArtifact } from './replay-hash.js';

const artifact = sampleArtifact();
const text = serializeArtifact(artifact);

function tampered(change: (json: Record<string, any>) => void) {
  const json = JSON.parse(text);
  change(json);
  return parseArtifact(json);
}

describe('replay hash', () => {
  it('verifies an untouched artifact and returns its hash', () => {
    expect(verifyArtifact(parseArtifact(text))).toBe(artifact.replayHash);
  });

  it.each([
    ['the status', (json: Record<string, any>) => (json['status'] = 'SUCCESS')],
    ['a normalized value', (json: Record<string, any>) => (json['normalizedData']['total_amount']['amount'] = '911.88')],
    ['a field result value', (json: Record<string, any>) => (json['fieldResults']['invoice_date']['value'] = '2026-01-16')],
    ['a confidence', (json: Record<string, any>) => (json['fieldResults']['invoice_date']['confidence'] = 0.73)],
    ['a field status', (json: Record<string, any>) => (json['fieldResults']['invoice_date']['status'] = 'SUCCESS')],
    ['the unresolved list', (json: Record<string, any>) => (json['unresolvedFields'] = [])],
    ['an evidence span', (json: Record<string, any>) => (json['evidence'][0]['spans'][0]['start'] += 1)],
    ['a diagnostic', (json: Record<string, any>) => (json['diagnostics'][0]['message'] += '!')],
    ['the plan', (json: Record<string, any>) => (json['plan']['fieldPlans'][0]['targetConfidence'] = 0.5)],
    ['a counter', (json: Record<string, any>) => (json['statistics']['counters']['capabilityInvocations'] = 8)],
    ['the contract fingerprint', (json: Record<string, any>) => (json['contract']['fingerprint'] = '0'.repeat(64))],
    ['the input hash', (json: Record<string, any>) => (json['input']['contentHash'] = '1'.repeat(64))],
    ['a capability version', (json: Record<string, any>) => (json['versions']['capabilities']['explicit_evidence'] = '1.0.1')],
  ])('detects a change to %s', (_name, change) => {
    const changed = tampered(change);
    expect(() => verifyArtifact(changed)).toThrow(HashMismatchError);
    expect(() => verifyArtifact(changed)).toThrow(new RegExp(artifact.replayHash));
  });

  it.each([
    ['the id', (json: Record<string, any>) => (json['id'] = 'other')],
    ['the creation time', (json: Record<string, any>) => (json['createdAt'] = '2031-01-01T00:00:00.000Z')],
    ['a wall-clock timing', (json: Record<string, any>) => (json['statistics']['timings']['totalMs'] = 1234)],
  ])('ignores a change to %s', (_name, change) => {
    expect(verifyArtifact(tampered(change))).toBe(artifact.replayHash);
  });

  it('is a pure function of the content', () => {
    expect(computeReplayHash(parseArtifact(text))).toBe(computeReplayHash(artifact));
  });
});
