/**
 * Review amendments: a person confirms, corrects or clears one field of an artifact, with
 * a reason. An amendment names the artifact by its replay hash, holds the field's value
 * before and after (in the field's canonical encoding, checked against the contract), the
 * reviewer's public key and key id, the time and optionally a box pointed at on the page;
 * it is signed with the reviewer's Ed25519 key (the keys `paxman sign` uses) and chained —
 * each amendment holds its place in the chain and the hash of the one before it — so the
 * artifact is never rewritten and no amendment can be changed, dropped from the middle or
 * moved without the chain failing (`verifyAmendments`). The time is the amendment's only,
 * never the artifact's: the replay hash does not move.
 */
import { createPublicKey, sign, verify } from 'node:crypto';
import { AmendmentError, type JsonValue, type PageBox, canonicalJson, sha256Hex } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { checkConstraints, parseCandidateValue } from '@paxman/reconciler';
import type { ExecutionArtifact } from './execution-artifact.js';
import { hasOutputValue } from './normalized-data.js';
import { type SigningKey, privateSigningKey, publicKeyId } from './signing.js';

/** The format tag every amendment carries. */
export const AMENDMENT_FORMAT = 'paxman-amendment-v1';

/** What a reviewer did to a field: kept its value, replaced it, or removed it. */
export type AmendmentAction = 'CONFIRM' | 'CORRECT' | 'CLEAR';

/** Who reviewed: the key id (as `publicKeyId`), the public key (SPKI DER, base64) and a name, when given. */
export interface AmendmentReviewer {
  readonly keyId: string;
  readonly publicKey: string;
  readonly name?: string;
}

/** One signed review decision on one field of one artifact. */
export interface ReviewAmendment {
  readonly format: typeof AMENDMENT_FORMAT;
  /** The replay hash of the artifact amended. */
  readonly replayHash: string;
  /** Place in the chain, from 1. */
  readonly sequence: number;
  /** `amendmentHash` of the amendment before it; null for the first. */
  readonly previous: string | null;
  readonly fieldPath: string;
  readonly action: AmendmentAction;
  /** The field's value before (null when it had none), canonical encoding. */
  readonly before: JsonValue;
  /** The field's value after (null when cleared), canonical encoding. */
  readonly after: JsonValue;
  readonly reason: string;
  readonly reviewer: AmendmentReviewer;
  /** ISO 8601 time of the decision. */
  readonly amendedAt: string;
  /** Where on the page the reviewer saw the value (page units, as evidence boxes). */
  readonly box?: PageBox;
  /** Ed25519 signature (base64) over the amendment without this member (`amendmentMessage`). */
  readonly signature: string;
}

/** What a reviewer decides, for `createAmendment`. */
export interface AmendmentDecision {
  readonly fieldPath: string;
  readonly action: AmendmentAction;
  /** CORRECT: the new value — canonical encoding, or text the field's type reads (`"12.50 EUR"`, `"2024-03-01"`). */
  readonly value?: JsonValue;
  readonly reason: string;
  readonly box?: PageBox;
  /** The reviewer's name, recorded beside the key id. */
  readonly reviewerName?: string;
}

export interface CreateAmendmentOptions {
  /** The contract the artifact was produced with (compiled). */
  readonly contract: CanonicalContract;
  /** The reviewer's Ed25519 private key (PEM or KeyObject). */
  readonly key: SigningKey;
  /** The decision's time; defaults to now. */
  readonly now?: Date;
}

const MESSAGE_PREFIX = 'paxman-amendment-signature-v1';

/** The bytes an amendment's signature covers: its canonical JSON without `signature`. */
export function amendmentMessage(amendment: Omit<ReviewAmendment, 'signature'> & { readonly signature?: string }): Buffer {
  const { signature: _signature, ...signed } = amendment;
  return Buffer.from(`${MESSAGE_PREFIX}\n${canonicalJson(signed as unknown as JsonValue)}`, 'utf8');
}

/** The hash the next amendment links to: sha256 of the whole amendment's canonical JSON, signature included. */
export function amendmentHash(amendment: ReviewAmendment): string {
  return sha256Hex(canonicalJson(amendment as unknown as JsonValue));
}

/** A field of the contract by path; array item members have no single value to amend. */
export function amendableField(contract: CanonicalContract, fieldPath: string): CanonicalField {
  const field = findField(contract.fields, fieldPath);
  if (field === null || fieldPath.includes('[]')) throw new AmendmentError(`The contract ${contract.id} has no field "${fieldPath}" that can be amended.`, { context: { fieldPath, reason: 'field' } });
  return field;
}

function findField(fields: readonly CanonicalField[], path: string): CanonicalField | null {
  for (const field of fields) {
    if (field.path === path) return field;
    const inner = findField(field.fields, path);
    if (inner !== null) return inner;
  }
  return null;
}

/**
 * A value in the field's canonical encoding that meets its constraints, or an
 * `AmendmentError` (`reason: 'value'`) saying why not.
 */
export function checkAmendedValue(field: CanonicalField, value: JsonValue, index?: number): JsonValue {
  if (value === null) return null;
  const first = parseCandidateValue(field, value, typeof value === 'string' ? value : '');
  // Text is read into the field's encoding, which is read once more so the value is at its fixed point ("99.90 EUR" → 99.9).
  const parsed = first.ok ? parseCandidateValue(field, first.value, '') : first;
  const where = index === undefined ? '' : ` (amendment ${index + 1})`;
  if (!parsed.ok) throw new AmendmentError(`The value for "${field.path}"${where} is not a ${field.type}: ${parsed.reason}.`, { context: { fieldPath: field.path, reason: 'value', ...(index === undefined ? {} : { index }) } });
  const failures = checkConstraints(field, parsed.value);
  if (failures.length > 0) throw new AmendmentError(`The value for "${field.path}"${where} breaks the contract: ${failures.map((failure) => failure.reason).join('; ')}.`, { context: { fieldPath: field.path, reason: 'value', ...(index === undefined ? {} : { index }) } });
  return parsed.value;
}

/** The value a field has in the artifact (null when none), before any amendment. */
export function artifactFieldValue(artifact: ExecutionArtifact<unknown>, fieldPath: string): JsonValue {
  const result = artifact.fieldResults[fieldPath];
  return result !== undefined && hasOutputValue(result) ? result.value : null;
}

/**
 * Makes the next amendment of `chain` (which must verify: `verifyAmendments`) for a
 * reviewer's decision: its value before is the field's value after the chain, its value
 * after is checked against the contract, and it is signed with the reviewer's key.
 *
 * @example const next = createAmendment(artifact, [], { fieldPath: 'total_amount', action: 'CORRECT', value: '12.50 EUR', reason: 'printed total' }, { contract, key: pem });
 */
export function createAmendment(artifact: ExecutionArtifact<unknown>, chain: readonly ReviewAmendment[], decision: AmendmentDecision, options: CreateAmendmentOptions): ReviewAmendment {
  const field = amendableField(options.contract, decision.fieldPath);
  let before = artifactFieldValue(artifact, decision.fieldPath);
  for (const amendment of chain) if (amendment.fieldPath === decision.fieldPath) before = amendment.after;
  if (typeof decision.reason !== 'string' || decision.reason.trim().length === 0) throw new AmendmentError('An amendment needs a reason.', { context: { fieldPath: decision.fieldPath, reason: 'format' } });
  let after: JsonValue;
  switch (decision.action) {
    case 'CONFIRM':
      if (before === null) throw new AmendmentError(`"${decision.fieldPath}" has no value to confirm; correct it instead.`, { context: { fieldPath: decision.fieldPath, reason: 'value' } });
      after = before;
      break;
    case 'CLEAR':
      after = null;
      break;
    case 'CORRECT':
      if (decision.value === undefined || decision.value === null) throw new AmendmentError(`A correction of "${decision.fieldPath}" needs a value; clear the field to remove it.`, { context: { fieldPath: decision.fieldPath, reason: 'value' } });
      after = checkAmendedValue(field, decision.value);
      break;
    default:
      throw new AmendmentError(`Unknown amendment action ${JSON.stringify(decision.action)}: CONFIRM, CORRECT or CLEAR.`, { context: { reason: 'format' } });
  }
  const privateKey = privateSigningKey(options.key);
  const publicKey = createPublicKey(privateKey);
  const last = chain[chain.length - 1];
  const unsigned: Omit<ReviewAmendment, 'signature'> = {
    format: AMENDMENT_FORMAT,
    replayHash: artifact.replayHash,
    sequence: chain.length + 1,
    previous: last === undefined ? null : amendmentHash(last),
    fieldPath: decision.fieldPath,
    action: decision.action,
    before,
    after,
    reason: decision.reason,
    reviewer: {
      keyId: publicKeyId(publicKey),
      publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      ...(decision.reviewerName === undefined ? {} : { name: decision.reviewerName }),
    },
    amendedAt: (options.now ?? new Date()).toISOString(),
    ...(decision.box === undefined ? {} : { box: decision.box }),
  };
  return Object.freeze({ ...unsigned, signature: sign(null, amendmentMessage(unsigned), privateKey).toString('base64') });
}

/** True when the amendment's signature verifies under the public key it names (and the key id is that key's). */
export function amendmentSignatureValid(amendment: ReviewAmendment): boolean {
  try {
    const publicKey = createPublicKey({ key: Buffer.from(amendment.reviewer.publicKey, 'base64'), format: 'der', type: 'spki' });
    if (publicKey.asymmetricKeyType !== 'ed25519' || publicKeyId(publicKey) !== amendment.reviewer.keyId) return false;
    return verify(null, amendmentMessage(amendment), publicKey, Buffer.from(amendment.signature, 'base64'));
  } catch {
    return false;
  }
}
