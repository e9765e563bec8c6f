import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InputProfile } from './input-profile.js';
import { makeProfile } from './make-profile.js';

interface Vector {
  name: string;
  inputBase64?: string;
  inputStr?: string;
  recipe?: { kind: 'repeat'; prefixBase64: string; unitBase64: string; times: number; suffixBase64: string };
  expected: InputProfile;
}

const vectorsPath = resolve(import.meta.dirname, '../../../../shared/fixtures/input-profile/vectors.jsonl');
const vectors: Vector[] = readFileSync(vectorsPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line));

function bytesOf(vector: Vector): Uint8Array {
  if (vector.recipe) {
    const { prefixBase64, unitBase64, times, suffixBase64 } = vector.recipe;
    const prefix = Buffer.from(prefixBase64, 'base64');
    const unit = Buffer.from(unitBase64, 'base64');
    const suffix = Buffer.from(suffixBase64, 'base64');
    const bytes = new Uint8Array(prefix.length + unit.length * times + suffix.length);
    bytes.set(prefix, 0);
    for (let index = 0; index < times; index += 1) bytes.set(unit, prefix.length + index * unit.length);
    bytes.set(suffix, prefix.length + unit.length * times);
    return bytes;
  }
  return new Uint8Array(Buffer.from(vector.inputBase64 ?? '', 'base64'));
}

describe('InputProfile conformance vectors', () => {
  it('has the 88 vectors of the shared fixture', () => {
    expect(vectors).toHaveLength(88);
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const profile = makeProfile(bytesOf(vector));
    expect(profile.inputType).toBe(vector.expected.inputType);
    expect(profile.size).toBe(vector.expected.size);
    expect(profile.contentHash).toBe(vector.expected.contentHash);
    expect(profile.isEmpty).toBe(vector.expected.isEmpty);
    expect(Object.is(profile.density, vector.expected.density)).toBe(true);
    if (vector.inputStr !== undefined) expect(makeProfile(vector.inputStr)).toEqual(profile);
  });
});
