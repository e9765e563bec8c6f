// The PDF parsing worker (plain JavaScript: it runs in a worker thread, from the sources
// in development and from dist when built). It receives { id, bytes, pageLimit }, parses
// the PDF with pdf.js and answers { id, pageCount, pages: [{ items, viewport } | { error }],
// attachments, error? }, items being the positioned text pieces and viewport the page as
// displayed (the layout is done by the caller), and attachments the embedded files that may
// be XML (an e-invoice's), as { fileName, bytes }. Its heap is
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

/** The embedded files that may hold XML, within the caller's count and size limits. */
async function xmlAttachments(pdf, limits) {
  const files = [];
  const found = (await pdf.getAttachments()) ?? {};
  for (const attachment of Object.values(found)) {
    if (files.length >= limits.count) break;
    const content = attachment?.content;
    if (!(content instanceof Uint8Array) || content.length === 0 || content.length > limits.bytes) continue;
    const name = String(attachment.filename ?? '');
    const head = new TextDecoder().decode(content.subarray(0, 64)).replace(/^\uFEFF/, '').trimStart();
    if (!/\.xml$/i.test(name) && !head.startsWith('<?xml')) continue;
    files.push({ fileName: name, bytes: content.slice() });
  }
  return files;
}

parentPort.on('message', async ({ id, bytes, pageLimit, attachmentLimits }) => {
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
        // The page as shown (scale 1, its /Rotate applied): maps text positions to page boxes.
        const viewport = page.getViewport({ scale: 1 });
        pages.push({ items, viewport: { width: viewport.width, height: viewport.height, transform: viewport.transform } });
        page.cleanup();
      } catch (error) {
        pages.push({ error: error instanceof Error ? error.message : String(error) });
      }
    }
    let attachments = [];
    let attachmentError;
    try {
      if (attachmentLimits !== undefined) attachments = await xmlAttachments(pdf, attachmentLimits);
    } catch (error) {
      attachmentError = error instanceof Error ? error.message : String(error);
    }
    parentPort.postMessage({ id, pageCount: pdf.numPages, pages, attachments, attachmentError }, attachments.map((file) => file.bytes.buffer));
  } catch (error) {
    parentPort.postMessage({ id, pageCount: 0, pages: [], error: error instanceof Error ? error.message : String(error) });
  } finally {
    if (loadingTask !== undefined) await loadingTask.destroy().catch(() => undefined);
  }
});
