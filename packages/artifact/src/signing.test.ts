import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseArtifact, serializeArtifact } from './parse-artifact.js';
import { computeReplayHash } from './replay-hash.js';
import { publicKeyId, signArtifact, verifyArtifactSignature } from './signing.js';
import { sampleArtifact } from './__fixtures__/sample-run.js';

const pem = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};

describe('Ed25519 artifact signatures', () => {
  const producer = pem();
  const stranger = pem();
  const artifact = sampleArtifact();

  it('signs without changing the replay hash, and survives serialization', () => {
    const signed = signArtifact(artifact, producer.privateKey);
    expect(signed.replayHash).toBe(artifact.replayHash);
    expect(computeReplayHash(signed)).toBe(artifact.replayHash);
    expect(signed.signature).toMatchObject({ algorithm: 'ed25519', keyId: publicKeyId(producer.publicKey) });
    const back = parseArtifact(serializeArtifact(signed));
    expect(verifyArtifactSignature(back, producer.publicKey)).toBe(publicKeyId(producer.publicKey));
  });

  it('refuses an unsigned artifact, another key, a changed id, and a forged signature', () => {
    const signed = signArtifact(artifact, producer.privateKey);
    expect(() => verifyArtifactSignature(artifact, producer.publicKey)).toThrow(/not signed/);
    expect(() => verifyArtifactSignature(signed, stranger.publicKey)).toThrow(/signed by key/);
    expect(() => verifyArtifactSignature({ ...signed, id: 'another-id' }, producer.publicKey)).toThrow(/does not verify/);
    const forged = { ...signArtifact(artifact, stranger.privateKey), signature: { ...signArtifact(artifact, stranger.privateKey).signature!, keyId: publicKeyId(producer.publicKey) } };
    expect(() => verifyArtifactSignature(forged, producer.publicKey)).toThrow(/does not verify/);
    expect(() => signArtifact(artifact, 'not a key')).toThrow(/not a PEM private key/);
    expect(() => verifyArtifactSignature(signed, 'nope')).toThrow(/not a PEM public key/);
  });

  it('rejects a malformed signature member when parsing', () => {
    const json = JSON.parse(serializeArtifact(signArtifact(artifact, producer.privateKey)));
    json.signature.keyId = 'XYZ';
    expect(() => parseArtifact(JSON.stringify(json))).toThrow(/signature\.keyId/);
  });
});
