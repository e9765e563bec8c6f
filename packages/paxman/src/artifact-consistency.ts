/**
 * Replay's check that an artifact agrees with itself under its contract. The replay hash
 * proves nobody changed the artifact without recomputing the hash; this proves that what
 * it says is one story — a hand-edited artifact with a recomputed hash that puts a value in
 * `normalizedData` no field result carries, hides an unresolved field, or cites evidence
 * for a field the contract does not have, is refused. Everything is recomputed from the
 * field results the way `normalize` computes it.
 */
import { type ExecutionArtifact, assembleNormalizedData, hasOutputValue } from '@paxman/artifact';
import { type CanonicalContract, encodeForSource, resultFields } from '@paxman/contract';
import { InvalidArtifactError, canonicalJson } from '@paxman/core';

/** Throws `InvalidArtifactError` naming the first member that disagrees with the field results. */
export function checkArtifactConsistency(artifact: ExecutionArtifact, contract: CanonicalContract): void {
  const fields = resultFields(contract.fields);
  const paths = new Set(fields.map((field) => field.path));
  for (const path of Object.keys(artifact.fieldResults)) {
    if (!paths.has(path)) inconsistent(`$.fieldResults["${path}"]`, `the contract has no field "${path}"`);
  }
  if (artifact.status === 'INVALID_CONTRACT') return;
  const assembled = assembleNormalizedData(contract, artifact.fieldResults);
  const expected = encodeForSource(contract, assembled.data);
  if (canonicalJson(expected) !== canonicalJson(artifact.normalizedData as never)) {
    const names = new Set([...Object.keys(expected as object), ...Object.keys(artifact.normalizedData)]);
    const differing = [...names].sort().find((name) => canonicalJson((expected as Record<string, never>)[name] ?? null) !== canonicalJson((artifact.normalizedData as Record<string, never>)[name] ?? null));
    inconsistent(`$.normalizedData${differing === undefined ? '' : `.${differing}`}`, 'normalizedData does not follow from the field results');
  }
  const unresolved = fields.filter((field) => !hasOutputValue(artifact.fieldResults[field.path]) && !assembled.presentPaths.has(field.path)).map((field) => field.path);
  if (canonicalJson(unresolved) !== canonicalJson(artifact.unresolvedFields as string[])) inconsistent('$.unresolvedFields', `the field results leave ${JSON.stringify(unresolved)} without a value`);
  for (const [index, record] of artifact.evidence.entries()) {
    if (!paths.has(record.fieldPath)) inconsistent(`$.evidence[${index}].fieldPath`, `the contract has no field "${record.fieldPath}"`);
  }
  const results = Object.values(artifact.fieldResults);
  const counters = artifact.statistics.counters;
  const counted: [string, number, number][] = [
    ['resolvedFields', counters.resolvedFields, results.filter((result) => result.status === 'SUCCESS').length],
    ['unresolvedFields', counters.unresolvedFields, unresolved.length],
    ['evidenceRecords', counters.evidenceRecords, artifact.evidence.length],
    ['totalFields', counters.totalFields, results.length],
  ];
  for (const [name, stated, actual] of counted) {
    if (stated !== actual) inconsistent(`$.statistics.counters.${name}`, `it says ${stated}, the artifact holds ${actual}`);
  }
}

function inconsistent(path: string, reason: string): never {
  throw new InvalidArtifactError(`Invalid artifact at ${path}: ${reason}; the artifact does not agree with itself.`, { context: { path } });
}
