/**
 * The PDF reader an instance owns: pdf.js runs in a worker thread with a heap limit
 * (`maxHeapMb`, default 512) and every PDF gets a deadline (`deadlineMs`, default 5 s),
 * counted from when the worker has pdf.js loaded — a fresh worker's start (seconds on a
 * busy machine) is bounded apart, by `STARTUP_LIMIT_MS`.
 * A PDF that runs out of either has its worker terminated — the next PDF starts a fresh
 * one — and comes back as warnings that say which limit it hit; what the worker had not
 * finished is not read. The worker starts on the first PDF and stops with `close()`
 * (a Paxman instance closes it in `px.close()`). One PDF at a time per reader. Besides the
 * pages' text, the worker hands back the embedded files that may be XML (an e-invoice's).
 */
import { Worker } from 'node:worker_threads';
import { PDF_ATTACHMENT_BYTE_LIMIT, PDF_ATTACHMENT_LIMIT } from '../limits.js';

/** Positioned text pieces of one page, as pdf.js gives them. */
export interface PdfPageItems {
  readonly items?: readonly { readonly str: string; readonly transform: readonly number[]; readonly width: number; readonly height: number }[];
  /**
   * The page as displayed at scale 1 (its rotation applied): size in PDF points and the
   * transform from PDF user space to it (`[a, b, c, d, e, f]`, y downwards).
   */
  readonly viewport?: PdfPageViewport;
  readonly error?: string;
}

/** A file embedded in a PDF that may hold XML (by its name or its first bytes). */
export interface PdfAttachment {
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** A page's displayed size (PDF points) and the transform from user space onto it. */
export interface PdfPageViewport {
  readonly width: number;
  readonly height: number;
  readonly transform: readonly number[];
}

export interface PdfParse {
  readonly pageCount: number;
  readonly pages: readonly PdfPageItems[];
  /** Embedded files that may be XML (an e-invoice's), within `PDF_ATTACHMENT_LIMIT` and `PDF_ATTACHMENT_BYTE_LIMIT`. */
  readonly attachments?: readonly PdfAttachment[];
  /** Why the embedded files could not be listed, when they could not. */
  readonly attachmentFailure?: string;
  /** Why nothing (or not everything) was read: the limit hit, or pdf.js's error. */
  readonly failure?: string;
}

export interface PdfReader {
  parse(bytes: Uint8Array, pageLimit: number, signal?: AbortSignal): Promise<PdfParse>;
  close(): Promise<void>;
}

export interface PdfReaderOptions {
  /** Milliseconds one PDF may take (default 5 000). */
  readonly deadlineMs?: number;
  /** Heap of the parsing worker, in MB (default 512). */
  readonly maxHeapMb?: number;
  /**
   * Starts the deadline of one PDF and returns its cancel function (default: `setTimeout`).
   * Tests inject their own so that whether a deadline passes never depends on how busy the
   * machine is.
   */
  readonly deadlineTimer?: DeadlineTimer;
}

/** Calls `onDeadline` once `ms` have passed unless the returned function is called first. */
export type DeadlineTimer = (ms: number, onDeadline: () => void) => () => void;

const realTimer: DeadlineTimer = (ms, onDeadline) => {
  const timer = setTimeout(onDeadline, ms);
  return () => clearTimeout(timer);
};

export const DEFAULT_PDF_DEADLINE_MS = 5_000;
/** How long a fresh worker may take to load pdf.js before the PDF waiting for it is given up. */
export const STARTUP_LIMIT_MS = 60_000;
export const DEFAULT_PDF_HEAP_MB = 512;

/** The worker's file next to this module: the plain-JS source in development, the built copy in dist. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./pdf-worker.mjs', import.meta.url) : new URL('./pdf-worker.js', import.meta.url);
}

export function createPdfReader(options: PdfReaderOptions = {}): PdfReader {
  const deadlineMs = options.deadlineMs ?? DEFAULT_PDF_DEADLINE_MS;
  const maxHeapMb = options.maxHeapMb ?? DEFAULT_PDF_HEAP_MB;
  const deadlineTimer = options.deadlineTimer ?? realTimer;
  let worker: Worker | null = null;
  /** Resolves when the current worker has loaded pdf.js. */
  let ready: Promise<void> = Promise.resolve();
  let nextId = 0;

  const stop = async (): Promise<void> => {
    const running = worker;
    worker = null;
    if (running !== null) await running.terminate();
  };

  const parse = (bytes: Uint8Array, pageLimit: number, signal?: AbortSignal): Promise<PdfParse> => {
    if (worker === null) {
      const started = new Worker(workerUrl(), { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: Math.min(64, maxHeapMb) } });
      started.unref();
      worker = started;
      ready = new Promise((resolve) => {
        const onReady = (message: { ready?: boolean }): void => {
          if (message.ready !== true) return;
          started.off('message', onReady);
          resolve();
        };
        started.on('message', onReady);
      });
    }
    const current = worker;
    const currentReady = ready;
    const id = (nextId += 1);
    return new Promise<PdfParse>((resolve) => {
      let cancelDeadline = (): void => undefined;
      let settled = false;
      const finish = (result: PdfParse, terminate: boolean): void => {
        if (settled) return;
        settled = true;
        cancelDeadline();
        current.off('message', onMessage);
        current.off('error', onError);
        current.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        if (terminate && worker === current) void stop();
        resolve(result);
      };
      const onMessage = (message: { id: number; pageCount: number; pages: PdfPageItems[]; attachments?: PdfAttachment[]; attachmentError?: string; error?: string }): void => {
        if (message.id !== id) return;
        finish(
          {
            pageCount: message.pageCount,
            pages: message.pages,
            attachments: message.attachments ?? [],
            ...(message.attachmentError === undefined ? {} : { attachmentFailure: `The PDF's embedded files could not be listed: ${message.attachmentError}` }),
            ...(message.error === undefined ? {} : { failure: `PDF could not be parsed: ${message.error}` }),
          },
          false,
        );
      };
      const onError = (error: Error & { code?: string }): void => {
        const failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `PDF parsing needed more than ${maxHeapMb} MB (the reader's heap limit); not read.` : `PDF parser failed: ${error.message}`;
        finish({ pageCount: 0, pages: [], failure }, true);
      };
      const onExit = (): void => finish({ pageCount: 0, pages: [], failure: 'PDF parser stopped; not read.' }, true);
      const onAbort = (): void => finish({ pageCount: 0, pages: [], failure: 'PDF reading aborted.' }, true);
      cancelDeadline = deadlineTimer(STARTUP_LIMIT_MS, () => finish({ pageCount: 0, pages: [], failure: `The PDF parser did not start within ${STARTUP_LIMIT_MS} ms; not read.` }, true));
      void currentReady.then(() => {
        if (settled) return;
        cancelDeadline();
        cancelDeadline = deadlineTimer(deadlineMs, () => finish({ pageCount: 0, pages: [], failure: `PDF parsing took longer than ${deadlineMs} ms (the reader's deadline); not read.` }, true));
      });
      current.on('message', onMessage);
      current.once('error', onError);
      current.once('exit', onExit);
      if (signal?.aborted === true) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const copy = bytes.slice();
      current.postMessage({ id, bytes: copy, pageLimit, attachmentLimits: { count: PDF_ATTACHMENT_LIMIT, bytes: PDF_ATTACHMENT_BYTE_LIMIT } }, [copy.buffer]);
    });
  };

  return { parse, close: stop };
}
