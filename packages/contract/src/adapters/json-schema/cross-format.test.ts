/**
 * The same contract in every format: the shared evaluation contracts (Dict DSL) and
 * generated canonical contracts exported to JSON Schema, OpenAPI and Zod and read back
 * keep their fingerprint; the exported JSON Schema is a schema a strict validator accepts.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { fingerprintContract } from '../../fingerprint.js';
import { adaptDictDsl } from '../dict-dsl/index.js';
import { adaptOpenApi, contractToOpenApi } from '../openapi/index.js';
import { adaptZod, contractToZod } from '../zod/index.js';
import { contractArbitrary } from './contract-arbitrary.js';
import { PAXMAN_KEYWORDS, adaptJsonSchema, contractToJsonSchema } from './index.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const evalRoot = resolve(import.meta.dirname, '../../../../../../shared/eval');
const evalContracts = existsSync(evalRoot)
  ? readdirSync(evalRoot)
      .filter((name) => existsSync(resolve(evalRoot, name, 'contract.json')))
      .map((name) => [name, JSON.parse(readFileSync(resolve(evalRoot, name, 'contract.json'), 'utf8')) as unknown] as const)
  : [];

function strictAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addVocabulary([...PAXMAN_KEYWORDS]);
  return ajv;
}

describe('shared evaluation contracts in every format', () => {
  it('finds the shared contracts', () => {
    expect(evalContracts.length).toBeGreaterThanOrEqual(4);
  });

  it.each(evalContracts)('%s keeps its fingerprint through JSON Schema, OpenAPI and Zod', (_name, source) => {
    const contract = adaptDictDsl(source);
    const fingerprint = fingerprintContract(contract);
    const jsonSchema = contractToJsonSchema(contract);
    expect(() => strictAjv().compile(jsonSchema)).not.toThrow();
    expect(fingerprintContract(adaptJsonSchema(jsonSchema))).toBe(fingerprint);
    expect(fingerprintContract(adaptJsonSchema(JSON.stringify(jsonSchema)))).toBe(fingerprint);
    expect(fingerprintContract(adaptOpenApi(contractToOpenApi(contract)))).toBe(fingerprint);
    expect(fingerprintContract(adaptZod(contractToZod(contract)))).toBe(fingerprint);
  });
});

describe('exported JSON Schema', () => {
  propertyTest.prop([contractArbitrary({ maxDepth: 1 })], { numRuns: 40 })('compiles on a strict draft 2020-12 validator', (contract) => {
    expect(() => strictAjv().compile(contractToJsonSchema(contract))).not.toThrow();
  }, 60_000);
});

void fc;
