import { describe, expect, it } from 'vitest';
import { holdsKey } from './pair-places.js';

const line = (start: number, end: number) => ({ span: { start, end, layer: 'input' } });

describe('holdsKey', () => {
  it('says whether a pair key starts on a line, from the keys\' starts', () => {
    // Keys at 0 ("Total: …" on line 0–12) and 40 (on line 30–50).
    const places = { keyStarts: [0, 40] };
    expect(holdsKey(places, line(0, 12))).toBe(true);
    expect(holdsKey(places, line(13, 29))).toBe(false);
    expect(holdsKey(places, line(30, 50))).toBe(true);
    expect(holdsKey(places, line(51, 60))).toBe(false);
  });

  it('counts a key at either end of the line, and none without pairs', () => {
    expect(holdsKey({ keyStarts: [12] }, line(5, 12))).toBe(true);
    expect(holdsKey({ keyStarts: [5] }, line(5, 12))).toBe(true);
    expect(holdsKey({ keyStarts: [4, 13] }, line(5, 12))).toBe(false);
    expect(holdsKey({ keyStarts: [] }, line(5, 12))).toBe(false);
    expect(holdsKey(undefined, line(5, 12))).toBe(false);
  });
});
