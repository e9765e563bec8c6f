import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from './test-io.js';

describe('paxman profile', () => {
  const folder = mkdtempSync(join(tmpdir(), 'paxman-profile-'));
  const hello = join(folder, 'hello.txt');
  writeFileSync(hello, 'Hello, World!\n');
  const data = join(folder, 'data.json');
  writeFileSync(data, '{"total": 12.5}');

  it('prints one exact JSON line per file', async () => {
    const capture = captureIo();
    expect(await main(['profile', hello, data], capture.io)).toBe(0);
    const lines = capture.stdout().trim().split('\n').map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({
      file: hello,
      inputType: 'text',
      size: 14,
      contentHash: 'c98c24b677eff44860afea6f493bbaec5bb1c4cbb209c6fc2bbb47f66ff2ad31',
      density: 0.8571428571428571,
      isEmpty: false,
    });
    expect(lines[1]).toMatchObject({ file: data, inputType: 'json' });
  });

  it('names a missing file, continues with the others and exits non-zero', async () => {
    const capture = captureIo();
    const missing = join(folder, 'missing.txt');
    expect(await main(['profile', missing, hello], capture.io)).toBe(1);
    expect(capture.stderr()).toContain(`${missing}: no such file`);
    expect(capture.stdout().trim().split('\n')).toHaveLength(1);
  });
});
