/**
 * Test support: the eval invoice contract as a canonical contract, reading shared eval
 * inputs, and running one capability on one field the way the executor does
 * (configure, then invoke with the frozen config).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Candidate, Evidence, JsonValue } from '@paxman/core';
import { defineContract, type CanonicalContract, type FieldInput } from '@paxman/contract';
import type { Document } from '@paxman/document';
import { buildDocument } from '@paxman/document';
import type { Capability, CapabilityResult, ResolvedFieldValue } from '@paxman/capability-spi';

/** `/work/shared` seen from this folder. */
export const SHARED = resolve(import.meta.dirname, '../../../../../../shared');

/** Reads a shared eval input and builds its Document. */
export async function evalDocument(corpus: string, file: string): Promise<Document> {
  return buildDocument(new Uint8Array(readFileSync(resolve(SHARED, 'eval', corpus, 'cases', file))));
}

/** The Dict DSL contract of an eval corpus, mapped by hand to the canonical model. */
export function evalContract(corpus: string): CanonicalContract {
  const dsl = JSON.parse(readFileSync(resolve(SHARED, 'eval', corpus, 'contract.json'), 'utf8')) as { id: string; version: string; fields: Record<string, unknown>[] };
  return defineContract({
    id: dsl.id,
    version: dsl.version,
    fields: dsl.fields.map(
      (field): FieldInput => ({
        path: String(field.name),
        name: String(field.name),
        type: field.type as FieldInput['type'],
        required: Boolean(field.required),
        description: (field.description as string | undefined) ?? null,
        tags: (field.tags as string[] | undefined) ?? [],
        constraints: (field.constraints ?? []) as FieldInput['constraints'],
        enumValues: ((field.enum_values as string[] | undefined) ?? []).map((value) => ({ value, synonyms: [] })),
      }),
    ),
  });
}

/** Runs `capability` for the field at `path` (configure + invoke). Throws when the step is skipped. */
export async function runCapability(
  capability: Capability,
  contract: CanonicalContract,
  path: string,
  document: Document,
  extra: { readonly resolved?: ReadonlyMap<string, ResolvedFieldValue>; readonly candidates?: readonly Candidate[]; readonly tables?: Readonly<Record<string, Readonly<Record<string, JsonValue>>>> } = {},
): Promise<CapabilityResult> {
  const field = contract.fields.find((candidate) => candidate.path === path);
  if (!field) throw new Error(`no field ${path}`);
  const configuration = capability.configure?.(field, contract) ?? { config: {} };
  if ('skip' in configuration) throw new Error(`skipped: ${configuration.skip}`);
  return capability.invoke({
    field,
    contract,
    config: configuration.config,
    document,
    resolved: extra.resolved ?? new Map(),
    tables: extra.tables ?? {},
    ...(extra.candidates ? { candidates: extra.candidates } : {}),
  });
}

/** The evidence of a candidate. */
export function evidenceOf(result: CapabilityResult, candidate: Candidate | undefined): Evidence[] {
  if (!candidate) return [];
  return candidate.evidenceIds.map((id) => result.evidence.find((evidence) => evidence.id === id)!).filter(Boolean);
}

/** Asserts every span of every evidence lies in its layer, and the first slices to `text`. */
export function spansSliceBack(result: CapabilityResult, document: Document): boolean {
  return result.evidence.every((evidence) => {
    const inside = evidence.spans.every((span) => {
      const layer = document.layers[span.layer];
      return layer !== undefined && span.start >= 0 && span.start <= span.end && span.end <= layer.text.length;
    });
    const first = evidence.spans[0];
    const sliced = first === undefined || evidence.text === undefined || document.layers[first.layer]!.text.slice(first.start, first.end) === evidence.text;
    return inside && sliced;
  });
}
