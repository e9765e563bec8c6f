import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocument } from '../build-document.js';
import { renderText } from '../__fixtures__/render-image.js';
import { findLanguageFile, languageFolder, SYSTEM_TESSDATA_FOLDERS } from './language-data.js';
import type { OcrEngine } from './ocr-engine.js';
import { createOcrPool } from './tesseract-pool.js';

/** A made-up Latvian receipt: the words whose long vowels and softened consonants English data loses. */
const LATVIAN_RECEIPT = [
  { text: 'SIA ZAĻAIS DĀRZS', x: 30, y: 50 },
  { text: 'Rīga, Brīvības iela 12', x: 30, y: 100 },
  { text: 'Kopā apmaksai EUR 14,50', x: 30, y: 160 },
  { text: 'Paldies! Čeks Nr. 4711', x: 30, y: 210 },
];

/** Where Debian's tesseract-ocr-lav put its data, if installed. */
const latvianInstalled = SYSTEM_TESSDATA_FOLDERS.some((folder) => existsSync(join(folder, 'lav.traineddata')));

const engines: OcrEngine[] = [];
afterAll(async () => {
  await Promise.all(engines.map((engine) => engine.close()));
});

describe('OCR languages', () => {
  it('finds English in its npm package and nothing for a language installed nowhere', async () => {
    expect((await findLanguageFile('eng'))?.gzip).toBe(true);
    expect(await findLanguageFile('lav', { systemFolders: [] })).toBeNull();
    await expect(findLanguageFile('Latvian')).rejects.toThrow(/not a Tesseract language code/);
  });

  it('names a missing language and reads with the ones found (English when none is)', async () => {
    const folder = await languageFolder(['lav'], { systemFolders: [] });
    expect(folder.languages).toEqual(['eng']);
    expect(folder.missing).toHaveLength(1);
    expect(folder.missing[0]).toMatch(/"lav".*tesseract-ocr-lav/);
    await folder.dispose();
  });

  it('reads a configured folder first, joining plain and gzipped data in one folder', async () => {
    const own = await mkdtemp(join(tmpdir(), 'paxman-lang-test-'));
    try {
      await writeFile(join(own, 'xyz.traineddata'), 'not really trained data');
      expect(await findLanguageFile('xyz', { folder: own })).toEqual({ code: 'xyz', file: join(own, 'xyz.traineddata'), gzip: false });
      const joined = await languageFolder(['xyz', 'eng'], { folder: own });
      expect(joined.languages).toEqual(['xyz', 'eng']);
      expect(joined.gzip).toBe(false);
      expect(existsSync(join(joined.path, 'eng.traineddata'))).toBe(true);
      await joined.dispose();
      expect(existsSync(joined.path)).toBe(false);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('says in the document warnings that a language was not found, instead of reading English silently', async () => {
    const ocr = createOcrPool({ workers: 1, secondReading: false, languages: ['zzz'] });
    engines.push(ocr);
    const { image } = await renderText(LATVIAN_RECEIPT, { width: 700, height: 260, fontSize: 26 });
    const document = await buildDocument(image, { ocr });
    expect(document.warnings.some((warning) => /No Tesseract data for "zzz"/.test(warning))).toBe(true);
  }, 120_000);

  it.skipIf(!latvianInstalled)('reads a Latvian receipt photo with Latvian data (needs the Debian package tesseract-ocr-lav; skipped without it)', async () => {
    const ocr = createOcrPool({ workers: 1, secondReading: false, languages: ['lav'] });
    engines.push(ocr);
    const { image } = await renderText(LATVIAN_RECEIPT, { width: 700, height: 260, fontSize: 26, format: 'jpeg' });
    const document = await buildDocument(image, { ocr });
    const text = document.layers['ocr-text']!.text;
    expect(text).toContain('Kopā');
    expect(text).toContain('Rīga');
    expect(text).toContain('ZAĻAIS');
    expect(document.warnings.filter((warning) => warning.includes('Tesseract data'))).toEqual([]);
  }, 120_000);
});
