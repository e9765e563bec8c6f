import { describe, expect, it } from 'vitest';
import { moduleStateIn } from '../src/check-module-state.mjs';

describe('moduleStateIn', () => {
  it('finds lets, vars, weak maps and empty collections at the top level', () => {
    const source = [
      'let last = null;',
      'var count = 0;',
      'const cache = new WeakMap<object, string>();',
      'const seen = new Set();',
      'export const recent: string[] = [];',
      'const byKey = new Map<string, number>();',
    ].join('\n');
    expect(moduleStateIn('a.ts', source).map((found) => [found.line, found.name])).toEqual([
      [1, 'last'],
      [2, 'count'],
      [3, 'cache'],
      [4, 'seen'],
      [5, 'recent'],
      [6, 'byKey'],
    ]);
  });

  it('accepts constant tables and state inside functions', () => {
    const source = [
      "const WORDS = new Set(['a', 'b']);",
      "const TABLE: ReadonlyMap<string, number> = new Map([['x', 1]]);",
      'const LIMIT = 10;',
      'const PATTERN = /x+/g;',
      'const lexicon = lazyConstant(() => build());',
      'function run() { let local = 0; const cache = new Map(); return [local, cache]; }',
    ].join('\n');
    expect(moduleStateIn('b.ts', source)).toEqual([]);
  });
});
