/**
 * Loads the evaluation corpora of `../shared/eval/` (contract, inputs and expected
 * values) and compares values the way the corpus README scores them, so the
 * integration tests can check general properties of real runs.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';

export const evalRoot = resolve(import.meta.dirname, '../../../../../shared/eval');

export interface EvalCase {
  readonly corpus: string;
  readonly id: string;
  readonly inputPath: string;
  readonly bytes: Uint8Array;
  readonly expected: Readonly<Record<string, unknown>>;
}

export interface EvalCorpus {
  readonly name: string;
  readonly contractText: string;
  readonly contract: { readonly id: string; readonly fields: readonly { readonly name: string; readonly type: string; readonly required?: boolean }[] };
  readonly cases: readonly EvalCase[];
}

export function loadCorpus(name: string): EvalCorpus {
  const folder = join(evalRoot, name);
  const contractText = readFileSync(join(folder, 'contract.json'), 'utf8');
  const files = readdirSync(join(folder, 'cases')).sort();
  const cases = files
    .filter((file) => !file.endsWith('.expected.json'))
    .map((file) => {
      const id = file.slice(0, -extname(file).length);
      const inputPath = join(folder, 'cases', file);
      return {
        corpus: name,
        id,
        inputPath,
        bytes: new Uint8Array(readFileSync(inputPath)),
        expected: JSON.parse(readFileSync(join(folder, 'cases', `${id}.expected.json`), 'utf8')) as Record<string, unknown>,
      };
    });
  return { name, contractText, contract: JSON.parse(contractText), cases };
}

export const CORPORA = ['synthetic-invoices', 'synthetic-receipts', 'invoice2data', 'bench-procurement'] as const;

function normalizeString(value: string): string {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, '');
}

/** The corpus README's equality by field type (`any_of` accepted). */
export function matchesExpected(type: string, actual: unknown, expected: unknown): boolean {
  if (expected !== null && typeof expected === 'object' && 'any_of' in expected) {
    return (expected as { any_of: unknown[] }).any_of.some((option) => matchesExpected(type, actual, option));
  }
  if (actual === null || actual === undefined || expected === null) return false;
  switch (type) {
    case 'STRING':
      return typeof actual === 'string' && typeof expected === 'string' && normalizeString(actual) === normalizeString(expected);
    case 'INTEGER':
    case 'DECIMAL':
      return Number(actual) === Number(expected);
    case 'MONEY': {
      const left = actual as { amount?: unknown; currency?: unknown };
      const right = expected as { amount?: unknown; currency?: unknown };
      return Number(left.amount) === Number(right.amount) && left.currency === right.currency;
    }
    default:
      return actual === expected;
  }
}
