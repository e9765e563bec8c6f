import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES, isPipelineDiagnosticCode } from './diagnostic-codes.js';
import { ERROR_CODES } from './errors/error-codes.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('codes', () => {
  it('documents every error and diagnostic code in the README', () => {
    for (const code of [...ERROR_CODES, ...Object.values(DIAGNOSTIC_CODES).flat()]) expect(readme, code).toContain(`\`${code}\``);
  });

  it('tells pipeline codes from others', () => {
    expect(isPipelineDiagnosticCode('EARLY_STOP')).toBe(true);
    expect(isPipelineDiagnosticCode('iban_check.CHECKSUM_FAILED')).toBe(false);
    expect(isPipelineDiagnosticCode(42)).toBe(false);
  });
});
