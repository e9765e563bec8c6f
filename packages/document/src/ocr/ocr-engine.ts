/**
 * The OCR engine interface the document reader uses: one image in, the words on it with
 * their boxes and confidences out. `createOcrPool` (tesseract.js), `createPpOcrEngine`
 * (PP-OCRv4 on onnxruntime-node) and `createOcrReader` (the two as a pair) implement it;
 * tests and callers may pass their own. An engine never throws for a bad page: a page
 * that fails or takes longer than the engine's limit comes back as an outcome saying so.
 */

/** A word read on a page: its box in image pixels (y downwards) and confidence 0–1. */
export interface OcrWord {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly confidence: number;
  /** The engine's own line number on the page, when it groups words into lines (used to measure skew). */
  readonly line?: number;
}

/** What reading one page gave. */
export type OcrOutcome =
  | {
      readonly status: 'read';
      readonly words: readonly OcrWord[];
      /** The same page read again (another engine, or another page segmentation), when the engine does: a check on each value. */
      readonly secondReading?: readonly OcrWord[];
      /** What the reading could not do as configured (an engine missing, a language without data), for the document's warnings. */
      readonly notes?: readonly string[];
    }
  | { readonly status: 'timeout'; readonly limitMs: number }
  | { readonly status: 'failed'; readonly message: string };

/** Reads the words of page images; owned by whoever created it (a Paxman instance), closed by it. */
export interface OcrEngine {
  /** Reads one image (PNG, JPEG, TIFF, WebP or BMP bytes). */
  recognize(image: Uint8Array, options?: { readonly signal?: AbortSignal }): Promise<OcrOutcome>;
  /** Stops every worker; later `recognize` calls start new ones. */
  close(): Promise<void>;
}

/** Options of `createOcrPool`. */
export interface OcrPoolOptions {
  /**
   * Tesseract language codes (`['lav', 'eng']`), each read from `languageFolder`, its npm
   * package `@tesseract.js-data/<code>`, or the folders of Debian's `tesseract-ocr-<code>`
   * packages (nothing is downloaded). A language found nowhere is named in the document's
   * warnings and the page read without it. Default `['eng']`.
   */
  readonly languages?: readonly string[];
  /** A folder holding `<code>.traineddata` (or `.traineddata.gz`) files, looked in first. */
  readonly languageFolder?: string;
  /** Workers started at most (each on first need). Default 2. */
  readonly workers?: number;
  /** A page that takes longer ends with a `timeout` outcome (its worker is stopped). Default 60 000. */
  readonly pageTimeoutMs?: number;
  /**
   * Read every page twice, the second time as a single column of text (Tesseract page
   * segmentation 4 after the uniform block 6), so each value found can be checked against an
   * independent reading of the same place: a value the two readings disagree on is not
   * trusted (ADR 0007). The second reading runs beside the first on a free worker (a page
   * alone takes the time of one reading); a busy pool reads half as many pages. Default true.
   */
  readonly secondReading?: boolean;
}

/** Default time limit for reading one page. */
export const DEFAULT_OCR_PAGE_TIMEOUT_MS = 60_000;

/** The OCR engines `createOcrReader` can use. */
export type OcrEngineName = 'ppocr' | 'tesseract';

/** Options of `createOcrReader`: the engines, then the options of each. */
export interface OcrReaderOptions extends OcrPoolOptions {
  /**
   * The engines in order: the first reading is the page's text, the second checks it.
   * Default `['ppocr', 'tesseract']` (PP-OCRv4, then Tesseract as one block of text); when
   * the default's PP-OCR packages are not installed, Tesseract reads alone and each page
   * says so in the document's warnings. Engines named here must be installed
   * (`ConfigurationError` naming the package otherwise).
   */
  readonly engines?: readonly OcrEngineName[];
  /** Cores PP-OCR's runtime uses for one page. Default 2. */
  readonly threads?: number;
}
