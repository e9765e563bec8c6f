// The PDF parsing worker (plain JavaScript: it runs in a worker thread, from the sources
// in development and from dist when built). It receives { id, bytes, pageLimit }, parses
// the PDF with pdf.js and answers { id, pageCount, pages: [{ items } | { error }], error? },
// items being the positioned text pieces; the layout is done by the caller. Its heap is
// capped and its time bounded by the owner (pdf-reader.ts), which terminates it when
// either runs out: a hostile PDF costs a worker, never the process.
import { parentPort } from 'node:worker_threads';

const pdfjsPromise = import('pdfjs-dist/legacy/build/pdf.mjs');
// Says when pdf.js is loaded: a PDF's deadline starts then, not while a fresh worker starts
// (which takes seconds on a busy machine and is no PDF's doing).
pdfjsPromise.then(
  () => parentPort.postMessage({ ready: true }),
  () => parentPort.postMessage({ ready: true }),
);

parentPort.on('message', async ({ id, bytes, pageLimit }) => {
  let loadingTask;
  try {
    const pdfjs = await pdfjsPromise;
    loadingTask = pdfjs.getDocument({ data: bytes, disableFontFace: true, useSystemFonts: false, isEvalSupported: false, disableAutoFetch: true, disableStream: true, stopAtErrors: false, verbosity: 0 });
    const pdf = await loadingTask.promise;
    const pages = [];
    for (let number = 1; number <= Math.min(pdf.numPages, pageLimit); number += 1) {
      try {
        const page = await pdf.getPage(number);
        const content = await page.getTextContent();
        const items = [];
        for (const item of content.items) {
          if (typeof item.str !== 'string' || item.transform === undefined) continue;
          items.push({ str: item.str, transform: item.transform, width: item.width ?? 0, height: item.height ?? 0 });
        }
        pages.push({ items });
        page.cleanup();
      } catch (error) {
        pages.push({ error: error instanceof Error ? error.message : String(error) });
      }
    }
    parentPort.postMessage({ id, pageCount: pdf.numPages, pages });
  } catch (error) {
    parentPort.postMessage({ id, pageCount: 0, pages: [], error: error instanceof Error ? error.message : String(error) });
  } finally {
    if (loadingTask !== undefined) await loadingTask.destroy().catch(() => undefined);
  }
});
