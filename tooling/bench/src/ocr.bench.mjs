/**
 * OCR benchmarks (opt-in: `pnpm bench ocr`, or `--ocr`; about a minute on 2 cores):
 * seconds per page (median) for a photo normalized one at a time — by the default pool
 * (two workers, the second reading on the other one), by one worker reading twice and by
 * one reading once (`ocr.secondReading: false`) — worker
 * start-up, and the batch rate of a folder of images normalized by an instance whose
 * worker pool has one worker per core. Images: `--images <dir>` (every PNG/JPEG/TIFF/
 * WebP/BMP file in it, e.g. .cache/eval/sroie-dev-images/cases) or, by default, receipts
 * rendered here with known text (deterministic: same text, same pixels).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import { createPaxman } from 'paxman';
import { summarizeSamples } from './harness.mjs';

const IMAGE_FILE = /\.(png|jpe?g|tiff?|webp|bmp)$/i;
const CONTRACT = {
  id: 'receipt',
  version: '1',
  fields: [
    { name: 'company', type: 'STRING', required: false },
    { name: 'date', type: 'DATE', required: false },
    { name: 'total', type: 'MONEY', required: false },
  ],
};

/** A receipt photo of about 30 printed lines (600 × 900 px), varied by `index`. */
async function renderedReceipt(index) {
  const canvas = createCanvas(600, 900);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 600, 900);
  context.fillStyle = '#111111';
  context.font = '20px sans-serif';
  const lines = [`CORNER BAKERY ${index + 1} SDN BHD`, 'NO 12, JALAN MERDEKA, 81100 JOHOR', `Invoice No: CB-${10_000 + index * 37}`, `Date: ${String((index % 27) + 1).padStart(2, '0')}/03/2024  10:${String(index % 60).padStart(2, '0')}`, 'Cashier: ANNA', ''];
  let total = 0;
  for (let item = 0; item < 16; item += 1) {
    const price = ((index * 7 + item * 13) % 50) + 1.5;
    total += price;
    lines.push(`ITEM ${item + 1} BREAD ROLL x1\t${price.toFixed(2)}`);
  }
  lines.push('', `TOTAL\t${total.toFixed(2)}`, `CASH\t${(Math.ceil(total / 10) * 10).toFixed(2)}`, '', 'THANK YOU, PLEASE COME AGAIN');
  lines.forEach((line, row) => {
    const [left, right] = line.split('\t');
    context.fillText(left, 30, 40 + row * 27);
    if (right !== undefined) context.fillText(right, 480, 40 + row * 27);
  });
  return new Uint8Array(await canvas.encode('jpeg', 90));
}

async function images(folder, count) {
  if (folder) {
    const files = readdirSync(folder).filter((name) => IMAGE_FILE.test(name)).sort().slice(0, count);
    if (files.length === 0) throw new Error(`no image files in ${folder}`);
    return files.map((name) => new Uint8Array(readFileSync(join(folder, name))));
  }
  return Promise.all(Array.from({ length: count }, (_, index) => renderedReceipt(index)));
}

/**
 * @param {{ folder?: string, pages?: number }} [options]
 */
export async function ocrBenchmarks(options = {}) {
  const pages = await images(options.folder, options.pages ?? 12);
  const source = options.folder ? `${pages.length} images of ${options.folder}` : `${pages.length} rendered receipts`;
  const results = [];

  // One page at a time, warm: seconds per page — the default pool (two workers: the second
  // reading on the other worker at the same time), one worker reading twice, one reading once.
  const setups = [
    { label: 'default pool of 2 workers, read twice', ocr: { workers: 2 } },
    { label: '1 worker, read twice', ocr: { workers: 1 } },
    { label: '1 worker, read once', ocr: { workers: 1, secondReading: false } },
  ];
  for (const setup of setups) {
    const single = createPaxman({ ocr: setup.ocr });
    try {
      const started = performance.now();
      await single.normalize(pages[0], { contract: CONTRACT });
      const firstMs = performance.now() - started;
      const samples = [];
      for (const page of pages) {
        const before = performance.now();
        await single.normalize(page, { contract: CONTRACT });
        samples.push(performance.now() - before);
      }
      const perPage = summarizeSamples(`ocr normalize one page, ${setup.label}`, samples);
      perPage.note = `median ${(perPage.medianMs / 1000).toFixed(2)} s/page; first page with worker start-up ${(firstMs / 1000).toFixed(2)} s (${source})`;
      results.push(perPage);
    } finally {
      await single.close();
    }
  }

  // A folder with the worker pool: as many pages in flight as workers.
  const workers = availableParallelism();
  const pool = createPaxman({ ocr: { workers } });
  try {
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < pages.length) {
          const page = pages[next];
          next += 1;
          await pool.normalize(page, { contract: CONTRACT });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    results.push({
      name: `ocr batch, pool of ${workers} workers`,
      iterations: pages.length,
      medianMs: (seconds * 1000) / pages.length,
      p10Ms: Number.NaN,
      p90Ms: Number.NaN,
      pagesPerSecond: pages.length / seconds,
      note: `${(pages.length / seconds).toFixed(2)} pages/s including worker start-up (${source})`,
    });
  } finally {
    await pool.close();
  }
  return results;
}
