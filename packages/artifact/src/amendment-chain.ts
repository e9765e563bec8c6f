/**
 * A chain of review amendments checked against its artifact, and the data it amends.
 * `parseAmendments` reads a chain's JSON (an array of amendments, as `paxman amend`
 * writes it); `verifyAmendments` checks every link — the format, the artifact's replay
 * hash, the place in the chain, the hash of the amendment before, the signature, the
 * reviewer (when the caller names the keys it trusts), the field and its values before
 * and after against the contract — and throws an `AmendmentError` at the first that
 * fails; `reviewArtifact` gives the amended data with each amended field marked: who
 * decided what, when and why. The artifact itself is never changed.
 */
import { AmendmentError, type JsonValue, canonicalJson, isPlainObject, isSha256Hex } from '@paxman/core';
import { type CanonicalContract, encodeForSource } from '@paxman/contract';
import type { ArtifactFieldResult, ExecutionArtifact } from './execution-artifact.js';
import { assembleNormalizedData } from './normalized-data.js';
import {
  AMENDMENT_FORMAT,
  type AmendmentAction,
  type ReviewAmendment,
  amendableField,
  amendmentHash,
  amendmentSignatureValid,
  artifactFieldValue,
  checkAmendedValue,
} from './review-amendment.js';

/** How an amended field came to its value: the last amendment of it. */
export interface AmendedField {
  readonly action: AmendmentAction;
  /** The value in the artifact (null when none). */
  readonly original: JsonValue;
  /** The value after the chain (null when cleared). */
  readonly value: JsonValue;
  readonly reviewerKeyId: string;
  readonly reviewerName?: string;
  readonly amendedAt: string;
  readonly reason: string;
  /** The amendment's place in the chain (from 1). */
  readonly sequence: number;
}

/** An artifact's data after its amendments, and which fields they touched. */
export interface ArtifactReview {
  /** `normalizedData` with the amendments applied (the contract's encoding). */
  readonly data: Readonly<Record<string, JsonValue>>;
  /** Every amended field by path. */
  readonly amendedFields: Readonly<Record<string, AmendedField>>;
  /** The chain, verified. */
  readonly amendments: readonly ReviewAmendment[];
}

export interface VerifyAmendmentsOptions {
  /** The contract the artifact was produced with (compiled). */
  readonly contract: CanonicalContract;
  /** Key ids of the reviewers whose amendments are accepted; any signer when absent. */
  readonly reviewerKeyIds?: readonly string[];
}

const ACTIONS: readonly string[] = ['CONFIRM', 'CORRECT', 'CLEAR'];
const KEYS = ['format', 'replayHash', 'sequence', 'previous', 'fieldPath', 'action', 'before', 'after', 'reason', 'reviewer', 'amendedAt', 'box', 'signature'];

function invalid(index: number, reason: string, message: string): never {
  throw new AmendmentError(`Amendment ${index + 1}: ${message}`, { context: { index, reason } });
}

function checkShape(value: unknown, index: number): asserts value is ReviewAmendment {
  if (!isPlainObject(value)) invalid(index, 'format', 'not a JSON object.');
  const record = value as Record<string, unknown>;
  const extra = Object.keys(record).find((key) => !KEYS.includes(key));
  if (extra !== undefined) invalid(index, 'format', `unknown member "${extra}".`);
  if (record['format'] !== AMENDMENT_FORMAT) invalid(index, 'format', `format is not ${AMENDMENT_FORMAT}.`);
  if (!isSha256Hex(record['replayHash'])) invalid(index, 'format', 'replayHash is not a sha256.');
  if (!Number.isSafeInteger(record['sequence'])) invalid(index, 'format', 'sequence is not an integer.');
  if (record['previous'] !== null && !isSha256Hex(record['previous'])) invalid(index, 'format', 'previous is neither null nor a sha256.');
  for (const key of ['fieldPath', 'reason', 'amendedAt', 'signature']) if (typeof record[key] !== 'string') invalid(index, 'format', `${key} is not a string.`);
  if (!ACTIONS.includes(record['action'] as string)) invalid(index, 'format', 'action is not CONFIRM, CORRECT or CLEAR.');
  if (!('before' in record) || !('after' in record)) invalid(index, 'format', 'before and after are required.');
  const reviewer = record['reviewer'];
  if (!isPlainObject(reviewer) || typeof (reviewer as Record<string, unknown>)['keyId'] !== 'string' || typeof (reviewer as Record<string, unknown>)['publicKey'] !== 'string') invalid(index, 'format', 'reviewer needs keyId and publicKey.');
  if (Number.isNaN(Date.parse(record['amendedAt'] as string))) invalid(index, 'format', 'amendedAt is not a time.');
  const box = record['box'];
  if (box !== undefined) {
    const fields = isPlainObject(box) ? (box as Record<string, unknown>) : null;
    if (fields === null || !Number.isSafeInteger(fields['page']) || (fields['page'] as number) < 1 || !['x', 'y', 'width', 'height'].every((key) => typeof fields[key] === 'number' && Number.isFinite(fields[key]))) invalid(index, 'format', 'box is not { page, x, y, width, height }.');
  }
}

/**
 * Reads a chain of amendments: JSON text or the parsed array. Checks the shape of each
 * amendment only; `verifyAmendments` checks that the chain holds.
 */
export function parseAmendments(value: unknown): ReviewAmendment[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch (cause) {
      throw new AmendmentError(`Amendments are not JSON: ${(cause as Error).message}.`, { cause, context: { reason: 'format' } });
    }
  }
  if (!Array.isArray(parsed)) throw new AmendmentError('Amendments must be a JSON array.', { context: { reason: 'format' } });
  parsed.forEach((item, index) => checkShape(item, index));
  return parsed as ReviewAmendment[];
}

/**
 * Checks a chain of amendments against its artifact (whose replay hash the caller has
 * verified) and contract; throws `AmendmentError` naming the first amendment that fails
 * and why (`context.reason`: a changed byte fails its `signature`, a moved or dropped one
 * its `order` or `chain`).
 */
export function verifyAmendments(artifact: ExecutionArtifact<unknown>, chain: readonly ReviewAmendment[], options: VerifyAmendmentsOptions): void {
  const values = new Map<string, JsonValue>();
  chain.forEach((amendment, index) => {
    checkShape(amendment, index);
    if (amendment.replayHash !== artifact.replayHash) invalid(index, 'artifact', `it amends artifact ${amendment.replayHash}, not this one (${artifact.replayHash}).`);
    if (amendment.sequence !== index + 1) invalid(index, 'order', `it says it is amendment ${amendment.sequence}: the chain was re-ordered or an amendment removed.`);
    const expected = index === 0 ? null : amendmentHash(chain[index - 1]!);
    if (amendment.previous !== expected) invalid(index, 'chain', 'its link to the amendment before it does not match: an earlier amendment was changed, removed or moved.');
    if (!amendmentSignatureValid(amendment)) invalid(index, 'signature', `its signature (key ${amendment.reviewer.keyId}) does not verify: it was changed after it was signed.`);
    if (options.reviewerKeyIds !== undefined && !options.reviewerKeyIds.includes(amendment.reviewer.keyId)) invalid(index, 'reviewer', `it was signed by key ${amendment.reviewer.keyId}, not by a reviewer key accepted here.`);
    let field;
    try {
      field = amendableField(options.contract, amendment.fieldPath);
    } catch {
      invalid(index, 'field', `the contract has no field "${amendment.fieldPath}".`);
    }
    const current = values.has(amendment.fieldPath) ? values.get(amendment.fieldPath)! : artifactFieldValue(artifact, amendment.fieldPath);
    if (canonicalJson(current) !== canonicalJson(amendment.before)) invalid(index, 'value', `its value before for "${amendment.fieldPath}" is not the field's value.`);
    const after = amendment.action === 'CLEAR' ? null : amendment.action === 'CONFIRM' ? amendment.before : checkAmendedValue(field, amendment.after, index);
    if (canonicalJson(after) !== canonicalJson(amendment.after) || (amendment.action === 'CORRECT' && amendment.after === null)) invalid(index, 'value', `its value after for "${amendment.fieldPath}" is not what ${amendment.action} gives, in the field's encoding.`);
    values.set(amendment.fieldPath, amendment.after);
  });
}

/**
 * Verifies a chain (`verifyAmendments`) and gives the artifact's data with it applied:
 * each amended field takes its last value (a cleared field leaves the data), and is
 * listed in `amendedFields` with who amended it, when and why.
 *
 * @example reviewArtifact(artifact, chain, { contract }).amendedFields.total_amount.reviewerKeyId // '3f9a…'
 */
export function reviewArtifact(artifact: ExecutionArtifact<unknown>, chain: readonly ReviewAmendment[], options: VerifyAmendmentsOptions): ArtifactReview {
  verifyAmendments(artifact, chain, options);
  const amendedFields: Record<string, AmendedField> = {};
  const results: Record<string, ArtifactFieldResult> = { ...artifact.fieldResults };
  for (const amendment of chain) {
    amendedFields[amendment.fieldPath] = {
      action: amendment.action,
      original: artifactFieldValue(artifact, amendment.fieldPath),
      value: amendment.after,
      reviewerKeyId: amendment.reviewer.keyId,
      ...(amendment.reviewer.name === undefined ? {} : { reviewerName: amendment.reviewer.name }),
      amendedAt: amendment.amendedAt,
      reason: amendment.reason,
      sequence: amendment.sequence,
    };
    const result = results[amendment.fieldPath];
    if (result === undefined) continue;
    results[amendment.fieldPath] = amendment.after === null ? { ...result, status: 'UNRESOLVED', value: null, defaulted: false } : { ...result, status: 'SUCCESS', value: amendment.after, defaulted: false };
  }
  const data = chain.length === 0 ? artifact.normalizedData : encodeForSource(options.contract, assembleNormalizedData(options.contract, results).data);
  return Object.freeze({ data: Object.freeze(data), amendedFields: Object.freeze(amendedFields), amendments: Object.freeze([...chain]) });
}
