import { EvidenceKind, InvalidContractError, type Candidate, type JsonValue } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import type { ResolvedFieldValue } from '@paxman/capability-spi';
import { evalContract, runCapability } from '../__fixtures__/run-capability.js';
import { formatExpression, parseExpression } from './arithmetic-expression.js';
import { configureDerived, createDerivedCapability } from './derived.js';

const capability = createDerivedCapability();
const invoices = evalContract('synthetic-invoices');

function resolved(values: Record<string, JsonValue>): ReadonlyMap<string, ResolvedFieldValue> {
  return new Map(Object.entries(values).map(([path, value]) => [path, { path, value, evidenceIds: [] }]));
}

function candidate(path: string, value: JsonValue): Candidate {
  return { fieldPath: path, value, raw: JSON.stringify(value), capability: 'explicit_evidence@1.0.0', tier: 1, evidenceIds: [] };
}

describe('derived: built-in invoice relations', () => {
  it('fills a missing subtotal from total − tax, with the relation in DERIVED evidence', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    const result = await runCapability(capability, invoices, 'subtotal', document, { resolved: resolved({ total_amount: { amount: '811.88', currency: 'USD' }, tax_amount: '61.88' }) });
    expect(result.candidates.map((entry) => entry.value)).toEqual(['750.00']);
    expect(result.candidates[0]).toMatchObject({ capability: 'derived@1.0.0', tier: 4 });
    expect(result.evidence[0]).toMatchObject({ kind: EvidenceKind.DERIVED, spans: [], detail: { relation: 'subtotal = total_amount - tax_amount', origin: 'built-in' } });
  });

  it('fills a total as MONEY, keeping the currency', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    const result = await runCapability(capability, invoices, 'total_amount', document, { resolved: resolved({ subtotal: '750.00', tax_amount: '61.88' }) });
    expect(result.candidates[0]?.value).toEqual({ amount: '811.88', currency: null });
  });

  it('confirms or contradicts the candidates already found', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    const values = resolved({ subtotal: '750.00', tax_amount: '61.88' });
    const agrees = await runCapability(capability, invoices, 'total_amount', document, { resolved: values, candidates: [candidate('total_amount', { amount: '811.88', currency: 'USD' })] });
    expect(agrees.candidates).toEqual([]);
    expect(agrees.evidence.map((evidence) => evidence.verdict)).toEqual(['SUPPORTS']);
    const disagrees = await runCapability(capability, invoices, 'total_amount', document, { resolved: values, candidates: [candidate('total_amount', { amount: '900.00', currency: 'USD' })] });
    expect(disagrees.evidence.map((evidence) => evidence.verdict)).toContain('CONTRADICTS');
    expect(disagrees.candidates.map((entry) => entry.value)).toEqual([{ amount: '811.88', currency: null }]);
  });

  it('returns nothing when an operand is unresolved, and refuses to mix currencies', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    expect((await runCapability(capability, invoices, 'total_amount', document, { resolved: resolved({ subtotal: '750.00' }) })).candidates).toEqual([]);
    const contract = defineContract({ id: 'c', fields: [{ path: 'a', type: 'MONEY' }, { path: 'b', type: 'MONEY' }, { path: 'sum', type: 'MONEY', derived: { expression: 'a + b' } }] });
    const mixed = await runCapability(capability, contract, 'sum', document, { resolved: resolved({ a: { amount: '1.00', currency: 'USD' }, b: { amount: '2.00', currency: 'EUR' } }) });
    expect(mixed.candidates).toEqual([]);
    expect(mixed.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['CURRENCY_MISMATCH']);
  });
});

describe('derived: contract expressions', () => {
  it('evaluates + − * and parentheses with decimals, never floats', async () => {
    const contract = defineContract({
      id: 'c',
      fields: [
        { path: 'quantity', type: 'INTEGER' },
        { path: 'unit_price', type: 'DECIMAL' },
        { path: 'shipping', type: 'DECIMAL' },
        { path: 'amount', type: 'DECIMAL', derived: { expression: '(quantity * unit_price) + shipping - 0.1' } },
      ],
    });
    const document = await buildDocument('', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'amount', document, { resolved: resolved({ quantity: 3, unit_price: '0.1', shipping: '0.2' }) });
    expect(result.candidates[0]?.value).toBe('0.4');
  });

  it('rejects what is not arithmetic over paths', () => {
    for (const expression of ['a +', '(a', 'a ** b', 'eval(1)', 'a; b']) {
      expect(() => parseExpression(expression), expression).toThrowError(InvalidContractError);
    }
  });

  const path = fc.constantFrom('a', 'b', 'c_d', 'x.y');
  const expression: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, path, fc.tuple(tie('node'), fc.constantFrom('+', '-', '*'), tie('node')).map(([left, op, right]) => `(${left} ${op} ${right})`)),
  })).node;
  propertyTest.prop([expression])('prints a tree that parses back to the same tree', (text) => {
    const tree = parseExpression(text);
    expect(parseExpression(formatExpression(tree))).toEqual(tree);
  });

  it('skips non-numeric fields and fields with no relation', () => {
    expect(configureDerived(invoices.fields.find((field) => field.path === 'invoice_number')!, invoices)).toHaveProperty('skip');
    const lone = defineContract({ id: 'c', fields: [{ path: 'total', type: 'MONEY' }] });
    expect(configureDerived(lone.fields[0]!, lone)).toHaveProperty('skip');
  });
});

describe('derived: sum of line amounts', () => {
  const contract = defineContract({
    id: 'c',
    fields: [
      { path: 'subtotal', type: 'DECIMAL' },
      { path: 'line_items', type: 'ARRAY', itemType: 'OBJECT', fields: [{ path: 'line_items[].description', type: 'STRING' }, { path: 'line_items[].amount', type: 'DECIMAL' }] },
    ],
  });

  it('fills the subtotal from the resolved line items', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    const lines = [{ description: 'Widget', amount: '500.00' }, { description: 'Gadget', amount: '150.00' }, { description: 'Fee', amount: '100.00' }];
    const result = await runCapability(capability, contract, 'subtotal', document, { resolved: resolved({ line_items: lines }) });
    expect(result.candidates[0]?.value).toBe('750.00');
    expect(result.evidence[0]?.detail).toMatchObject({ relation: 'subtotal = sum(line_items[].amount)' });
    const broken = await runCapability(capability, contract, 'subtotal', document, { resolved: resolved({ line_items: [{ amount: '1.00' }, { amount: 'n/a' }] }) });
    expect(broken.candidates).toEqual([]);
  });
});

describe('derived: currency of the total', () => {
  it('fills the currency field from the resolved total and checks a found one', async () => {
    const document = await buildDocument('', { inputType: 'text' });
    const total = resolved({ total_amount: { amount: '21114.00', currency: 'EUR' } });
    const filled = await runCapability(capability, invoices, 'currency_code', document, { resolved: total });
    expect(filled.candidates.map((entry) => entry.value)).toEqual(['EUR']);
    expect(filled.evidence[0]).toMatchObject({ kind: EvidenceKind.DERIVED, detail: { relation: 'currency_code = currency(total_amount)' } });
    const checked = await runCapability(capability, invoices, 'currency_code', document, { resolved: total, candidates: [candidate('currency_code', 'USD'), candidate('currency_code', 'EUR')] });
    expect(checked.evidence.map((evidence) => [evidence.detail?.value, evidence.verdict])).toEqual([
      ['USD', 'CONTRADICTS'],
      ['EUR', 'SUPPORTS'],
    ]);
    expect(checked.candidates).toEqual([]);
    const unknown = await runCapability(capability, invoices, 'currency_code', document, { resolved: resolved({ total_amount: { amount: '1.00', currency: null } }) });
    expect(unknown.candidates).toEqual([]);
  });
});
