/** The terminal table of `paxman normalize`: value formatting and the "where found" snippet. */
import type { Evidence } from 'paxman';
import { describe, expect, it } from 'vitest';
import { formatValue, itemLines, whereFound } from './artifact-table.js';

const text = 'ACME Corp\nInvoice Number:   INV-2026-001234\nTotal Due:                                 $811.88 USD\n';

function evidence(value: string, label?: string, layer = 'input'): Evidence {
  const start = text.indexOf(value);
  return { id: 'ev', capability: 'explicit_evidence@1.0.0', fieldPath: 'x', kind: 'EXACT_LABEL', spans: [{ start, end: start + value.length, layer }], text: value, ...(label === undefined ? {} : { label }) };
}

describe('artifact table', () => {
  it('formats canonical values for reading', () => {
    expect(formatValue({ amount: '811.88', currency: 'USD' })).toBe('USD 811.88');
    expect(formatValue({ amount: '5', currency: null })).toBe('5');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(12)).toBe('12');
    expect(formatValue(['a'])).toBe('["a"]');
  });

  it('shows the source line from its label, with the line number', () => {
    expect(whereFound(evidence('INV-2026-001234', 'Invoice Number'), text, 60)).toBe('Invoice Number: INV-2026-001234 (L2)');
  });

  it('keeps the matched value visible when the line is too long for the column', () => {
    const snippet = whereFound(evidence('$811.88', 'Total Due'), text, 22);
    expect(snippet).toContain('$811.88');
    expect(snippet.endsWith('(L3)')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(22);
  });

  it('falls back to the label and text for derived layers such as PDF text', () => {
    expect(whereFound(evidence('INV-2026-001234', 'Invoice Number', 'pdf-text'), text, 60)).toBe('Invoice Number: INV-2026-001234 [pdf-text]');
  });
});

describe('items of an array field', () => {
  it('prints one line per item with its members and confidence', () => {
    const lines = itemLines([{ description: 'Achromatic lens 50 mm', quantity: '12', amount: { amount: '1014.00', currency: 'EUR' } }, { description: 'Mounting ring', quantity: '12' }], [{ confidence: 0.97 }, { confidence: 0.9 }], 120);
    expect(lines).toEqual(['  [1]  Achromatic lens 50 mm | 12 | EUR 1014.00  0.97', '  [2]  Mounting ring | 12  0.90']);
    expect(formatValue([{ a: 1 }, { a: 2 }])).toBe('2 items');
    expect(formatValue(['Acme', 'Kite'])).toBe('["Acme","Kite"]');
  });
});
