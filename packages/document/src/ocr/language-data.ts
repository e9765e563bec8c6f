/**
 * Tesseract language data from the npm packages `@tesseract.js-data/<code>`, read from
 * disk (no download at run time), gzipped as published. The `4.0.0_best_int` model (what
 * tesseract.js uses by default) is preferred, `4.0.0` is the fallback. tesseract.js reads
 * every language from one folder: one language is read from its package; several are
 * linked into a temporary folder the caller removes. A missing package is a
 * `ConfigurationError` naming it.
 */
import { access, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ConfigurationError } from '@paxman/core';

/** The folder holding `<code>.traineddata.gz` for every language, and how to let go of it. */
export interface LanguageFolder {
  readonly path: string;
  dispose(): Promise<void>;
}

const LANGUAGE_CODE = /^[a-z]{3}(?:_[a-z]+)?$/;
const MODEL_FOLDERS = ['4.0.0_best_int', '4.0.0'] as const;

/** The path of one language's gzipped trained data in its package. */
export async function languageDataFile(code: string): Promise<string> {
  const name = `@tesseract.js-data/${code}`;
  if (!LANGUAGE_CODE.test(code)) throw new ConfigurationError(`"${code}" is not a Tesseract language code (like "eng" or "chi_sim").`, { context: { language: code } });
  let folder: string;
  try {
    folder = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
  } catch (error) {
    throw new ConfigurationError(`Reading images in "${code}" needs the optional package "${name}"; install it next to @paxman/document (the paxman package installs the English one).`, {
      context: { package: name },
      cause: error,
    });
  }
  for (const model of MODEL_FOLDERS) {
    const file = join(folder, model, `${code}.traineddata.gz`);
    try {
      await access(file);
      return file;
    } catch {
      // try the next model folder
    }
  }
  throw new ConfigurationError(`The package "${name}" holds no ${code}.traineddata.gz under ${MODEL_FOLDERS.join(' or ')}.`, { context: { package: name } });
}

/** One folder with the trained data of every language. */
export async function languageFolder(codes: readonly string[]): Promise<LanguageFolder> {
  const files = await Promise.all(codes.map(languageDataFile));
  if (files.length === 1) return { path: dirname(files[0]!), dispose: () => Promise.resolve() };
  const path = await mkdtemp(join(tmpdir(), 'paxman-ocr-'));
  await Promise.all(files.map((file, index) => symlink(file, join(path, `${codes[index]!}.traineddata.gz`))));
  return { path, dispose: () => rm(path, { recursive: true, force: true }) };
}
