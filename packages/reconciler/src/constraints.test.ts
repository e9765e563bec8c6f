/** Tests of the constraint checker: every kind, exclusive bounds, RE2 patterns. */
import { type Constraint, defineField } from '@paxman/contract';
import type { FieldType, JsonValue } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { checkConstraints } from './constraints.js';

function failures(type: FieldType, constraints: Constraint[], value: JsonValue): string[] {
  return checkConstraints(defineField({ path: 'f', type, constraints }), value).map((failure) => `${failure.kind}: ${failure.reason}`);
}

describe('checkConstraints', () => {
  it('honours inclusive and exclusive bounds exactly', () => {
    expect(failures('DECIMAL', [{ kind: 'min_value', params: { min: '0' } }], '0')).toEqual([]);
    expect(failures('DECIMAL', [{ kind: 'exclusive_min_value', params: { min: '0' } }], '0')).toHaveLength(1);
    expect(failures('DECIMAL', [{ kind: 'exclusive_min_value', params: { min: '0' } }], '0.0000000001')).toEqual([]);
    expect(failures('INTEGER', [{ kind: 'max_value', params: { max: 10 } }], 10)).toEqual([]);
    expect(failures('INTEGER', [{ kind: 'exclusive_max_value', params: { max: 10 } }], 10)).toEqual(['exclusive_max_value: 10 is not < 10 (exclusive maximum)']);
    expect(failures('MONEY', [{ kind: 'max_value', params: { max: '100' } }], { amount: '100.01', currency: 'USD' })).toEqual(['max_value: 100.01 > max 100']);
    expect(failures('DATE', [{ kind: 'min_value', params: { min: '2020-01-01' } }], '2019-12-31')).toHaveLength(1);
  });

  it('reads the bounds of frozen params once and gives the same verdicts', () => {
    const constraint = Object.freeze({ kind: 'min_value', params: Object.freeze({ min: '5' }) }) as Constraint;
    expect(failures('DECIMAL', [constraint], '4.99')).toEqual(['min_value: 4.99 < min 5']);
    expect(failures('DECIMAL', [constraint], '5')).toEqual([]);
    const enumConstraint = Object.freeze({ kind: 'enum', params: Object.freeze({ values: Object.freeze(['A', 'B']) }) }) as Constraint;
    expect(failures('ENUM', [enumConstraint], 'B')).toEqual([]);
    expect(failures('ENUM', [enumConstraint], 'C')).toEqual(['enum: "C" is not one of ["A","B"]']);
  });

  it('checks lengths in code points', () => {
    expect(failures('STRING', [{ kind: 'max_length', params: { max: 2 } }], '😀😀')).toEqual([]);
    expect(failures('STRING', [{ kind: 'min_length', params: { min: 3 } }], 'ab')).toEqual(['min_length: length 2 < min 3']);
    // A lone surrogate counts as one code point, as in [...text].
    expect(failures('STRING', [{ kind: 'max_length', params: { max: 2 } }], '\ud83d\ud83d😀')).toEqual(['max_length: length 3 > max 2']);
    expect(failures('STRING', [{ kind: 'max_length', params: { max: 1 } }], 'a\udc00')).toEqual(['max_length: length 2 > max 1']);
  });

  it('runs patterns on RE2 with search semantics, linear time on hostile input', () => {
    expect(failures('STRING', [{ kind: 'pattern', params: { regex: '\\d{3}' } }], 'ab123')).toEqual([]);
    expect(failures('STRING', [{ kind: 'pattern', params: { regex: '^\\d{3}$' } }], 'ab123')).toHaveLength(1);
    const started = Date.now();
    expect(failures('STRING', [{ kind: 'pattern', params: { regex: '(a+)+$' } }], `${'a'.repeat(30000)}!`)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(failures('STRING', [{ kind: 'pattern', params: { regex: '(?=x)' } }], 'x')[0]).toContain('not valid RE2');
  });

  it('checks enum, iso_4217, formats and item counts', () => {
    expect(failures('STRING', [{ kind: 'enum', params: { values: ['a', 'b'] } }], 'c')).toHaveLength(1);
    expect(failures('STRING', [{ kind: 'iso_4217', params: {} }], 'EUR')).toEqual([]);
    expect(failures('STRING', [{ kind: 'iso_4217', params: {} }], 'XYZ')).toHaveLength(1);
    expect(failures('MONEY', [{ kind: 'iso_4217', params: {} }], { amount: '1', currency: 'USD' })).toEqual([]);
    expect(failures('STRING', [{ kind: 'format', params: { format: 'date' } }], '2025-02-30')).toHaveLength(1);
    expect(failures('STRING', [{ kind: 'format', params: { format: 'date-time' } }], '2025-02-03T10:00:00Z')).toEqual([]);
    expect(failures('STRING', [{ kind: 'format', params: { format: 'email' } }], 'a@b.example')).toEqual([]);
    expect(failures('STRING', [{ kind: 'format', params: { format: 'email' } }], 'not an email')).toHaveLength(1);
    expect(failures('STRING', [{ kind: 'format', params: { format: 'uri' } }], 'https://example.com/x')).toEqual([]);
    expect(failures('ARRAY', [{ kind: 'min_items', params: { min: 1 } }], [])).toHaveLength(1);
  });
});
