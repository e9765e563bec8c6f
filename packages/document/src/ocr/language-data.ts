/**
 * Tesseract language data, read from disk (no download at run time). Each language is
 * looked for, in order: in the caller's folder (`ocr.languageFolder`: `<code>.traineddata`
 * or `.traineddata.gz`); in its npm package `@tesseract.js-data/<code>` (the `4.0.0_best_int`
 * model, what tesseract.js uses by default, then `4.0.0`; English comes with paxman); in the
 * folders where Debian's `tesseract-ocr-<code>` packages put it (the "fast" models). A
 * language found nowhere is reported (the reading says so in the document's warnings), not
 * replaced silently; when none is found the page is read in English. tesseract.js reads
 * every language from one folder and one compression, so several sources are joined in a
 * temporary folder (gzipped data unpacked there) the caller removes with `dispose`.
 */
import { access, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ConfigurationError } from '@paxman/core';

/** The folder holding the trained data of every language found, and how to let go of it. */
export interface LanguageFolder {
  readonly path: string;
  /** True when the folder holds `<code>.traineddata.gz`, false for `<code>.traineddata`. */
  readonly gzip: boolean;
  /** The languages found, in the order asked (English when none was). */
  readonly languages: readonly string[];
  /** One sentence per language asked for and not found. */
  readonly missing: readonly string[];
  dispose(): Promise<void>;
}

/** Where one language's data is. */
interface LanguageFile {
  readonly code: string;
  readonly file: string;
  readonly gzip: boolean;
}

const LANGUAGE_CODE = /^[a-z]{3}(?:_[a-z]+)?$/;
const MODEL_FOLDERS = ['4.0.0_best_int', '4.0.0'] as const;
/** Where Debian and Ubuntu install Tesseract's data (`tesseract-ocr-<code>`), newest first. */
export const SYSTEM_TESSDATA_FOLDERS: readonly string[] = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata', '/usr/share/tessdata'];

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The gzipped data of a language in its npm package, or null when the package is not installed. */
async function packageFile(code: string): Promise<string | null> {
  let folder: string;
  try {
    folder = dirname(createRequire(import.meta.url).resolve(`@tesseract.js-data/${code}/package.json`));
  } catch {
    return null;
  }
  for (const model of MODEL_FOLDERS) {
    const file = join(folder, model, `${code}.traineddata.gz`);
    if (await exists(file)) return file;
  }
  return null;
}

/** Where a language's data is: the caller's folder, its npm package, the system's folders; null when nowhere. */
export async function findLanguageFile(code: string, options: { readonly folder?: string; readonly systemFolders?: readonly string[] } = {}): Promise<LanguageFile | null> {
  if (!LANGUAGE_CODE.test(code)) throw new ConfigurationError(`"${code}" is not a Tesseract language code (like "eng", "lav" or "chi_sim").`, { context: { language: code } });
  const plainFolders = [...(options.folder === undefined ? [] : [options.folder])];
  for (const folder of plainFolders) {
    if (await exists(join(folder, `${code}.traineddata`))) return { code, file: join(folder, `${code}.traineddata`), gzip: false };
    if (await exists(join(folder, `${code}.traineddata.gz`))) return { code, file: join(folder, `${code}.traineddata.gz`), gzip: true };
  }
  const packaged = await packageFile(code);
  if (packaged !== null) return { code, file: packaged, gzip: true };
  for (const folder of options.systemFolders ?? SYSTEM_TESSDATA_FOLDERS) {
    if (await exists(join(folder, `${code}.traineddata`))) return { code, file: join(folder, `${code}.traineddata`), gzip: false };
  }
  return null;
}

/**
 * One folder with the trained data of every language found of `codes`.
 *
 * @example
 * const folder = await languageFolder(['lav', 'eng']); // Latvian from Debian's tesseract-ocr-lav, English from npm
 * folder.missing // [] or ['No Tesseract data for "lav" …']
 */
export async function languageFolder(codes: readonly string[], options: { readonly folder?: string; readonly systemFolders?: readonly string[] } = {}): Promise<LanguageFolder> {
  const found = await Promise.all(codes.map((code) => findLanguageFile(code, options)));
  const missing = codes
    .filter((_code, index) => found[index] === null)
    .map((code) => `No Tesseract data for "${code}": install the Debian package tesseract-ocr-${code.replace('_', '-')} or the npm package @tesseract.js-data/${code}, or name a folder holding ${code}.traineddata (ocr.languageFolder); the page was read without it.`);
  let files = found.filter((file): file is LanguageFile => file !== null);
  if (files.length === 0) {
    const english = await findLanguageFile('eng', options);
    if (english === null) throw new ConfigurationError('Reading images needs Tesseract language data; install the optional package "@tesseract.js-data/eng" next to @paxman/document (the paxman package installs it).', { context: { package: '@tesseract.js-data/eng' } });
    files = [english];
  }
  const languages = files.map((file) => file.code);
  if (files.length === 1) return { path: dirname(files[0]!.file), gzip: files[0]!.gzip, languages, missing, dispose: () => Promise.resolve() };
  const path = await mkdtemp(join(tmpdir(), 'paxman-ocr-'));
  try {
    const allGzipped = files.every((file) => file.gzip);
    for (const file of files) {
      const target = join(path, `${file.code}.traineddata${allGzipped ? '.gz' : ''}`);
      if (allGzipped || !file.gzip) await symlink(file.file, target);
      else await writeFile(target, gunzipSync(await readFile(file.file)));
    }
    return { path, gzip: allGzipped, languages, missing, dispose: () => rm(path, { recursive: true, force: true }) };
  } catch (error) {
    await rm(path, { recursive: true, force: true });
    throw error;
  }
}
