/** `compareVersions`: semver precedence and a total order on anything else. */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { compareVersions, isSemver } from './semver.js';

describe('compareVersions', () => {
  it('orders by semver precedence', () => {
    const sorted = ['1.0.0-alpha', '1.0.0-alpha.1', '1.0.0-alpha.beta', '1.0.0-beta', '1.0.0-beta.2', '1.0.0-beta.11', '1.0.0-rc.1', '1.0.0', '1.2.0', '1.10.0', '2.0.0'];
    expect([...sorted].reverse().sort(compareVersions)).toEqual(sorted);
  });

  it('puts invalid versions before valid ones', () => {
    expect(compareVersions('v1', '0.0.1')).toBeLessThan(0);
    expect(compareVersions('1.0.0', 'latest')).toBeGreaterThan(0);
  });

  test.prop([fc.string(), fc.string()])('is antisymmetric and zero only for equal strings', (left, right) => {
    expect(Math.sign(compareVersions(left, right)) + Math.sign(compareVersions(right, left))).toBe(0);
    if (compareVersions(left, right) === 0) expect(left).toBe(right);
  });
});

describe('isSemver', () => {
  it('accepts MAJOR.MINOR.PATCH with optional pre-release and build, nothing else', () => {
    expect(['1.0.0', '0.1.2', '1.0.0-alpha.1', '2.3.4+build.5'].every(isSemver)).toBe(true);
    expect(['1.0', '01.0.0', 'v1.0.0', '1.0.0-', '', 1].some(isSemver)).toBe(false);
  });
});

