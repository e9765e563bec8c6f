/**
 * Where an artifact keeps its diagnostics (format 2, ADR 0009 revision 1): each one
 * exactly once, where it belongs. The embedded plan keeps its own in `plan.diagnostics`;
 * a diagnostic that names a contract field (`fieldPath` is a key of `fieldResults`) lives
 * in that field's result, whatever stage reported it; the top-level `diagnostics` holds
 * the rest (contract, profile, document, run-level execution and capability diagnostics
 * without a field). Every list is in `orderDiagnostics` order. `listDiagnostics` gives
 * the complete list back.
 */
import { type Diagnostic, canonicalJson, compareDiagnostics, compareStrings } from '@paxman/core';
import type { ExecutionArtifact } from './execution-artifact.js';

/**
 * Sorts with core's `compareDiagnostics` and removes exact duplicates; diagnostics that
 * compare equal but differ (severity, context) are ordered by their canonical JSON, so the
 * order is total.
 */
export function orderDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const sorted = [...diagnostics].sort(compareDiagnostics);
  const ordered: Diagnostic[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start + 1;
    while (end < sorted.length && compareDiagnostics(sorted[start]!, sorted[end]!) === 0) end += 1;
    if (end - start === 1) {
      ordered.push(sorted[start]!);
    } else {
      const byText = new Map<string, Diagnostic>();
      for (const diagnostic of sorted.slice(start, end)) byText.set(canonicalJson(diagnostic), diagnostic);
      for (const [, diagnostic] of [...byText.entries()].sort(([left], [right]) => compareStrings(left, right))) ordered.push(diagnostic);
    }
    start = end;
  }
  return ordered;
}

/**
 * True when `right` may follow `left` in an ordered list: it sorts after it, or compares
 * equal and has a greater canonical text (so exact duplicates are out of order too).
 */
export function isOrderedPair(left: Diagnostic, right: Diagnostic): boolean {
  const order = compareDiagnostics(left, right);
  return order < 0 || (order === 0 && canonicalJson(left) < canonicalJson(right));
}

/** Where one diagnostic is stored. */
export type DiagnosticHome = { readonly in: 'plan' } | { readonly in: 'field'; readonly path: string } | { readonly in: 'artifact' };

const IN_PLAN: DiagnosticHome = { in: 'plan' };
const IN_ARTIFACT: DiagnosticHome = { in: 'artifact' };

/**
 * The placement rule: the plan's own diagnostics (an exact copy of one in
 * `planDiagnostics`) stay in the plan; a diagnostic whose `fieldPath` is a contract field
 * goes to that field; everything else to the top level.
 */
export function diagnosticHomes(isField: (path: string) => boolean, planDiagnostics: readonly Diagnostic[]): (diagnostic: Diagnostic) => DiagnosticHome {
  let planTexts: ReadonlySet<string> | null = null;
  return (diagnostic) => {
    // An exact copy of a plan diagnostic has the plan's stage, so only those are compared.
    if (diagnostic.stage === 'plan' && planDiagnostics.length > 0) {
      planTexts ??= new Set(planDiagnostics.map((item) => canonicalJson(item)));
      if (planTexts.has(canonicalJson(diagnostic))) return IN_PLAN;
    }
    if (diagnostic.fieldPath !== undefined && isField(diagnostic.fieldPath)) return { in: 'field', path: diagnostic.fieldPath };
    return IN_ARTIFACT;
  };
}

/**
 * Every diagnostic of an artifact — top level, the plan's and every field's — in one
 * `orderDiagnostics` list (what format 1 stored as the top-level `diagnostics`).
 * @example listDiagnostics(artifact).filter((diagnostic) => diagnostic.severity === 'ERROR')
 */
export function listDiagnostics(artifact: Pick<ExecutionArtifact<unknown>, 'diagnostics' | 'plan' | 'fieldResults'>): readonly Diagnostic[] {
  const all: Diagnostic[] = [...artifact.diagnostics, ...(artifact.plan?.diagnostics ?? [])];
  for (const result of Object.values(artifact.fieldResults)) all.push(...result.diagnostics);
  return orderDiagnostics(all);
}
