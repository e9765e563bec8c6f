/* eslint-disable @typescript-eslint/no-explicit-any -- the tests edit parsed artifact JSON freely */
import { InvalidArtifactError, PaxmanError } from '@paxman/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { resolved, sampleArtifact } from './__fixtures__/sample-run.js';
import { parseArtifact, serializeArtifact } from './parse-artifact.js';
import { verifyArtifact } from './replay-hash.js';

const artifact = sampleArtifact();
const text = serializeArtifact(artifact);

function mutate(change: (json: Record<string, any>) => void): string {
  const json = JSON.parse(text);
  change(json);
  return JSON.stringify(json);
}

function parseError(json: unknown): InvalidArtifactError {
  try {
    parseArtifact(json);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArtifactError);
    return error as InvalidArtifactError;
  }
  throw new Error('expected parseArtifact to throw');
}

describe('serializeArtifact / parseArtifact', () => {
  it('round-trips exactly: equal data, identical text, still verifiable', () => {
    const parsed = parseArtifact(text);
    expect(parsed).toStrictEqual(artifact);
    expect(serializeArtifact(parsed)).toBe(text);
    expect(verifyArtifact(parsed)).toBe(artifact.replayHash);
    expect(Object.isFrozen(parsed.evidence[0])).toBe(true);
  });

  it('accepts an already-parsed value and non-canonical key order', () => {
    expect(parseArtifact(JSON.parse(text))).toStrictEqual(artifact);
    const shuffled = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(text)).reverse()));
    expect(serializeArtifact(parseArtifact(shuffled))).toBe(text);
  });

  it('rejects text that is not JSON', () => {
    expect(parseError('{"status":').code).toBe('INVALID_ARTIFACT');
  });

  it.each([
    ['a missing member', (json: Record<string, any>) => delete json['plan'], /missing key "plan"/],
    ['an unknown member', (json: Record<string, any>) => (json['extra'] = 1), /unknown key "extra"/],
    ['an unknown status', (json: Record<string, any>) => (json['status'] = 'DONE'), /\$\.status/],
    ['a confidence above 1', (json: Record<string, any>) => (json['fieldResults']['total_amount']['confidence'] = 1.5), /confidence/],
    ['a band that does not exist', (json: Record<string, any>) => (json['fieldResults']['total_amount']['band'] = 'SURE'), /band/],
    ['a span that ends before it starts', (json: Record<string, any>) => (json['evidence'][0]['spans'][0]['end'] = 0), /spans\[0\]\.end/],
    ['an evidence kind that does not exist', (json: Record<string, any>) => (json['evidence'][0]['kind'] = 'GUESS'), /kind/],
    ['a diagnostic without a message', (json: Record<string, any>) => delete json['diagnostics'][0]['message'], /missing key "message"/],
    ['a malformed replay hash', (json: Record<string, any>) => (json['replayHash'] = 'abc'), /replayHash/],
    ['a malformed plan', (json: Record<string, any>) => (json['plan']['fieldPlans'][0]['steps'][0]['tier'] = 9), /\$\.plan/],
    ['a decimal counter that is not a decimal', (json: Record<string, any>) => (json['statistics']['counters']['costUsd'] = '1e3'), /costUsd/],
    ['an evidence id that resolves to nothing', (json: Record<string, any>) => json['fieldResults']['total_amount']['evidenceIds'].push('ev_missing'), /ev_missing/],
    ['a value for a field listed as unresolved', (json: Record<string, any>) => (json['normalizedData']['purchase_order'] = 'PO-1'), /purchase_order/],
    ['an unresolved field with no field result', (json: Record<string, any>) => json['unresolvedFields'].push('nope'), /nope/],
    ['a field diagnostic stored at the top level too', (json: Record<string, any>) => json['diagnostics'].push(json['fieldResults']['purchase_order']['diagnostics'][0]), /\$\.diagnostics\[1\]: it names a contract field and belongs in \$\.fieldResults\["purchase_order"\]/],
    ['a plan diagnostic stored at the top level too', (json: Record<string, any>) => json['diagnostics'].push(json['plan']['diagnostics'][0]), /\$\.diagnostics\[1\]: it is one of \$\.plan\.diagnostics/],
    ['a field diagnostic stored under another field', (json: Record<string, any>) => json['fieldResults']['buyer']['diagnostics'].push(json['fieldResults']['purchase_order']['diagnostics'][0]), /fieldResults\["buyer"\]\.diagnostics\[0\]: .*purchase_order/],
    ['a run-level diagnostic stored under a field', (json: Record<string, any>) => json['fieldResults']['buyer']['diagnostics'].push(json['diagnostics'][0]), /fieldResults\["buyer"\]\.diagnostics\[0\]: it names no contract field/],
    ['field diagnostics out of order', (json: Record<string, any>) => json['fieldResults']['purchase_order']['diagnostics'].reverse(), /purchase_order"\]\.diagnostics\[1\]: diagnostics must be in canonical order/],
    ['a diagnostic stored twice in its list', (json: Record<string, any>) => json['diagnostics'].push(json['diagnostics'][0]), /\$\.diagnostics\[1\]: diagnostics must be in canonical order without duplicates/],
  ])('rejects %s with a typed error naming the path', (_name, change, message) => {
    expect(parseError(mutate(change)).message).toMatch(message);
  });

  it('checks where diagnostics live only for its own format major, so an older artifact can still be read and refused by version', () => {
    const older = mutate((json) => {
      json['versions']['artifact'] = '1.0.0';
      json['diagnostics'].push(...json['plan']['diagnostics']);
    });
    expect(parseArtifact(older).versions.artifact).toBe('1.0.0');
  });

  test.prop([fc.jsonValue(), fc.double({ min: 0, max: 1, noNaN: true }), fc.string()])('round-trips any JSON value, confidence and label', (value, confidence, label) => {
    const built = sampleArtifact({
      resolved: resolved.map((result) => (result.fieldPath === 'invoice_date' ? { ...result, value: JSON.parse(JSON.stringify(value ?? null)), confidence } : result)),
      diagnostics: [{ code: 'test.NOTE', severity: 'INFO', stage: 'profile', message: label }],
    });
    const serialized = serializeArtifact(built);
    const parsed = parseArtifact(serialized);
    expect(parsed).toStrictEqual(built);
    expect(serializeArtifact(parsed)).toBe(serialized);
    expect(verifyArtifact(parsed)).toBe(built.replayHash);
  });

  test.prop([fc.anything()])('never throws anything but InvalidArtifactError on arbitrary values', (value) => {
    try {
      parseArtifact(value);
    } catch (error) {
      expect(PaxmanError.isInstance(error) && error.code).toBe('INVALID_ARTIFACT');
    }
  });
});
