import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { evalContract, spansSliceBack } from './capabilities/__fixtures__/run-capability.js';
import { createDefaultCapabilities } from './default-capabilities.js';
import { buildDocument } from '@paxman/document';

const contract = evalContract('synthetic-invoices');
const capabilities = createDefaultCapabilities();
const labelish = fc.constantFrom('Total', 'Subtotal', 'Tax (8%)', 'Invoice No.', 'Due date', 'Date', 'From', 'Currency', 'PO', 'Terms', 'VAT/TIN', 'Bill To');
const valueish = fc.oneof(fc.constantFrom('$811.88 USD', '1.234,56 €', '2026-01-15', '03/04/2025', 'INV-1', 'Net 30', 'EUR', '24.99   29.99', '(12.00)', ''), fc.string({ maxLength: 12 }));
const line = fc.oneof(fc.tuple(labelish, fc.constantFrom(': ', ' ..... ', '    ', '\n'), valueish).map((parts) => parts.join('')), fc.string({ maxLength: 40 }));
const inputType = fc.constantFrom('text', 'csv', 'json', 'html', 'email');

describe('field capabilities on arbitrary documents', () => {
  propertyTest.prop([fc.array(line, { maxLength: 12 }), inputType], { numRuns: 60 })('never throw, and every span slices back to its text', async (lines, type) => {
    const document = await buildDocument(lines.join('\n'), { inputType: type });
    for (const capability of capabilities) {
      for (const field of contract.fields) {
        const configuration = capability.configure?.(field, contract) ?? { config: {} };
        if ('skip' in configuration) continue;
        const result = await capability.invoke({ field, contract, config: configuration.config, document, resolved: new Map(), tables: {}, candidates: [] });
        expect(spansSliceBack(result, document)).toBe(true);
        for (const candidate of result.candidates) {
          expect(candidate.evidenceIds.every((id) => result.evidence.some((evidence) => evidence.id === id))).toBe(true);
        }
      }
    }
  });
});
