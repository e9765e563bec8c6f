/** `paxman sign`, `paxman verify` and `paxman replay --input`: artifacts that prove who made them and that they follow from the input. */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from './test-io.js';

const folder = mkdtempSync(join(tmpdir(), 'paxman-sign-'));
const examples = resolve(import.meta.dirname, '../../../../examples');
const invoice = join(examples, 'invoice-northwind.txt');
const contract = join(examples, 'invoice-contract.json');
const key = join(folder, 'paxman.key');
const publicKey = join(folder, 'paxman.pub');
const otherPublicKey = join(folder, 'other.pub');
/** An Ed25519 key pair as PEM files, as `openssl genpkey -algorithm ed25519` / `openssl pkey -pubout` write them. */
function writeKeyPair(privatePath: string | null, publicPath: string): void {
  const pair = generateKeyPairSync('ed25519');
  if (privatePath !== null) writeFileSync(privatePath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }));
  writeFileSync(publicPath, pair.publicKey.export({ type: 'spki', format: 'pem' }));
}
writeKeyPair(key, publicKey);
writeKeyPair(null, otherPublicKey);

async function run(...args: string[]) {
  const capture = captureIo();
  const code = await main(args, capture.io);
  return { code, stdout: capture.stdout(), stderr: capture.stderr() };
}

describe('paxman sign and verify', () => {
  afterEach(() => {
    delete process.env.PAXMAN_SIGNING_KEY;
    delete process.env.PAXMAN_VERIFY_KEY;
  });

  it('signs with a key file, verifies with the public key, and names the signer', async () => {
    const artifactFile = join(folder, 'invoice.artifact.json');
    writeFileSync(artifactFile, (await run('normalize', invoice, '--contract', contract, '--json')).stdout);
    const signedFile = join(folder, 'signed.artifact.json');
    expect((await run('sign', artifactFile, '--key', key, '--out', signedFile)).code).toBe(0);
    const signed = JSON.parse(readFileSync(signedFile, 'utf8'));
    expect(signed.signature).toMatchObject({ algorithm: 'ed25519', keyId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(signed.replayHash).toBe(JSON.parse(readFileSync(artifactFile, 'utf8')).replayHash);
    const verified = await run('verify', signedFile, '--public-key', publicKey);
    expect(verified).toMatchObject({ code: 0, stdout: `signed by ${signed.signature.keyId}, replay hash ${signed.replayHash}\n` });
    expect((await run('replay', signedFile, '--contract', contract)).code).toBe(0);

    const stranger = await run('verify', signedFile, '--public-key', otherPublicKey);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toMatch(/SIGNATURE_INVALID: The artifact was signed by key/);
    const unsigned = await run('verify', artifactFile, '--public-key', publicKey);
    expect(unsigned).toMatchObject({ code: 1, stderr: expect.stringMatching(/not signed/) });
    const tampered = join(folder, 'tampered.artifact.json');
    writeFileSync(tampered, readFileSync(signedFile, 'utf8').replace(/"createdAt":"[^"]+"/, '"createdAt":"2000-01-01T00:00:00.000Z"'));
    expect(await run('verify', tampered, '--public-key', publicKey)).toMatchObject({ code: 1, stderr: expect.stringMatching(/does not verify/) });
  });

  it('reads keys from the environment, and without any key is a usage error', async () => {
    const artifactFile = join(folder, 'env.artifact.json');
    writeFileSync(artifactFile, (await run('normalize', invoice, '--contract', contract, '--json')).stdout);
    expect((await run('sign', artifactFile)).code).toBe(2);
    process.env.PAXMAN_SIGNING_KEY = readFileSync(key, 'utf8');
    const signed = await run('sign', artifactFile);
    expect(signed.code).toBe(0);
    const signedFile = join(folder, 'env-signed.artifact.json');
    writeFileSync(signedFile, signed.stdout);
    process.env.PAXMAN_VERIFY_KEY = readFileSync(publicKey, 'utf8');
    expect((await run('verify', signedFile)).code).toBe(0);
  });
});

describe('paxman replay --input', () => {
  it('re-runs the recorded plan on the input and shows the same artifact comes out', async () => {
    const artifactFile = join(folder, 'repro.artifact.json');
    writeFileSync(artifactFile, (await run('normalize', invoice, '--contract', contract, '--json', '--policy', '{"confidenceFloor":0.9}')).stdout);
    const reproduced = await run('replay', artifactFile, '--contract', contract, '--input', invoice);
    expect(reproduced).toMatchObject({ code: 0, stdout: expect.stringMatching(/^reproduced [0-9a-f]{64}: .*byte for byte/) });
    const other = join(folder, 'other.txt');
    writeFileSync(other, readFileSync(invoice, 'utf8').replace('1,720.74', '1,720.75'));
    const wrongInput = await run('replay', artifactFile, '--contract', contract, '--input', other);
    expect(wrongInput).toMatchObject({ code: 1, stderr: expect.stringMatching(/not the one the artifact was made from/) });
  });
});
