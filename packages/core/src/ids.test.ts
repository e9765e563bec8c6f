import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentId, evidenceId, evidenceIdPrefix, prefixedEvidenceId, spanEvidenceId } from './ids.js';

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
  const base = { capability: 'explicit_evidence@1.0.0', fieldPath: 'total', kind: 'EXACT_LABEL', spans: [{ start: 1, end: 5, layer: 'text' }] };

  it('is ev_ and 16 hex digits, the same for the same parts in any process (pinned: replay and stored artifacts rely on it)', () => {
    expect(evidenceId(base)).toMatch(/^ev_[0-9a-f]{16}$/);
    expect(evidenceId(base)).toBe('ev_3a551c9b3bb19a56');
    expect(evidenceId({ ...base, label: 'Total', spans: [{ start: 17584, end: 17613, layer: 'input' }, { start: 17574, end: 17582, layer: 'input' }] })).toBe('ev_9357fffaf78dadce');
  });

  it('differs when any part differs (ids of distinct parts are distinct)', () => {
    fc.assert(
      fc.property(parts, parts, (left, right) => {
        const same = JSON.stringify(canonical(left)) === JSON.stringify(canonical(right));
        expect(evidenceId(left) === evidenceId(right)).toBe(same);
      }),
      { numRuns: 500 },
    );
    const variants = [
      { ...base, capability: 'explicit_evidence@1.0.1' },
      { ...base, fieldPath: 'total2' },
      { ...base, kind: 'SYNONYM_LABEL' },
      { ...base, label: '' },
      { ...base, pattern: '' },
      { ...base, discriminator: '' },
      { ...base, label: 'a', pattern: undefined },
      { ...base, pattern: 'a' },
      { ...base, spans: [] },
      { ...base, spans: [{ start: 1, end: 6, layer: 'text' }] },
      { ...base, spans: [{ start: 2, end: 5, layer: 'text' }] },
      { ...base, spans: [{ start: 1, end: 5, layer: 'input' }] },
      { ...base, spans: [base.spans[0]!, base.spans[0]!] },
      { ...base, spans: [{ start: 1.5, end: 5, layer: 'text' }] },
    ];
    const ids = new Set([evidenceId(base), ...variants.map((variant) => evidenceId(variant as never))]);
    expect(ids.size).toBe(variants.length + 1);
  });

  it('leaves undefined parts out and reads -0 as 0, as the canonical JSON of the parts does', () => {
    expect(evidenceId({ ...base, label: undefined })).toBe(evidenceId(base));
    expect(evidenceId({ ...base, spans: [{ start: -0, end: 5, layer: 'text' }] })).toBe(evidenceId({ ...base, spans: [{ start: 0, end: 5, layer: 'text' }] }));
  });

  it('takes contentId("ev", parts) for other shapes (extra keys, spans with more members)', () => {
    const shapes = [
      { ...base, extra: 'x' },
      { ...base, spans: [{ start: 1, end: 5, layer: 'text', text: 'Total' }] },
    ];
    for (const shape of shapes) expect(evidenceId(shape as never)).toBe(contentId('ev', shape));
    expect(evidenceId(shapes[0] as never)).not.toBe(evidenceId(base));
  });
});

/** The parts as their canonical JSON reads back: undefined members left out. */
function canonical(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined).sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)));
}

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

describe('prefixedEvidenceId', () => {
  it('is spanEvidenceId of the prefix\'s capability and field path, for any parts and any number of ids from one prefix', () => {
    fc.assert(
      fc.property(parts, fc.array(parts, { maxLength: 3 }), (value, more) => {
        const prefix = evidenceIdPrefix(value.capability, value.fieldPath);
        for (const other of [value, ...more]) {
          const expected = spanEvidenceId(value.capability, value.fieldPath, other.kind, other.spans, other.label, other.pattern, other.discriminator);
          expect(prefixedEvidenceId(prefix, other.kind, other.spans, other.label, other.pattern, other.discriminator)).toBe(expected);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('takes the canonical path for parts that are not strings, or spans that are not numbers and strings', () => {
    const odd = [{ start: '1' as unknown as number, end: 5, layer: 'text' }];
    expect(prefixedEvidenceId(evidenceIdPrefix('c@1.0.0', 'total'), 'EXACT_LABEL', odd)).toBe(contentId('ev', { capability: 'c@1.0.0', fieldPath: 'total', kind: 'EXACT_LABEL', spans: odd }));
    const numbered = evidenceIdPrefix(7 as unknown as string, 'total');
    expect(numbered.lanes).toBeNull();
    expect(prefixedEvidenceId(numbered, 'EXACT_LABEL', [])).toBe(contentId('ev', { capability: 7, fieldPath: 'total', kind: 'EXACT_LABEL', spans: [] }));
  });
});
