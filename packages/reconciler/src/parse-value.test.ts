/** Tests of canonical parsing per field type. */
import { defineField } from '@paxman/contract';
import type { FieldType, JsonValue } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { parseCandidateValue } from './parse-value.js';

function parse(type: FieldType, value: JsonValue, raw = '', extra: Parameters<typeof defineField>[0] extends infer T ? Partial<T> : never = {}) {
  return parseCandidateValue(defineField({ path: 'f', type, ...extra }), value, raw);
}

describe('parseCandidateValue', () => {
  it('keeps canonical values and normalizes spellings', () => {
    expect(parse('STRING', '  Acme ')).toEqual({ ok: true, value: 'Acme', reparsed: false });
    expect(parse('DECIMAL', '1.50')).toMatchObject({ ok: true, value: '1.50' });
    expect(parse('INTEGER', 42)).toMatchObject({ ok: true, value: 42 });
    expect(parse('DATE', '2025-01-31')).toMatchObject({ ok: true, value: '2025-01-31' });
    expect(parse('MONEY', { amount: '10.5', currency: 'USD' })).toMatchObject({ ok: true, value: { amount: '10.5', currency: 'USD' } });
  });

  it('re-reads raw text strictly', () => {
    expect(parse('INTEGER', '1,234')).toMatchObject({ ok: true, value: 1234 });
    expect(parse('INTEGER', '12.5')).toMatchObject({ ok: false });
    expect(parse('DECIMAL', '1.234,5')).toMatchObject({ ok: true, value: '1234.5', reparsed: true });
    expect(parse('DECIMAL', '1.234')).toMatchObject({ ok: true, value: '1.234' });
    expect(parse('DECIMAL', '1,234')).toMatchObject({ ok: false });
    expect(parse('DATE', '31.01.2025')).toMatchObject({ ok: true, value: '2025-01-31' });
    expect(parse('DATE', '2025-01-31T10:00:00Z')).toMatchObject({ ok: true, value: '2025-01-31' });
    expect(parse('DATE', '03/04/2025')).toMatchObject({ ok: false });
    expect(parse('DATE', '2025-02-30')).toMatchObject({ ok: false });
    expect(parse('BOOLEAN', 'Yes')).toMatchObject({ ok: true, value: true });
    expect(parse('BOOLEAN', 'maybe')).toMatchObject({ ok: false });
    expect(parse('MONEY', null, 'USD 1,234.50')).toMatchObject({ ok: true, value: { amount: '1234.50', currency: 'USD' }, reparsed: true });
    expect(parse('MONEY', { amount: '10', currency: 'XXQ' })).toMatchObject({ ok: false });
  });

  it('maps enum values and synonyms case-insensitively and refuses ambiguity', () => {
    const enumValues = [
      { value: 'PAID', synonyms: ['settled'] },
      { value: 'OPEN', synonyms: ['due'] },
      { value: 'LATE', synonyms: ['due'] },
    ];
    expect(parse('ENUM', 'paid', '', { enumValues })).toMatchObject({ ok: true, value: 'PAID' });
    expect(parse('ENUM', 'SETTLED', '', { enumValues })).toMatchObject({ ok: true, value: 'PAID' });
    expect(parse('ENUM', 'due', '', { enumValues })).toMatchObject({ ok: false });
  });

  it('parses the items of scalar arrays with the item type', () => {
    const fields = [{ path: 'f[]', type: 'INTEGER' as const }];
    expect(parse('ARRAY', ['1', 2], '', { fields })).toMatchObject({ ok: true, value: [1, 2] });
    expect(parse('ARRAY', ['x'], '', { fields })).toMatchObject({ ok: false });
  });
});
