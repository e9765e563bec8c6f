/**
 * Signatures: proof of who produced an artifact. The replay hash shows an artifact was not
 * changed — unless someone recomputed it; an Ed25519 signature over the replay hash (and the
 * artifact's id and time) shows which key produced it, and nobody without that key can make
 * one. The signature sits beside the hashed content (`artifact.signature`: algorithm, the
 * key id — the first 16 hex digits of the sha256 of the public key — and the signature in
 * base64), so signing never changes the replay hash. Keys are PEM (PKCS#8 private, SPKI
 * public), as `openssl genpkey -algorithm ed25519` writes them. Uses `node:crypto` only.
 */
import { type KeyObject, createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { SignatureError } from '@paxman/core';
import type { ArtifactSignature, ExecutionArtifact } from './execution-artifact.js';
import { verifyArtifact } from './replay-hash.js';

const ALGORITHM = 'ed25519';
const MESSAGE_PREFIX = 'paxman-artifact-signature-v1';

/** A key given as PEM text (or a `KeyObject`). */
export type SigningKey = string | KeyObject;

/** The bytes a signature covers: the replay hash (which covers the content), the id and the time. */
function signedMessage(artifact: ExecutionArtifact<unknown>): Buffer {
  return Buffer.from(`${MESSAGE_PREFIX}\n${artifact.replayHash}\n${artifact.id}\n${artifact.createdAt}`, 'utf8');
}

/** The id of a public key: the first 16 hex digits of the sha256 of its SPKI DER form. */
export function publicKeyId(key: SigningKey): string {
  const publicKey = typeof key === 'string' ? createPublicKey(key) : key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

/** The Ed25519 private key of a PEM text or KeyObject, or a `SignatureError`. */
export function privateSigningKey(key: SigningKey): KeyObject {
  let privateKey: KeyObject;
  try {
    privateKey = typeof key === 'string' ? createPrivateKey(key) : key;
  } catch (cause) {
    throw new SignatureError('The signing key is not a PEM private key.', { cause });
  }
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== ALGORITHM) throw new SignatureError(`The signing key must be an Ed25519 private key, got ${privateKey.asymmetricKeyType ?? privateKey.type}.`);
  return privateKey;
}

function publicKeyOf(key: SigningKey): KeyObject {
  let publicKey: KeyObject;
  try {
    publicKey = typeof key === 'string' ? createPublicKey(key) : key.type === 'private' ? createPublicKey(key) : key;
  } catch (cause) {
    throw new SignatureError('The verification key is not a PEM public key.', { cause });
  }
  if (publicKey.asymmetricKeyType !== ALGORITHM) throw new SignatureError(`The verification key must be an Ed25519 public key, got ${publicKey.asymmetricKeyType ?? publicKey.type}.`);
  return publicKey;
}

/**
 * Signs an artifact whose replay hash verifies; returns a copy with `signature` (replacing
 * an earlier one). The replay hash is unchanged.
 * @example const signed = signArtifact(artifact, readFileSync('paxman.key', 'utf8'));
 */
export function signArtifact<T extends ExecutionArtifact<unknown>>(artifact: T, key: SigningKey): T {
  verifyArtifact(artifact);
  const privateKey = privateSigningKey(key);
  const signature: ArtifactSignature = { algorithm: ALGORITHM, keyId: publicKeyId(privateKey), value: sign(null, signedMessage(artifact), privateKey).toString('base64') };
  return Object.freeze({ ...artifact, signature });
}

/**
 * Checks an artifact's replay hash and its signature against a public key; returns the key
 * id. Throws `HashMismatchError` for changed content and `SignatureError` when the artifact
 * is unsigned, was signed by another key, or the signature does not verify.
 */
export function verifyArtifactSignature(artifact: ExecutionArtifact<unknown>, key: SigningKey): string {
  verifyArtifact(artifact);
  const signature = artifact.signature;
  if (signature === undefined) throw new SignatureError('The artifact is not signed.');
  const publicKey = publicKeyOf(key);
  const keyId = publicKeyId(publicKey);
  if (signature.keyId !== keyId) throw new SignatureError(`The artifact was signed by key ${signature.keyId}, not by the given key ${keyId}.`, { context: { signedBy: signature.keyId, given: keyId } });
  const valid = verify(null, signedMessage(artifact), publicKey, Buffer.from(signature.value, 'base64'));
  if (!valid) throw new SignatureError(`The signature of key ${keyId} does not verify: the artifact's hash, id or time changed after it was signed, or the signature was forged.`, { context: { keyId } });
  return keyId;
}
