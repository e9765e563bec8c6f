/** Tests for parsing contract text: JSON first, then YAML, typed errors otherwise. */
import { InvalidContractError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { parseContractSource } from './parse-source.js';

describe('parseContractSource', () => {
  it('parses JSON, with or without a byte-order mark', () => {
    expect(parseContractSource('{"id":"a","fields":[]}')).toEqual({ id: 'a', fields: [] });
    expect(parseContractSource('\uFEFF{"id":"a"}')).toEqual({ id: 'a' });
  });

  it('parses YAML when the text is not JSON', () => {
    expect(parseContractSource('openapi: 3.1.0\ninfo:\n  title: x\n  version: "1"\n')).toEqual({ openapi: '3.1.0', info: { title: 'x', version: '1' } });
  });

  it.each([
    ['broken', '{"id": '],
    ['a scalar', 'just words'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['several documents', 'a: 1\n---\nb: 2\n'],
    ['nothing', ''],
    ['an alias to no anchor', '*!'],
    ['an alias bomb', 'a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n'],
  ])('rejects %s with INVALID_JSON', (_name, text) => {
    let thrown: unknown;
    try {
      parseContractSource(text);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidContractError);
    expect((thrown as InvalidContractError).code).toBe('INVALID_JSON');
    expect((thrown as InvalidContractError).context.problems).toEqual([expect.objectContaining({ code: 'INVALID_JSON', path: '' })]);
  });
});
