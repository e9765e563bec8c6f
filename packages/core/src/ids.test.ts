import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentId, evidenceId, spanEvidenceId } from './ids.js';

const span = fc.record({ start: fc.integer({ min: 0, max: 1e6 }), end: fc.integer({ min: 0, max: 1e6 }), layer: fc.string() });
const parts = fc.record(
  {
    capability: fc.string(),
    fieldPath: fc.string(),
    kind: fc.constantFrom('EXACT_LABEL', 'RECOGNIZER', 'VALIDATION'),
    spans: fc.array(span, { maxLength: 4 }),
    label: fc.string(),
    pattern: fc.string(),
    discriminator: fc.string({ unit: 'binary' }),
  },
  { requiredKeys: ['capability', 'fieldPath', 'kind', 'spans'] },
);

describe('evidenceId', () => {
  it('is contentId("ev", parts): the canonical JSON written directly gives the same id', () => {
    fc.assert(
      fc.property(parts, (value) => {
        expect(evidenceId(value)).toBe(contentId('ev', value));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the same id for other shapes (extra keys, undefined members, non-plain spans) by the canonical path', () => {
    const base = { capability: 'explicit_evidence@1.0.0', fieldPath: 'total', kind: 'EXACT_LABEL', spans: [{ start: 1, end: 5, layer: 'text' }] };
    const shapes = [
      { ...base, label: undefined },
      { ...base, extra: 'x' },
      { ...base, spans: [{ start: 1, end: 5, layer: 'text', text: 'Total' }] },
      { ...base, spans: [{ start: -0, end: 5.5, layer: 'html' }] },
      { ...base, label: 'Total \u00e9 "quoted" \\ \n', pattern: 'recognizer:iban' },
    ];
    for (const shape of shapes) expect(evidenceId(shape as never)).toBe(contentId('ev', shape));
    expect(evidenceId(shapes[0] as never)).toBe(evidenceId(base));
    expect(evidenceId(shapes[1] as never)).not.toBe(evidenceId(base));
    expect(evidenceId(base)).toMatch(/^ev_[0-9a-f]{16}$/);
  });
});

describe('spanEvidenceId', () => {
  it('is evidenceId of the same parts, spans read as { start, end, layer } and undefined parts left out', () => {
    fc.assert(
      fc.property(parts, (value) => {
        const spans = value.spans.map((item) => ({ ...item, text: 'ignored' }));
        const expected = evidenceId(value);
        expect(spanEvidenceId(value.capability, value.fieldPath, value.kind, spans, value.label, value.pattern, value.discriminator)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('takes the canonical path for spans that are not numbers and strings', () => {
    const odd = [{ start: '1' as unknown as number, end: 5, layer: 'text' }];
    expect(spanEvidenceId('c@1.0.0', 'total', 'EXACT_LABEL', odd)).toBe(contentId('ev', { capability: 'c@1.0.0', fieldPath: 'total', kind: 'EXACT_LABEL', spans: odd }));
    expect(spanEvidenceId('c@1.0.0', 'total', 'EXACT_LABEL', [{ start: -0, end: 2, layer: 'x' }])).toBe(evidenceId({ capability: 'c@1.0.0', fieldPath: 'total', kind: 'EXACT_LABEL', spans: [{ start: 0, end: 2, layer: 'x' }] }));
  });
});
