/** Tests for the adapter registry, format detection and `adaptContract`. */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { InvalidContractError, type JsonValue } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ContractAdapter } from './adapter.js';
import { dictDslAdapter } from './adapters/dict-dsl/index.js';
import { Invoice } from './adapters/zod/__fixtures__/invoice.zod.js';
import { defineContract } from './define-field.js';
import { fingerprintContract } from './fingerprint.js';
import { parseContractSource } from './parse-source.js';
import { adaptContract, createAdapterRegistry, createDefaultAdapterRegistry, isCanonicalContract } from './registry.js';

const dsl = { id: 'invoice', description: 'A Dict DSL contract with a description key.', fields: [{ name: 'total', type: 'MONEY', required: true }] };

function caught(run: () => unknown): InvalidContractError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidContractError);
    return error as InvalidContractError;
  }
  throw new Error('expected an InvalidContractError');
}

/** A custom adapter for a made-up format, recognising `{ kind: 'tiny', name }`. */
const tinyAdapter: ContractAdapter = {
  format: 'tiny',
  detect: (source) => typeof source === 'object' && source !== null && (source as { kind?: unknown }).kind === 'tiny',
  adapt: (source) => defineContract({ id: String((source as { name: unknown }).name), fields: [{ path: 'value', type: 'STRING' }], source: { format: 'tiny', formatVersion: null, schemaName: null } }),
  export: (contract) => ({ kind: 'tiny', name: contract.id }),
};

describe('createAdapterRegistry', () => {
  it('starts empty unless given adapters, and registries do not share state', () => {
    const first = createAdapterRegistry();
    const second = createAdapterRegistry([dictDslAdapter]);
    first.register(tinyAdapter);
    expect(first.formats()).toEqual(['tiny']);
    expect(second.formats()).toEqual(['dict-dsl']);
    expect(createDefaultAdapterRegistry().has('tiny')).toBe(false);
  });

  it('rejects a second adapter for a format unless replace is given; the same one again is a no-op', () => {
    const registry = createAdapterRegistry([tinyAdapter]);
    registry.register(tinyAdapter);
    const other = { ...tinyAdapter };
    expect(caught(() => registry.register(other)).code).toBe('ADAPTER_ALREADY_REGISTERED');
    registry.register(other, { replace: true });
    expect(registry.get('tiny')).toBe(other);
  });

  it.each<[string, unknown]>([
    ['no format', { detect: () => true, adapt: () => null, export: () => null }],
    ['an upper-case format', { ...tinyAdapter, format: 'Tiny' }],
    ['no export', { format: 'x', detect: () => true, adapt: () => null }],
    ['not an object', 'dict-dsl'],
  ])('rejects an adapter with %s as INVALID_ADAPTER', (_name, adapter) => {
    expect(caught(() => createAdapterRegistry().register(adapter as ContractAdapter)).code).toBe('INVALID_ADAPTER');
  });

  it('get of an unknown format is ADAPTER_NOT_FOUND', () => {
    expect(caught(() => createAdapterRegistry().get('dict-dsl')).code).toBe('ADAPTER_NOT_FOUND');
  });
});

describe('adaptContract', () => {
  it('detects a Dict DSL object even with a description key', () => {
    const contract = adaptContract(dsl);
    expect(contract.source.format).toBe('dict-dsl');
    expect(contract.fields[0]!.path).toBe('total');
  });

  it('parses JSON and YAML strings before detection', () => {
    expect(adaptContract(JSON.stringify(dsl)).id).toBe('invoice');
    expect(adaptContract('id: invoice\nfields:\n  - name: total\n    type: MONEY\n    required: true\n').fields[0]!.type).toBe('MONEY');
    expect(caught(() => adaptContract('{"id": "invoice", fields: [')).code).toBe('INVALID_JSON');
  });

  it('reaches a custom adapter through detection', () => {
    const registry = createAdapterRegistry([dictDslAdapter, tinyAdapter]);
    expect(adaptContract({ kind: 'tiny', name: 'mine' }, { registry }).id).toBe('mine');
  });

  it('reports ADAPTER_NOT_FOUND when nothing matches', () => {
    const error = caught(() => adaptContract({ hello: 'world' }, { registry: createAdapterRegistry([dictDslAdapter]) }));
    expect(error.code).toBe('ADAPTER_NOT_FOUND');
    expect(error.message).toContain('hello');
    expect(caught(() => adaptContract(42)).code).toBe('ADAPTER_NOT_FOUND');
  });

  it('reports AMBIGUOUS_CONTRACT_FORMAT naming every matching format, whatever the registration order', () => {
    const greedy: ContractAdapter = { ...tinyAdapter, format: 'greedy', detect: () => true };
    for (const adapters of [[dictDslAdapter, greedy], [greedy, dictDslAdapter]]) {
      const error = caught(() => adaptContract(dsl, { registry: createAdapterRegistry(adapters) }));
      expect(error.code).toBe('AMBIGUOUS_CONTRACT_FORMAT');
      expect(error.message).toContain('dict-dsl');
      expect(error.message).toContain('greedy');
      expect([...(error.context.formats as string[])].sort()).toEqual(['dict-dsl', 'greedy']);
    }
  });

  it('skips detection when a format is named', () => {
    const greedy: ContractAdapter = { ...tinyAdapter, format: 'greedy', detect: () => true };
    const registry = createAdapterRegistry([dictDslAdapter, greedy]);
    expect(adaptContract(dsl, { registry, format: 'dict-dsl' }).id).toBe('invoice');
    expect(caught(() => adaptContract(dsl, { registry, format: 'openapi-2' })).code).toBe('ADAPTER_NOT_FOUND');
  });

  it('treats a detect that throws as no match', () => {
    const broken: ContractAdapter = { ...tinyAdapter, format: 'broken', detect: () => { throw new Error('boom'); } };
    expect(adaptContract(dsl, { registry: createAdapterRegistry([broken, dictDslAdapter]) }).id).toBe('invoice');
  });

  it('always runs the validator on what an adapter produced', () => {
    const sloppy: ContractAdapter = {
      ...tinyAdapter,
      adapt: () => defineContract({ id: 'x', fields: [{ path: 'a', type: 'STRING', constraints: [{ kind: 'pattern', params: { regex: '(?=x)' } }] }, { path: 'b', type: 'ENUM' }], source: { format: 'tiny', formatVersion: null, schemaName: null } }),
    };
    const error = caught(() => adaptContract({ kind: 'tiny' }, { registry: createAdapterRegistry([sloppy]) }));
    expect(error.code).toBe('INVALID_CONTRACT');
    expect((error.context.problems as JsonValue[]).map((problem) => (problem as { code: string }).code)).toEqual(['INVALID_REGEX_PATTERN', 'MISSING_ENUM_VALUES']);
  });

  it('wraps an adapter crash in an InvalidContractError', () => {
    const crashing: ContractAdapter = { ...tinyAdapter, adapt: () => { throw new TypeError('cannot read x of undefined'); } };
    const error = caught(() => adaptContract({ kind: 'tiny' }, { registry: createAdapterRegistry([crashing]) }));
    expect(error.code).toBe('INVALID_CONTRACT');
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('accepts an already-canonical contract and validates it', () => {
    const contract = defineContract({ id: 'c', fields: [{ path: 'a', type: 'STRING' }] });
    expect(isCanonicalContract(contract)).toBe(true);
    expect(isCanonicalContract(dsl)).toBe(false);
    expect(adaptContract(contract)).toBe(contract);
    expect(caught(() => adaptContract(defineContract({ id: 'c', fields: [{ path: 'a', type: 'ENUM' }] }))).code).toBe('MISSING_ENUM_VALUES');
  });
});

describe('adaptContract keeps nothing between calls', () => {
  it('gives equal contracts for equal sources, on any registry', () => {
    const registry = createDefaultAdapterRegistry();
    const first = adaptContract(structuredClone(dsl), { registry });
    expect(adaptContract(structuredClone(dsl), { registry })).toEqual(first);
    expect(adaptContract(JSON.stringify(dsl), { registry })).toEqual(first);
    expect(adaptContract(dsl)).toEqual(first);
  });

  it('re-adapts when the source changes or the registry now holds another adapter', () => {
    const registry = createDefaultAdapterRegistry();
    const source = structuredClone(dsl) as { fields: { name: string; type: string; required: boolean }[] };
    const first = adaptContract(source, { registry });
    source.fields[0]!.name = 'grand_total';
    const changed = adaptContract(source, { registry });
    expect(changed.fields[0]!.path).toBe('grand_total');
    const custom: ContractAdapter = { ...dictDslAdapter, adapt: (parsed, options) => defineContract({ ...dictDslAdapter.adapt(parsed, options), id: 'custom' }) };
    registry.register(custom, { replace: true });
    source.fields[0]!.name = 'total';
    const replaced = adaptContract(source, { registry });
    expect(replaced.id).toBe('custom');
    expect(first.id).toBe('invoice');
  });

  it('never caches an error', () => {
    const registry = createDefaultAdapterRegistry();
    const bad = { id: 'x', fields: [{ name: 'total', type: 'NOPE' }] };
    expect(() => adaptContract(bad, { registry })).toThrow(InvalidContractError);
    expect(() => adaptContract(bad, { registry })).toThrow(InvalidContractError);
  });
});

describe('createDefaultAdapterRegistry', () => {
  it('holds the built-in adapters', () => {
    expect(createDefaultAdapterRegistry().formats()).toEqual(['dict-dsl', 'json-schema', 'openapi', 'zod']);
  });

  it('routes a JSON Schema document and a Dict DSL contract to their own adapters', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', title: 'invoice', type: 'object', properties: { total: { type: 'number' } }, required: ['total'] };
    expect(adaptContract(schema).source.format).toBe('json-schema');
    expect(adaptContract(JSON.stringify(schema)).source.format).toBe('json-schema');
    expect(adaptContract({ ...dsl, title: undefined, $comment: undefined }).source.format).toBe('dict-dsl');
    expect(createDefaultAdapterRegistry().detect(dsl)).toEqual(['dict-dsl']);
    expect(createDefaultAdapterRegistry().detect(schema)).toEqual(['json-schema']);
  });

  it('reaches Zod through detection', () => {
    const schema = z.object({ number: z.string().describe('Invoice number'), lines: z.array(z.object({ amount: z.number() })), paid: z.boolean().optional() });
    expect(createDefaultAdapterRegistry().detect(schema)).toEqual(['zod']);
    const contract = adaptContract(schema, { schemaName: 'invoice' });
    expect(contract.source.format).toBe('zod');
    expect(contract.fields.map((field) => [field.path, field.type, field.required])).toEqual([
      ['number', 'STRING', true],
      ['lines', 'ARRAY', true],
      ['paid', 'BOOLEAN', false],
    ]);
    expect(contract.fields[1]!.fields[0]!.path).toBe('lines[].amount');
  });

  it('reaches OpenAPI through detection, from YAML text, choosing a component schema by name', () => {
    const yaml = [
      'openapi: 3.1.0',
      'info: { title: Billing, version: "1" }',
      'paths: {}',
      'components:',
      '  schemas:',
      '    Invoice:',
      '      type: object',
      '      description: An invoice',
      '      required: [number]',
      '      properties:',
      '        number: { type: string }',
      '    Receipt:',
      '      type: object',
      '      properties:',
      '        total: { type: number }',
      '',
    ].join('\n');
    expect(createDefaultAdapterRegistry().detect(parseContractSource(yaml))).toEqual(['openapi']);
    const first = adaptContract(yaml);
    expect(first.source).toMatchObject({ format: 'openapi', schemaName: 'Invoice' });
    expect(first.fields.map((field) => field.path)).toEqual(['number']);
    const receipt = adaptContract(yaml, { schemaName: 'Receipt' });
    expect(receipt.fields.map((field) => field.path)).toEqual(['total']);
  });
});

describe('detection over every realistic contract in the repository', () => {
  const shared = resolve(import.meta.dirname, '../../../../shared');
  const fixtures = resolve(import.meta.dirname, 'adapters');
  const sources: [string, string, unknown][] = [
    ...readdirSync(resolve(shared, 'eval'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(resolve(shared, 'eval', entry.name, 'contract.json')))
      .map((entry): [string, string, unknown] => [`eval/${entry.name}`, 'dict-dsl', readFileSync(resolve(shared, 'eval', entry.name, 'contract.json'), 'utf8')]),
    ['bench/contract-20-fields', 'dict-dsl', readFileSync(resolve(shared, 'bench/contract-20-fields.dsl.json'), 'utf8')],
    ['json-schema fixture', 'json-schema', readFileSync(resolve(fixtures, 'json-schema/__fixtures__/invoice.schema.json'), 'utf8')],
    ['openapi fixture', 'openapi', readFileSync(resolve(fixtures, 'openapi/__fixtures__/billing-api.openapi.yaml'), 'utf8')],
    ['zod fixture', 'zod', Invoice],
  ];

  it.each(sources)('%s is recognised by exactly one built-in adapter (%s) and adapts', (_name, format, source) => {
    const registry = createDefaultAdapterRegistry();
    const parsed = typeof source === 'string' ? parseContractSource(source) : source;
    expect(registry.detect(parsed)).toEqual([format]);
    const contract = adaptContract(source, { registry });
    expect(contract.source.format).toBe(format);
    expect(fingerprintContract(adaptContract(source))).toBe(fingerprintContract(contract));
  });
});
