/**
 * `createOcrReader`: the OCR engine a Paxman instance holds — one or two engines behind
 * the one interface. With two, each page is read by both at the same time: the first
 * engine's words are the page's text, the second's are the check on each value
 * (`secondReading`, ADR 0019). Default pair: PP-OCRv4 first (it reads digits and dates
 * best), Tesseract second as one block of text. A page the first engine cannot read is
 * taken from the second alone. Each engine belongs to the reader and is closed with it.
 */
import { ConfigurationError } from '@paxman/core';
import { type OcrEngine, type OcrEngineName, type OcrOutcome, type OcrReaderOptions } from './ocr-engine.js';
import { createPpOcrEngine } from './ppocr/ppocr-engine.js';
import { createOcrPool } from './tesseract-pool.js';

/** The default reading pair. */
export const DEFAULT_OCR_ENGINES: readonly OcrEngineName[] = ['ppocr', 'tesseract'];
/**
 * The default pair when Tesseract is given languages other than English: PP-OCR's model
 * reads Chinese and Latin letters without diacritics ("Kopa" for "Kopā"), so Tesseract with
 * the language's data reads first and PP-OCR checks.
 */
export const LANGUAGE_OCR_ENGINES: readonly OcrEngineName[] = ['tesseract', 'ppocr'];

function engineOf(name: OcrEngineName, options: OcrReaderOptions, paired: boolean): OcrEngine {
  if (name === 'ppocr') return createPpOcrEngine({ ...(options.threads === undefined ? {} : { threads: options.threads }), ...(options.pageTimeoutMs === undefined ? {} : { pageTimeoutMs: options.pageTimeoutMs }) });
  // Paired, Tesseract reads once (the other engine is the second reading); alone, twice unless told otherwise.
  return createOcrPool({ ...options, secondReading: paired ? false : (options.secondReading ?? true) });
}

/**
 * The OCR engine of the options: one engine, or a pair read side by side.
 *
 * @example
 * const ocr = createOcrReader({ engines: ['ppocr', 'tesseract'] });
 * const document = await buildDocument(jpegBytes, { ocr });
 * await ocr.close();
 */
export function createOcrReader(options: OcrReaderOptions = {}): OcrEngine {
  const otherLanguages = (options.languages ?? []).some((code) => code !== 'eng');
  const names = options.engines ?? (otherLanguages ? LANGUAGE_OCR_ENGINES : DEFAULT_OCR_ENGINES);
  const unknown = names.filter((name) => name !== 'ppocr' && name !== 'tesseract');
  if (names.length === 0 || names.length > 2 || unknown.length > 0 || new Set(names).size !== names.length) {
    throw new ConfigurationError(`ocr.engines must name one or two different engines of "ppocr" and "tesseract" (got ${JSON.stringify(names)}).`, { context: { engines: [...names] } });
  }
  const engines = names.map((name) => engineOf(name, options, names.length === 2));
  if (engines.length === 1) return engines[0]!;
  return pairEngines(engines[0]!, engines[1]!, { names: [names[0]!, names[1]!], defaulted: options.engines === undefined });
}

/**
 * Two engines read each page side by side: the first's words are the text, the second's
 * the check. `defaulted`: the pair is the default one, so an engine whose package is not
 * installed (`ConfigurationError`) is left out with a note on every page instead of failing.
 */
export function pairEngines(first: OcrEngine, second: OcrEngine, options: { readonly names: readonly [string, string]; readonly defaulted: boolean }): OcrEngine {
  const { names, defaulted } = options;
  const engines = [first, second];
  // Set when one engine of the default pair is not installed: the other reads alone from then on.
  let alone: { readonly engine: OcrEngine; readonly note: string } | null = null;
  const noted = (outcome: OcrOutcome, note: string): OcrOutcome => (outcome.status === 'read' ? { ...outcome, notes: [...(outcome.notes ?? []), note] } : outcome);

  async function recognize(image: Uint8Array, recognizeOptions: { readonly signal?: AbortSignal } = {}): Promise<OcrOutcome> {
    if (alone !== null) return noted(await alone.engine.recognize(image, recognizeOptions), alone.note);
    const [main, check] = await Promise.allSettled([first.recognize(image, recognizeOptions), second.recognize(image, recognizeOptions)]);
    for (const settled of [main, check]) {
      // Only an engine of the default pair may be missing; one the caller named must be installed.
      if (settled.status === 'rejected' && !(defaulted && settled.reason instanceof ConfigurationError)) throw settled.reason;
    }
    if (main.status === 'rejected' && check.status === 'rejected') throw main.reason;
    if (main.status === 'rejected' || check.status === 'rejected') {
      const [reader, missingName, reason] = main.status === 'rejected' ? [second, names[0]!, main.reason as Error] : [first, names[1]!, (check as PromiseRejectedResult).reason as Error];
      alone = { engine: reader, note: `OCR without ${missingName}: ${reason.message}` };
      return noted(main.status === 'fulfilled' ? main.value : (check as PromiseFulfilledResult<OcrOutcome>).value, alone.note);
    }
    if (main.value.status !== 'read') return noted(check.value, `The first OCR engine (${names[0]!}) did not read the page (${main.value.status}); the second's reading is used alone.`);
    if (check.value.status !== 'read') return main.value;
    const notes = [...(main.value.notes ?? []), ...(check.value.notes ?? [])];
    return { status: 'read', words: main.value.words, secondReading: check.value.words, ...(notes.length === 0 ? {} : { notes }) };
  }

  async function close(): Promise<void> {
    await Promise.all(engines.map((engine) => engine.close()));
  }

  return Object.freeze({ recognize, close });
}
