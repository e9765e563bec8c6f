import { InvalidContractError, PaxmanError } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { compileSafeRegex } from './safe-regex.js';

describe('compileSafeRegex', () => {
  it('finds matches and named groups with UTF-16 offsets that slice back to the text', () => {
    const text = '😀 ref InvABC-12 and InvD-3';
    const matches = compileSafeRegex('Inv(?P<value>[A-Z]+-\\d+)').matchAll(text);
    expect(matches.map((match) => match.groups.value?.text)).toEqual(['ABC-12', 'D-3']);
    for (const match of matches) {
      const group = match.groups.value!;
      expect(text.slice(group.start, group.end)).toBe(group.text);
      expect(text.slice(match.start, match.end)).toBe(match.text);
    }
  });

  it('accepts the hostile (a+)+$ and runs it on the linear engine', () => {
    const regex = compileSafeRegex('(a+)+$');
    const input = `${'a'.repeat(50_000)}!`;
    // A backtracking engine needs exponential time here; RE2 answers in one pass.
    expect(regex.test(input)).toBe(false);
    expect(regex.matchesWhole('aaaa')).toBe(true);
  });

  it.each(['(a)\\1', '(?=a)b', '(?<=a)b', '[unclosed'])('rejects %s as a contract error, never falling back', (pattern) => {
    expect(() => compileSafeRegex(pattern)).toThrowError(InvalidContractError);
    try {
      compileSafeRegex(pattern);
    } catch (error) {
      expect(PaxmanError.isInstance(error) && error.code).toBe('INVALID_REGEX_PATTERN');
    }
  });

  it('supports case-insensitive matching', () => {
    expect(compileSafeRegex('net \\d+', { caseInsensitive: true }).matchAll('Terms: NET 30')[0]?.text).toBe('NET 30');
  });
});
