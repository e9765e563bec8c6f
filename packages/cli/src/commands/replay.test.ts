/** `paxman replay`: exit status and messages for a verified, tampered, mismatched or unreadable artifact. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from './test-io.js';

const examples = resolve(import.meta.dirname, '../../../../examples');
const contract = join(examples, 'invoice-contract.json');
const folder = mkdtempSync(join(tmpdir(), 'paxman-replay-'));
const artifactFile = join(folder, 'invoice.artifact.json');
let replayHash: string;

beforeAll(async () => {
  const capture = captureIo();
  await main(['normalize', join(examples, 'invoice-northwind.txt'), '--contract', contract], capture.io);
  writeFileSync(artifactFile, capture.stdout());
  replayHash = JSON.parse(capture.stdout()).replayHash;
});

describe('paxman replay', () => {
  it('exits 0 and prints the verified hash', async () => {
    const capture = captureIo();
    expect(await main(['replay', artifactFile, '--contract', contract], capture.io)).toBe(0);
    expect(capture.stdout().trim()).toBe(`verified ${replayHash}`);
  });

  it('exits 1 with HASH_MISMATCH and both hashes for a tampered artifact', async () => {
    const json = JSON.parse(readFileSync(artifactFile, 'utf8'));
    json.status = json.status === 'SUCCESS' ? 'UNRESOLVED' : 'SUCCESS';
    const tampered = join(folder, 'tampered.artifact.json');
    writeFileSync(tampered, JSON.stringify(json));
    const capture = captureIo();
    expect(await main(['replay', tampered, '--contract', contract], capture.io)).toBe(1);
    expect(capture.stderr()).toMatch(new RegExp(`HASH_MISMATCH: .*${replayHash}`));
  });

  it('exits 1 with CONTRACT_MISMATCH for another contract', async () => {
    const other = join(folder, 'other-contract.json');
    const changed = JSON.parse(readFileSync(contract, 'utf8'));
    changed.fields.pop();
    writeFileSync(other, JSON.stringify(changed));
    const capture = captureIo();
    expect(await main(['replay', artifactFile, '--contract', other], capture.io)).toBe(1);
    expect(capture.stderr()).toMatch(/CONTRACT_MISMATCH: .*fields only in the artifact: line_items/);
  });

  it('exits 1 with INVALID_ARTIFACT for a file that is not an artifact', async () => {
    const notArtifact = join(folder, 'not.json');
    writeFileSync(notArtifact, '{"hello": 1}');
    const capture = captureIo();
    expect(await main(['replay', notArtifact, '--contract', contract], capture.io)).toBe(1);
    expect(capture.stderr()).toMatch(/INVALID_ARTIFACT/);
  });

  it('exits 1 for an artifact that cannot be read', async () => {
    const capture = captureIo();
    expect(await main(['replay', join(folder, 'missing.json'), '--contract', contract], capture.io)).toBe(1);
    expect(capture.stderr()).toMatch(/cannot read artifact/);
  });
});
