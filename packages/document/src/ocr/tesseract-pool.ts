/**
 * `createOcrPool`: the OCR engine on tesseract.js (WebAssembly, fully offline). Workers
 * belong to the pool (its owner — a Paxman instance — holds it): none start until the
 * first page, then up to `workers` run side by side and are reused page after page,
 * until `close()`. A page over the time limit is abandoned by stopping its worker (the
 * only way to interrupt Tesseract); the next page starts a fresh one. Each page is read twice
 * by default (as one block of text, then as a single column: `secondReading`; the second
 * reading on another worker at the same time when one is free), so
 * every short value can be checked against a second reading of its place. tesseract.js and the
 * language packages are optional peers, imported on first use; languages also come from
 * Debian's `tesseract-ocr-<code>` packages or a folder (`language-data.ts`), and a language
 * not found is named in each page's notes.
 */
import { ConfigurationError } from '@paxman/core';
import { importOptionalPeer } from '../lazy-libraries.js';
import { languageFolder, type LanguageFolder } from './language-data.js';
import { DEFAULT_OCR_PAGE_TIMEOUT_MS, type OcrEngine, type OcrOutcome, type OcrPoolOptions, type OcrWord } from './ocr-engine.js';

interface TesseractBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}
interface TesseractWord {
  readonly text: string;
  readonly confidence: number;
  readonly bbox: TesseractBox;
}
interface TesseractPage {
  readonly blocks: readonly { readonly paragraphs: readonly { readonly lines: readonly { readonly words: readonly TesseractWord[] }[] }[] }[] | null;
}
interface TesseractWorker {
  recognize(image: Buffer, options: object, output: object): Promise<{ readonly data: TesseractPage }>;
  setParameters(parameters: Readonly<Record<string, string>>): Promise<unknown>;
  terminate(): Promise<unknown>;
}
type CreateWorker = (languages: string[], oem: number, options: object) => Promise<TesseractWorker>;

/** LSTM engine only (the models of `@tesseract.js-data/*` `4.0.0_best_int`). */
const LSTM_ONLY = 1;
/**
 * Tesseract page segmentation: one uniform block of text (6, tesseract.js's own default)
 * for the first reading, a single column of text of varied sizes (4) for the second.
 * Measured on the sroie-dev scans: 6 read more values right than automatic segmentation (3).
 */
const BLOCK_SEGMENTATION = '6';
const SINGLE_COLUMN_SEGMENTATION = '4';

function wordsOf(page: TesseractPage): OcrWord[] {
  const words: OcrWord[] = [];
  let lineNumber = 0;
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        lineNumber += 1;
        for (const word of line.words) {
          const text = word.text.trim();
          if (text.length === 0) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({ text, x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0), confidence: Math.min(1, Math.max(0, word.confidence / 100)), line: lineNumber });
        }
      }
    }
  }
  return words;
}

/**
 * A pool of tesseract.js workers. Nothing starts until the first `recognize`.
 *
 * @example
 * const ocr = createOcrPool({ workers: 2, pageTimeoutMs: 30_000 });
 * const document = await buildDocument(jpegBytes, { ocr });
 * await ocr.close();
 */
export function createOcrPool(options: OcrPoolOptions = {}): OcrEngine {
  const languages = options.languages === undefined || options.languages.length === 0 ? ['eng'] : [...options.languages];
  const folderOptions = options.languageFolder === undefined ? {} : { folder: options.languageFolder };
  const size = Math.max(1, Math.floor(options.workers ?? 2));
  const limitMs = options.pageTimeoutMs ?? DEFAULT_OCR_PAGE_TIMEOUT_MS;
  const readTwice = options.secondReading ?? true;
  let folder: Promise<LanguageFolder> | null = null;
  const idle: TesseractWorker[] = [];
  const waiting: ((worker: TesseractWorker | null) => void)[] = [];
  const running = new Set<TesseractWorker>();
  let starting = 0;
  let generation = 0;

  /** The languages' data, found once (a failure is retried on the next page). */
  function openFolder(): Promise<LanguageFolder> {
    folder ??= languageFolder(languages, folderOptions).catch((error: unknown) => {
      folder = null;
      throw error;
    });
    return folder;
  }

  async function startWorker(): Promise<TesseractWorker> {
    const createWorker = await importOptionalPeer('tesseract.js', () => import('tesseract.js').then((module) => module.createWorker as unknown as CreateWorker));
    const languagePath = await openFolder();
    // No cache (the data is on disk already; a cache would write files into the cwd); a
    // failed job rejects its promise instead of throwing from the worker's message handler.
    return createWorker([...languagePath.languages], LSTM_ONLY, { langPath: languagePath.path, gzip: languagePath.gzip, cacheMethod: 'none', errorHandler: () => undefined });
  }

  /** A new worker of the pool (counted while it starts); one started across a close() is stopped. */
  async function startPooled(): Promise<TesseractWorker> {
    starting += 1;
    const started = generation;
    try {
      const worker = await startWorker();
      if (started !== generation) {
        await worker.terminate();
        throw new Error('The OCR pool was closed while a worker started.');
      }
      return worker;
    } finally {
      starting -= 1;
    }
  }

  const hasRoom = (): boolean => running.size + idle.length + starting < size;

  async function acquire(): Promise<TesseractWorker> {
    const free = idle.pop();
    if (free !== undefined) return free;
    if (hasRoom()) return startPooled();
    const worker = await new Promise<TesseractWorker | null>((resolve) => waiting.push(resolve));
    return worker ?? acquire();
  }

  /** A second worker for a page's second reading when one is free or may start; null when the pool is busy. */
  async function acquireHelper(): Promise<TesseractWorker | null> {
    const free = idle.pop();
    if (free !== undefined) return free;
    if (!hasRoom()) return null;
    return startPooled().catch(() => null);
  }

  function release(worker: TesseractWorker | null): void {
    const next = waiting.shift();
    if (worker === null) {
      // A worker was stopped: a waiting page may start a new one.
      next?.(null);
      return;
    }
    if (next !== undefined) next(worker);
    else idle.push(worker);
  }

  /** One reading of a page with a page segmentation mode. */
  async function readOnce(worker: TesseractWorker, image: Buffer, segmentation: string): Promise<OcrWord[]> {
    await worker.setParameters({ tessedit_pageseg_mode: segmentation });
    // `debug: true` keeps Tesseract's own messages ("Estimating resolution as 283") in the result instead of the console.
    return wordsOf((await worker.recognize(image, {}, { blocks: true, text: false, debug: true })).data);
  }

  /**
   * One page, read once or twice (the second time as a single column): the second reading
   * on a helper worker at the same time when the pool has one free (a page alone is read
   * in the time of one reading), else after the first on the same worker.
   */
  async function readPage(worker: TesseractWorker, image: Buffer, helper: Promise<TesseractWorker | null>): Promise<OcrOutcome> {
    const first = readOnce(worker, image, BLOCK_SEGMENTATION);
    if (!readTwice) return { status: 'read', words: await first };
    const second = helper.then((other) => (other === null ? first.then(() => readOnce(worker, image, SINGLE_COLUMN_SEGMENTATION)) : readOnce(other, image, SINGLE_COLUMN_SEGMENTATION)));
    const [words, secondReading] = await Promise.all([first, second]);
    return { status: 'read', words, secondReading };
  }

  async function recognize(image: Uint8Array, recognizeOptions: { readonly signal?: AbortSignal } = {}): Promise<OcrOutcome> {
    if (recognizeOptions.signal?.aborted === true) return { status: 'failed', message: 'aborted before the page was read' };
    let worker: TesseractWorker;
    try {
      worker = await acquire();
    } catch (error) {
      if (error instanceof ConfigurationError) throw error;
      return { status: 'failed', message: `no OCR worker could start: ${error instanceof Error ? error.message : String(error)}` };
    }
    running.add(worker);
    // The helper, once it comes, belongs to this page until the page is settled; one that comes later goes back to the pool.
    let helperWorker: TesseractWorker | null = null;
    let settled = false;
    const helper = (readTwice ? acquireHelper() : Promise.resolve(null)).then((other) => {
      if (other === null) return null;
      if (settled) {
        release(other);
        return null;
      }
      running.add(other);
      helperWorker = other;
      return other;
    });
    const settle = async (outcome: 'kept' | 'stopped'): Promise<void> => {
      settled = true;
      for (const used of helperWorker === null ? [worker] : [worker, helperWorker]) {
        running.delete(used);
        if (outcome === 'kept') {
          release(used);
        } else {
          await used.terminate().catch(() => undefined);
          release(null);
        }
      }
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), limitMs);
    });
    try {
      const result = await Promise.race([readPage(worker, Buffer.from(image.buffer, image.byteOffset, image.byteLength), helper), expired]);
      if (result === 'timeout') {
        await settle('stopped');
        return { status: 'timeout', limitMs };
      }
      await settle('kept');
      const missing = (await openFolder()).missing;
      return result.status === 'read' && missing.length > 0 ? { ...result, notes: missing } : result;
    } catch (error) {
      // A page tesseract cannot read (a corrupt image) may leave the worker unusable: replace it.
      await settle('stopped');
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  async function close(): Promise<void> {
    generation += 1;
    const workers = [...idle, ...running];
    idle.length = 0;
    running.clear();
    for (const resolve of waiting.splice(0)) resolve(null);
    await Promise.all(workers.map((worker) => worker.terminate().catch(() => undefined)));
    const languagePath = folder;
    folder = null;
    if (languagePath !== null) await languagePath.then((opened) => opened.dispose()).catch(() => undefined);
  }

  return Object.freeze({ recognize, close });
}
