/** Tests for `paxman contract`: canonical JSON for valid contracts, every problem for invalid ones. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from './test-io.js';

const shared = resolve(import.meta.dirname, '../../../../../shared');

describe('paxman contract', () => {
  const folder = mkdtempSync(join(tmpdir(), 'paxman-contract-'));
  const yaml = join(folder, 'invoice.yaml');
  writeFileSync(
    yaml,
    [
      'id: invoice',
      'version: "3"',
      'description: Supplier invoices',
      'fields:',
      '  - name: total',
      '    type: MONEY',
      '    required: true',
      '    labels: [Amount due]',
      '  - name: buyer',
      '    type: OBJECT',
      '    required: false',
      '    fields:',
      '      - { name: name, type: STRING, required: true }',
      '',
    ].join('\n'),
  );
  const invalid = join(folder, 'invalid.json');
  writeFileSync(invalid, JSON.stringify({ id: 'bad', fields: [{ name: 'a', type: 'TEXT', required: true }, { name: 'b', type: 'STRING', required: true, constraints: [{ kind: 'pattern', params: { regex: '(?=x)' } }] }] }));

  it('prints the canonical contract of a YAML Dict DSL file, nesting members', async () => {
    const capture = captureIo();
    expect(await main(['contract', yaml], capture.io)).toBe(0);
    const printed = JSON.parse(capture.stdout());
    expect(printed).toMatchObject({ id: 'invoice', version: '3' });
    expect(printed.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(printed.fields[0]).toEqual({
      path: 'total',
      name: 'total',
      type: 'MONEY',
      required: true,
      nullable: false,
      description: null,
      labels: ['Amount due'],
      constraints: [],
      enumValues: [],
      default: null,
      confidenceThreshold: 0.8,
      fallback: 'UNRESOLVED',
      fields: [],
    });
    expect(printed.fields[1].fields[0]).toMatchObject({ path: 'buyer.name', type: 'STRING', required: true });
  });

  it('reads the shared eval contracts, with an explicit format too', async () => {
    const capture = captureIo();
    expect(await main(['contract', '--format', 'dict-dsl', join(shared, 'eval/synthetic-receipts/contract.json')], capture.io)).toBe(0);
    expect(JSON.parse(capture.stdout())).toMatchObject({ id: 'eval-receipt-v1' });
  });

  it('prints every problem with code and path, and exits non-zero', async () => {
    const capture = captureIo();
    expect(await main(['contract', invalid], capture.io)).toBe(1);
    expect(capture.stdout()).toBe('');
    expect(capture.stderr()).toContain('2 problem(s)');
    expect(capture.stderr()).toContain('UNKNOWN_FIELD_TYPE fields[0].type');
    expect(capture.stderr()).toContain('INVALID_REGEX_PATTERN fields[1].constraints[0].params.regex');
  });

  it('reads a JSON Schema file, detected or named', async () => {
    const schemaFile = join(folder, 'invoice.schema.json');
    writeFileSync(
      schemaFile,
      JSON.stringify({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        title: 'invoice',
        type: 'object',
        properties: { number: { type: 'string', minLength: 1 }, lines: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } } } } },
        required: ['number'],
      }),
    );
    for (const argv of [['contract', schemaFile], ['contract', '--format', 'json-schema', schemaFile]]) {
      const capture = captureIo();
      expect(await main(argv, capture.io)).toBe(0);
      const printed = JSON.parse(capture.stdout());
      expect(printed.fields.map((field: { path: string }) => field.path)).toEqual(['number', 'lines']);
      expect(printed.fields[0]).toMatchObject({ required: true, constraints: [{ kind: 'min_length', params: { min: 1 } }] });
      expect(printed.fields[1].fields[0]).toMatchObject({ path: 'lines[].amount', type: 'DECIMAL' });
    }
  });

  it('reads an OpenAPI YAML file and picks the component schema named by --schema', async () => {
    const openApiFile = join(folder, 'billing.yaml');
    writeFileSync(
      openApiFile,
      ['openapi: 3.0.3', 'info: { title: Billing, version: "1" }', 'paths: {}', 'components:', '  schemas:', '    Invoice:', '      type: object', '      properties:', '        number: { type: string }', '    Receipt:', '      type: object', '      properties:', '        total: { type: number, nullable: true }', ''].join('\n'),
    );
    const capture = captureIo();
    expect(await main(['contract', openApiFile, '--format', 'openapi', '--schema', 'Receipt'], capture.io)).toBe(0);
    expect(JSON.parse(capture.stdout()).fields).toEqual([expect.objectContaining({ path: 'total', nullable: true })]);
    const missing = captureIo();
    expect(await main(['contract', openApiFile, '--schema', 'Order'], missing.io)).toBe(1);
    expect(missing.stderr()).toContain('Order');
  });

  it('names a missing file', async () => {
    const capture = captureIo();
    const missing = join(folder, 'nope.json');
    expect(await main(['contract', missing], capture.io)).toBe(1);
    expect(capture.stderr()).toContain(`${missing}: no such file`);
  });

  it('reports text that is neither JSON nor YAML, and undetectable contracts', async () => {
    const garbage = join(folder, 'garbage.txt');
    writeFileSync(garbage, '{ "id": [ }');
    const capture = captureIo();
    expect(await main(['contract', garbage], capture.io)).toBe(1);
    expect(capture.stderr()).toContain('INVALID_JSON');
    const unknown = join(folder, 'unknown.json');
    writeFileSync(unknown, '{"hello": "world"}');
    const second = captureIo();
    expect(await main(['contract', unknown], second.io)).toBe(1);
    expect(second.stderr()).toContain('ADAPTER_NOT_FOUND');
  });

  it('rejects an unknown --format as a usage error', async () => {
    const capture = captureIo();
    expect(await main(['contract', '--format', 'xml', yaml], capture.io)).not.toBe(0);
    expect(capture.stderr()).toMatch(/xml/);
  });
});
