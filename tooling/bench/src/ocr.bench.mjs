/**
 * OCR benchmarks (opt-in: `pnpm bench ocr`; a few minutes on 2 cores): for each engine
 * setup — the default pair (PP-OCRv4 and Tesseract PSM 6 side by side), PP-OCRv4 alone,
 * Tesseract alone (one reading) — seconds per page (median) for a photo normalized one at a
 * time with the first page's start-up, the batch rate of the pages normalized as many at
 * a time as there are cores, and the process's peak resident memory while the setup ran.
 * Images: `--images <dir>` (every PNG/JPEG/TIFF/WebP/BMP file in it, e.g.
 * .cache/eval-data/sroie-dev-images/cases), `--pages <n>` of them (default 12), or, by
 * default, receipts rendered here with known text (deterministic: same text, same pixels).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval } from 'node:timers';
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

  const cores = availableParallelism();
  const setups = [
    { label: 'pair ppocr + tesseract (default)', ocr: {} },
    { label: 'ppocr alone', ocr: { engines: ['ppocr'] } },
    { label: 'tesseract alone, one reading', ocr: { engines: ['tesseract'], workers: 1, secondReading: false } },
  ];
  for (const setup of setups) {
    const peak = peakMemorySampler();
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
      const perPage = summarizeSamples(`ocr one page, ${setup.label}`, samples);
      perPage.note = `median ${(perPage.medianMs / 1000).toFixed(2)} s/page; first page with start-up ${(firstMs / 1000).toFixed(2)} s (${source})`;
      results.push(perPage);
    } finally {
      await single.close();
    }
    // A folder: as many pages in flight as cores, on a new instance (start-up included).
    const batch = createPaxman({ ocr: { ...setup.ocr, workers: setup.ocr.workers ?? cores } });
    try {
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: cores }, async () => {
          while (next < pages.length) {
            const page = pages[next];
            next += 1;
            await batch.normalize(page, { contract: CONTRACT });
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const peakMb = peak.stop();
      results.push({
        name: `ocr batch, ${setup.label}`,
        iterations: pages.length,
        medianMs: (seconds * 1000) / pages.length,
        p10Ms: Number.NaN,
        p90Ms: Number.NaN,
        pagesPerSecond: pages.length / seconds,
        peakRssMb: peakMb,
        note: `${(seconds / pages.length).toFixed(2)} s/page, ${cores} pages in flight, start-up included; peak RSS ${peakMb} MB over the setup (${source})`,
      });
    } finally {
      await batch.close();
    }
  }
  return results;
}

/** Samples the process's resident memory every 20 ms until stopped; returns the peak in MB. */
function peakMemorySampler() {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  // A setup that throws never stops its sampler: it must not keep the process alive.
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Math.round(Math.max(peak, process.memoryUsage.rss()) / 1_048_576);
    },
  };
}
