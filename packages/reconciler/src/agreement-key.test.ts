import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { agreementKey } from './agreement-key.js';

describe('agreementKey: STRING', () => {
  const reference = (value: string): string => value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

  it('normalizes, trims, collapses white space and lowers case', () => {
    expect(agreementKey('STRING', '  ACME   Corp ')).toBe('acme corp');
    expect(agreementKey('STRING', 'ﬁrma\u00a0GmbH')).toBe('firma gmbh');
    expect(agreementKey('STRING', 'Ｒｅｃｈｎｕｎｇ')).toBe('rechnung');
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 12 })])('gives the NFKC key of any text, ASCII or not', (value) => {
    expect(agreementKey('STRING', value)).toBe(reference(value));
  });
});
