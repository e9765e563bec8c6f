/**
 * A quick field-accuracy check of the deterministic capabilities on the eval corpora
 * (`../shared/eval/<corpus>/cases/`): for each case, builds the Document, runs
 * explicit_evidence → pattern_extraction → derived per field with a naive pick (the first
 * candidate of the first step that has one; pattern hits only when unique), and compares
 * with `expected.json` after light normalization. Not a scorer: the reconciler decides in
 * the product. Run: `npx tsx packages/capabilities/bench/eval-field-capabilities.ts [corpus…]`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { canonicalJson, type JsonValue } from '@paxman/core';
import { defineContract, type CanonicalContract, type FieldInput } from '@paxman/contract';
import { buildDocument } from '@paxman/document';
import { createDefaultCapabilities } from '../src/default-capabilities.js';
import type { CapabilityContext, ResolvedFieldValue } from '@paxman/capability-spi';

const root = resolve(import.meta.dirname, '../../../../shared/eval');
const corpora = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['synthetic-invoices', 'synthetic-receipts', 'invoice2data', 'bench-procurement'];

function toContract(dsl: Record<string, unknown>): CanonicalContract {
  const fields = (dsl.fields as Record<string, unknown>[]).map(
    (field): FieldInput => ({
      path: String(field.name),
      name: String(field.name),
      type: field.type as FieldInput['type'],
      required: Boolean(field.required),
      description: (field.description as string | undefined) ?? null,
      tags: (field.tags as string[] | undefined) ?? [],
      labels: (field.labels as string[] | undefined) ?? [],
      constraints: ((field.constraints as { kind: string; params: Record<string, JsonValue> }[] | undefined) ?? []) as FieldInput['constraints'],
      enumValues: ((field.enum_values as (string | { value: string; synonyms?: string[] })[] | undefined) ?? []).map((entry) =>
        typeof entry === 'string' ? { value: entry, synonyms: [] } : { value: entry.value, synonyms: entry.synonyms ?? [] },
      ),
    }),
  );
  return defineContract({ id: String(dsl.id), version: String(dsl.version), fields });
}

function normalize(value: JsonValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value.toLowerCase().replace(/[\s.,;:]+/g, '');
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, JsonValue>;
    if ('amount' in record) return `${Number(record.amount).toFixed(2)} ${String(record.currency)}`;
  }
  if (typeof value === 'string' || typeof value === 'number') return String(Number(value).toFixed(2));
  return canonicalJson(value);
}

function numeric(value: JsonValue): string {
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value).toFixed(2) : normalize(value);
}

function matches(value: JsonValue, want: JsonValue): boolean {
  if (want !== null && typeof want === 'object' && !Array.isArray(want) && Array.isArray((want as Record<string, JsonValue>).any_of)) {
    return ((want as Record<string, JsonValue>).any_of as JsonValue[]).some((option) => numeric(value) === numeric(option));
  }
  return numeric(value) === numeric(want);
}

const capabilities = createDefaultCapabilities();
const [explicit, pattern, , derived] = capabilities;
const totals = { right: 0, wrong: 0, missing: 0, spurious: 0, correctNull: 0 };
const perField = new Map<string, { right: number; wrong: number; missing: number; spurious: number }>();

for (const corpus of corpora) {
  const contract = toContract(JSON.parse(readFileSync(resolve(root, corpus, 'contract.json'), 'utf8')) as Record<string, unknown>);
  const directory = resolve(root, corpus, 'cases');
  const inputs = readdirSync(directory).filter((name) => !name.endsWith('.expected.json')).sort();
  for (const input of inputs) {
    const id = input.replace(/\.[^.]+$/, '');
    const expected = JSON.parse(readFileSync(resolve(directory, `${id}.expected.json`), 'utf8')) as Record<string, JsonValue>;
    const bytes = readFileSync(resolve(directory, input));
    const document = await buildDocument(new Uint8Array(bytes));
    const resolved = new Map<string, ResolvedFieldValue>();
    const lines: string[] = [];
    const started = performance.now();
    const found = new Map<string, { value: JsonValue; how: string }>();
    for (const pass of [1, 2]) {
      for (const field of contract.fields) {
        if (found.has(field.path)) continue;
        const steps = pass === 1 ? [explicit!, pattern!] : [derived!];
        for (const capability of steps) {
          const configuration = capability.configure?.(field, contract) ?? { config: {} };
          if ('skip' in configuration) continue;
          const context: CapabilityContext = { field, contract, config: configuration.config, document, resolved, tables: {} };
          const result = await capability.invoke(context);
          const first = result.candidates[0];
          if (!first || (capability === pattern && result.candidates.length > 1)) continue;
          const evidence = result.evidence.find((entry) => entry.id === first.evidenceIds[0]);
          found.set(field.path, { value: first.value, how: `${evidence?.kind ?? ''}${evidence?.label ? `(${evidence.label})` : ''}` });
          resolved.set(field.path, { path: field.path, value: first.value, evidenceIds: [] });
          break;
        }
      }
    }
    for (const field of contract.fields) {
      if (!(field.path in expected)) continue;
      const value = found.get(field.path)?.value;
      const how = found.get(field.path)?.how ?? '';
      const want = expected[field.path]!;
      const stats = perField.get(field.path) ?? { right: 0, wrong: 0, missing: 0, spurious: 0 };
      perField.set(field.path, stats);
      let verdict: string;
      if (value === undefined) {
        if (want === null) {
          totals.correctNull += 1;
          verdict = 'ok-null';
        } else {
          totals.missing += 1;
          stats.missing += 1;
          verdict = 'MISSING';
        }
      } else if (want === null) {
        totals.spurious += 1;
        stats.spurious += 1;
        verdict = 'SPURIOUS';
      } else if (matches(value, want)) {
        totals.right += 1;
        stats.right += 1;
        verdict = 'ok';
      } else {
        totals.wrong += 1;
        stats.wrong += 1;
        verdict = 'WRONG';
      }
      if (verdict !== 'ok' && verdict !== 'ok-null') lines.push(`  ${verdict.padEnd(8)} ${field.path}: got ${JSON.stringify(value ?? null)} via ${how || '-'}; want ${JSON.stringify(want)}`);
    }
    console.log(`${corpus}/${input} (${(performance.now() - started).toFixed(1)} ms)`);
    for (const line of lines) console.log(line);
  }
}
console.log('\nper field (right / wrong / missing / spurious):');
for (const [path, stats] of [...perField].sort()) console.log(`  ${path.padEnd(24)} ${stats.right} / ${stats.wrong} / ${stats.missing} / ${stats.spurious}`);
console.log(`\ntotal: ${totals.right} right, ${totals.wrong} wrong, ${totals.missing} missing, ${totals.spurious} spurious (value where null expected), ${totals.correctNull} correctly empty`);
