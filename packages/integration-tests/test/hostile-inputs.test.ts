/**
 * Hostile inputs end with a bounded amount of work and a diagnostic naming the limit they
 * hit, and no document is dropped silently (issue "Under attack"). Sizes here are moderate;
 * the timing cases at full scale are `pnpm bench:hostile`. The timeouts are hang guards only.
 */
import { describe, expect, it } from 'vitest';
import { adaptContract } from '@paxman/contract';
import { listDiagnostics, normalize } from 'paxman';

const contract = {
  id: 'hostile',
  fields: [
    { name: 'invoice_number', type: 'STRING', required: false },
    { name: 'total', type: 'MONEY', required: false },
  ],
};
const invoice = 'ACME Supplies Ltd\nInvoice No: INV-7781\nTotal: 12.50 EUR\n';

function codes(artifact: Awaited<ReturnType<typeof normalize>>): string[] {
  return listDiagnostics(artifact).map((diagnostic) => diagnostic.code);
}

describe('no document is dropped silently', () => {
  it.each([
    ['UTF-16LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(invoice, 'utf16le')])],
    ['UTF-16LE without a BOM', Buffer.from(invoice, 'utf16le')],
    ['UTF-16BE with a BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(invoice, 'utf16le').swap16()])],
    ['a NUL at byte 0', Buffer.concat([Buffer.from([0]), Buffer.from(invoice)])],
  ])('%s is read, and the artifact says how', async (_case, bytes) => {
    const artifact = await normalize(new Uint8Array(bytes), { contract });
    expect(artifact.normalizedData).toEqual({ invoice_number: 'INV-7781', total: { amount: '12.50', currency: 'EUR' } });
    expect(listDiagnostics(artifact).some((diagnostic) => diagnostic.code === 'DOCUMENT_WARNING' && /UTF-16|control character/.test(diagnostic.message))).toBe(true);
  });

  it('a UTF-8 BOM before JSON is JSON', async () => {
    const json = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ invoice_number: 'INV-9', total: '4.00 EUR' }))]);
    const artifact = await normalize(new Uint8Array(json), { contract });
    expect(artifact.input.inputType).not.toBe('unknown');
    const evidence = artifact.evidence.find((record) => record.fieldPath === 'invoice_number');
    expect(evidence?.kind).toBe('STRUCTURED_KEY');
  });

  it('binary input and reader limits reach the artifact as DOCUMENT_WARNING', async () => {
    const binary = new Uint8Array(4096).map((_, index) => (index * 7919) % 256);
    expect(codes(await normalize(binary, { contract }))).toContain('DOCUMENT_WARNING');
  });
});

describe('bounded cost', () => {
  it('one long line of digits (200 000) is read without quadratic work', async () => {
    const artifact = await normalize(`${'1'.repeat(200_000)}\n${invoice}`, { contract });
    expect(artifact.status).not.toBe('EXECUTION_FAILED');
  }, 20_000);

  it('HTML nested deeper than 512 elements is cut there, with a warning', async () => {
    const html = `<html><body><p>Invoice No: INV-1</p>${'<b>x'.repeat(20_000)}</body></html>`;
    const artifact = await normalize(html, { contract });
    expect(artifact.normalizedData).toMatchObject({ invoice_number: 'INV-1' });
    expect(listDiagnostics(artifact).find((diagnostic) => diagnostic.code === 'DOCUMENT_WARNING')?.message).toMatch(/deeper than 512/);
  }, 20_000);

  it('a JSON Schema whose $refs fan out is refused while it expands (CONTRACT_TOO_LARGE)', () => {
    const defs: Record<string, unknown> = {};
    for (let level = 0; level < 9; level += 1) {
      const properties: Record<string, unknown> = {};
      for (let index = 0; index < 10; index += 1) properties[`p${index}`] = level === 8 ? { type: 'string' } : { $ref: `#/$defs/L${level + 1}` };
      defs[`L${level}`] = { type: 'object', properties };
    }
    expect(() => adaptContract({ type: 'object', properties: { root: { $ref: '#/$defs/L0' } }, $defs: defs }, { format: 'json-schema' })).toThrow(/more than 10000 fields/);
  }, 20_000);

  it('a contract with 2 000 MONEY fields and one with a 20 000-value ENUM plan and run', async () => {
    const money = { id: 'money', fields: Array.from({ length: 2000 }, (_, index) => ({ name: `amount_${index}`, type: 'MONEY', required: false })) };
    expect((await normalize('Total: 5 EUR', { contract: money })).status).not.toBe('EXECUTION_FAILED');
    const enumeration = { id: 'enum', fields: [{ name: 'kind', type: 'ENUM', required: false, enum_values: Array.from({ length: 20_000 }, (_, index) => `value${index}`) }] };
    expect((await normalize(`kind: value19999\n${'word '.repeat(20_000)}`, { contract: enumeration })).normalizedData).toEqual({ kind: 'value19999' });
  }, 60_000);
});
