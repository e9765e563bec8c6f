/**
 * Real public schemas (test/fixtures/real, sources and licences in its README): every
 * component schema of each OpenAPI document and the root and every definition of each JSON
 * Schema either adapts or fails with precise problems — a known code and a JSON pointer
 * into the document — and never crashes. The Swagger Petstore adapts whole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ERROR_CODES, PaxmanError } from '@paxman/core';
import { adaptContract } from '../src/index.js';

const folder = join(import.meta.dirname, 'fixtures/real');

interface Case {
  readonly file: string;
  readonly format: 'openapi' | 'json-schema';
  readonly schemaName: string | undefined;
  readonly text: string;
}

function cases(): Case[] {
  const all: Case[] = [];
  for (const format of ['openapi', 'json-schema'] as const) {
    for (const file of readdirSync(join(folder, format)).sort()) {
      const text = readFileSync(join(folder, format, file), 'utf8');
      const document = format === 'openapi' ? parse(text) : JSON.parse(text);
      const names: (string | undefined)[] = format === 'openapi' ? Object.keys(document.components?.schemas ?? {}) : [undefined, ...Object.keys(document.definitions ?? document.$defs ?? {})];
      if (names.length === 0) names.push(undefined);
      for (const schemaName of names) all.push({ file, format, schemaName, text });
    }
  }
  return all;
}

const known = new Set<string>(ERROR_CODES);
const all = cases();

describe('real public schemas', () => {
  it('are a corpus of some size', () => {
    expect(new Set(all.map((entry) => entry.file)).size).toBeGreaterThanOrEqual(15);
    expect(all.length).toBeGreaterThanOrEqual(60);
  });

  it.each(all.map((entry) => [`${entry.file}${entry.schemaName === undefined ? '' : ` ${entry.schemaName}`}`, entry] as const))('%s adapts or fails precisely', (_name, entry) => {
    let outcome: 'adapted' | 'problems';
    try {
      const contract = adaptContract(entry.text, { format: entry.format, ...(entry.schemaName === undefined ? {} : { schemaName: entry.schemaName }) });
      expect(contract.fields.length).toBeGreaterThan(0);
      for (const note of contract.source.annotations ?? []) expect(note).toMatchObject({ code: 'FORMAT_ANNOTATION', path: expect.stringMatching(/^#\//) });
      outcome = 'adapted';
    } catch (error) {
      if (!PaxmanError.isInstance(error)) throw error;
      const problems = error.context.problems as { code: string; path: string; message: string }[];
      expect(problems.length).toBeGreaterThan(0);
      for (const problem of problems) {
        expect(known.has(problem.code), `unknown problem code ${problem.code}`).toBe(true);
        expect(problem.path.length).toBeGreaterThan(0);
        expect(problem.message.length).toBeGreaterThan(10);
      }
      outcome = 'problems';
    }
    expect(['adapted', 'problems']).toContain(outcome);
  });

  it('the Swagger Petstore (OpenAPI 3.0) adapts whole, integer formats as bounds', () => {
    const text = readFileSync(join(folder, 'openapi/swagger-petstore-3.0.yaml'), 'utf8');
    const names = Object.keys(parse(text).components.schemas);
    for (const schemaName of names) expect(() => adaptContract(text, { format: 'openapi', schemaName })).not.toThrow();
    const pet = adaptContract(text, { format: 'openapi', schemaName: 'Pet' });
    const id = pet.fields.find((field) => field.path === 'id')!;
    expect(id.type).toBe('INTEGER');
    expect(id.constraints).toEqual([
      { kind: 'min_value', params: { min: '-9223372036854775808' } },
      { kind: 'max_value', params: { max: '9223372036854775807' } },
    ]);
  });
});
