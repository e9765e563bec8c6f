import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { findDuplicateKey } from './duplicate-keys.js';

describe('findDuplicateKey', () => {
  it.each([
    ['{"status":"SUCCESS","status":"FAILED"}', { key: 'status', path: '$' }],
    ['{"a":{"b":1,"c":[{"x":1,"x":2}]}}', { key: 'x', path: '$.a.c[0]' }],
    ['{"st\\u0061tus":1,"status":2}', { key: 'status', path: '$' }],
    ['[{"a":1},{"a":1,"b":{"a":2},"a":3}]', { key: 'a', path: '$[1]' }],
  ])('finds the duplicate in %s', (text, expected) => {
    expect(findDuplicateKey(text)).toEqual(expected);
  });

  it.each(['{"a":"\\"a\\":1","b":{"a":1}}', '{"a":[1,2,{"a":3}],"b":"{\\"a\\":1,\\"a\\":2}"}', '[]', '"x"', '{}'])('finds none in %s', (text) => {
    expect(findDuplicateKey(text)).toBeNull();
  });

  test.prop([fc.json()])('never reports a duplicate in what JSON.stringify wrote', (text) => {
    expect(findDuplicateKey(JSON.stringify(JSON.parse(text)))).toBeNull();
  });
});
