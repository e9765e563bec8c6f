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
  const names = options.engines === undefined ? DEFAULT_OCR_ENGINES : options.engines;
  const unknown = names.filter((name) => name !== 'ppocr' && name !== 'tesseract');
  if (names.length === 0 || names.length > 2 || unknown.length > 0 || new Set(names).size !== names.length) {
    throw new ConfigurationError(`ocr.engines must name one or two different engines of "ppocr" and "tesseract" (got ${JSON.stringify(names)}).`, { context: { engines: [...names] } });
  }
  const engines = names.map((name) => engineOf(name, options, names.length === 2));
  if (engines.length === 1) return engines[0]!;
  const defaulted = options.engines === undefined;
  const [first, second] = engines as [OcrEngine, OcrEngine];
  // Set when the default pair's first engine is not installed: the second reads alone from then on.
  let missing: string | null = null;

  async function recognize(image: Uint8Array, recognizeOptions: { readonly signal?: AbortSignal } = {}): Promise<OcrOutcome> {
    if (missing !== null) {
      const alone = await second.recognize(image, recognizeOptions);
      return alone.status === 'read' ? { ...alone, notes: [...(alone.notes ?? []), missing] } : alone;
    }
    const [main, check] = await Promise.allSettled([first.recognize(image, recognizeOptions), second.recognize(image, recognizeOptions)]);
    if (main.status === 'rejected') {
      if (!(defaulted && main.reason instanceof ConfigurationError)) throw main.reason;
      missing = `OCR read by ${names[1]!} alone: ${main.reason.message}`;
      if (check.status === 'rejected') throw check.reason;
      return check.value.status === 'read' ? { ...check.value, notes: [...(check.value.notes ?? []), missing] } : check.value;
    }
    if (check.status === 'rejected') throw check.reason;
    if (main.value.status !== 'read') return check.value.status === 'read' ? { ...check.value, notes: [`the first OCR engine (${names[0]!}) did not read the page (${main.value.status}); the second's reading is used alone`] } : main.value;
    if (check.value.status !== 'read') return main.value;
    return { status: 'read', words: main.value.words, secondReading: check.value.words, ...(main.value.notes === undefined && check.value.notes === undefined ? {} : { notes: [...(main.value.notes ?? []), ...(check.value.notes ?? [])] }) };
  }

  async function close(): Promise<void> {
    await Promise.all(engines.map((engine) => engine.close()));
  }

  return Object.freeze({ recognize, close });
}
