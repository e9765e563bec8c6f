/**
 * PDF input end to end on the real invoices of `../shared/eval/invoice2data/cases/` and
 * `../shared/data/invoice2data-compare/`: labels and values the PDF shows on one line
 * land on one line of the `pdf-text` layer, tables keep their columns, and broken PDFs
 * give warnings, never an exception.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Document } from './model.js';
import { buildDocument } from './build-document.js';
import { STARTUP_LIMIT_MS, createPdfReader } from './pdf/pdf-reader.js';
import { spanProblems } from './__fixtures__/span-problems.js';

const sharedRoot = resolve(import.meta.dirname, '../../../../shared');
const evalCases = resolve(sharedRoot, 'eval/invoice2data/cases');
const compareCases = resolve(sharedRoot, 'data/invoice2data-compare/compare');
const pdfBytes = (directory: string, name: string): Uint8Array => new Uint8Array(readFileSync(resolve(directory, name)));

const cache = new Map<string, Promise<Document>>();
const documentOf = (name: string): Promise<Document> => {
  let document = cache.get(name);
  if (document === undefined) {
    document = buildDocument(pdfBytes(evalCases, `${name}.pdf`));
    cache.set(name, document);
  }
  return document;
};

/** The pairs with this key, as `key → value` strings. */
async function valuesOf(name: string, key: string): Promise<string[]> {
  return (await documentOf(name)).keyValues.filter((pair) => pair.key === key).map((pair) => pair.value);
}

/** The pdf-text line containing `needle`. */
async function lineWith(name: string, needle: string): Promise<string | undefined> {
  return (await documentOf(name)).lines.find((line) => line.text.includes(needle))?.text;
}

describe('PDF text extraction', { timeout: 60_000 }, () => {
  it.each(['AmazonWebServices', 'AzureInterior', 'FlipkartInvoice', 'NetpresseInvoice', 'QualityHosting', 'SammyMaystoneLinesTest', 'coolblue1', 'coolblue2', 'free_fiber', 'oyo', 'saeco'])(
    '%s: a pdf-text layer with exact spans and no warnings',
    async (name) => {
      const document = await documentOf(name);
      expect(document.kind).toBe('pdf');
      expect(document.primaryLayer).toBe('pdf-text');
      expect(document.layers.input!.text).toBe('');
      expect(document.warnings).toEqual([]);
      expect(document.lines.length).toBeGreaterThan(15);
      expect(spanProblems(document)).toEqual([]);
    },
  );

  it('keeps labels and their values on one line', async () => {
    expect(await valuesOf('AmazonWebServices', 'Invoice Number')).toEqual(['42183017']);
    expect(await valuesOf('AmazonWebServices', 'Account number')).toEqual(['296664039561']);
    expect(await valuesOf('AmazonWebServices', 'Total for this invoice')).toEqual(['$4.11']);
    expect(await valuesOf('AzureInterior', 'Payment terms')).toEqual(['15 Days']);
    expect(await valuesOf('AzureInterior', 'Invoice Date')).toEqual(['03/20/2023']);
    expect(await valuesOf('AzureInterior', 'Due Date')).toEqual(['04/04/2023']);
    expect(await valuesOf('AzureInterior', 'Total')).toContain('$ 279.84');
    expect(await valuesOf('FlipkartInvoice', 'Invoice No')).toEqual(['BLR_WFLD20151000982590']);
    expect(await valuesOf('FlipkartInvoice', 'Invoice Date')).toEqual(['20-10-2015']);
    expect(await valuesOf('NetpresseInvoice', 'Total TTC')).toEqual(['56,02 €']);
    expect(await valuesOf('NetpresseInvoice', 'Date')).toEqual(['28/11/2022']);
    expect(await valuesOf('QualityHosting', 'Rechnungsnr.')).toContain('30064443');
    expect(await valuesOf('QualityHosting', 'Total EUR')).toEqual(['34,73']);
    expect(await valuesOf('SammyMaystoneLinesTest', 'PO Number')).toEqual(['po_number_123']);
    expect(await valuesOf('coolblue1', 'Factuurnummer')).toEqual(['993548900']);
    expect(await valuesOf('coolblue2', 'Factuurdatum')).toEqual(['29 maart 2014']);
    expect(await valuesOf('oyo', 'Grand Total')).toEqual(['Rs 1939']);
    expect(await lineWith('saeco', 'VF1005193039')).toMatch(/8-9-2022\s+VF1005193039\s+22-9-2022/);
  });

  it('keeps table columns aligned', async () => {
    const azure = await documentOf('AzureInterior');
    const items = azure.tables.find((table) => table.header?.some((cell) => cell.text === 'Description'))!;
    expect(items.header!.map((cell) => cell.text)).toEqual(['Description', 'Quantity', 'Unit Price', 'Disc.% Taxes', 'Amount']);
    const beeswax = items.rows.find((row) => row[0]!.text.includes('Beeswax'))!;
    expect(beeswax.map((cell) => cell.text)).toEqual(['[17589684] Beeswax XL', '1.00 kg', '42.00', '0.00 15.00%', '$ 42.00']);
    const saeco = await documentOf('saeco');
    const header = saeco.tables.find((table) => table.header?.some((cell) => cell.text === 'Vervaldatum'))!;
    const dueColumn = header.header!.findIndex((cell) => cell.text === 'Vervaldatum');
    expect(header.rows[0]![dueColumn]!.text).toBe('22-9-2022');
  });

  it('reads the comparison corpus (copies of the eval PDFs are not read twice)', async () => {
    const seen = new Set(readdirSync(evalCases).filter((name) => name.endsWith('.pdf')).map((name) => createHash('sha256').update(pdfBytes(evalCases, name)).digest('hex')));
    for (const name of readdirSync(compareCases).filter((file) => file.endsWith('.pdf'))) {
      const bytes = pdfBytes(compareCases, name);
      if (seen.has(createHash('sha256').update(bytes).digest('hex'))) continue;
      const document = await buildDocument(bytes);
      expect(document.warnings, name).toEqual([]);
      expect(spanProblems(document), name).toEqual([]);
    }
  });

  it('turns broken PDFs into warnings', async () => {
    const real = pdfBytes(evalCases, 'oyo.pdf');
    const truncated = await buildDocument(real.slice(0, 2_000));
    expect(truncated.kind).toBe('pdf');
    expect(truncated.warnings.length).toBeGreaterThan(0);
    const garbage = await buildDocument(new TextEncoder().encode('%PDF-1.7\nthis is not a pdf at all'));
    expect(garbage.warnings.join(' ')).toMatch(/PDF/);
    expect(garbage.layers['pdf-text']!.text).toBe('');
    // The caller's buffer is not detached by pdf.js.
    expect(real.byteLength).toBeGreaterThan(2_000);
  });
});

describe('aborting', () => {
  it('stops reading a PDF when the signal is aborted, with a warning', async () => {
    const controller = new AbortController();
    controller.abort();
    const document = await buildDocument(pdfBytes(evalCases, 'oyo.pdf'), { signal: controller.signal });
    expect(document.warnings.join(' ')).toMatch(/PDF reading aborted/);
    expect(document.layers['pdf-text']!.text).toBe('');
  });
});

describe('a bounded PDF reader', () => {
  /** A one-page PDF whose content stream shows `operations` text runs (built here, no fixture). */
  function pdfWithTextOperations(operations: number): Uint8Array {
    const stream = `BT /F1 8 Tf 10 780 Td ${'(x) Tj '.repeat(operations)}ET`;
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ];
    let body = '%PDF-1.4\n';
    const offsets: number[] = [];
    objects.forEach((object, index) => {
      offsets.push(body.length);
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
    return new TextEncoder().encode(body);
  }

  it('stops a PDF that takes longer than its deadline, says so, and reads the next PDF with a fresh worker', async () => {
    // The deadline is the test's to call: the first PDF's passes at once, the second's never
    // does, so a busy machine (a fresh worker loading pdf.js slowly) cannot change the outcome.
    // Each PDF first gets the worker's start-up limit, then, once pdf.js is loaded, its deadline.
    const deadlines: number[] = [];
    const reader = createPdfReader({
      deadlineMs: 300,
      deadlineTimer: (ms, onDeadline) => {
        deadlines.push(ms);
        if (ms === 300 && deadlines.filter((each) => each === 300).length === 1) queueMicrotask(onDeadline);
        return () => undefined;
      },
    });
    try {
      const slow = await buildDocument(pdfWithTextOperations(400_000), { pdf: reader });
      expect(slow.warnings.join(' ')).toMatch(/longer than 300 ms \(the reader's deadline\)/);
      const quick = await buildDocument(pdfWithTextOperations(3), { pdf: reader });
      expect(quick.layers['pdf-text']?.text).toContain('x');
      expect(deadlines).toEqual([STARTUP_LIMIT_MS, 300, STARTUP_LIMIT_MS, 300]);
    } finally {
      await reader.close();
    }
  }, 30_000);
});
