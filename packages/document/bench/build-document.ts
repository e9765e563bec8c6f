// Prints how long `buildDocument` takes per input kind: the 100 KB procurement text (the
// 5 ms normalize budget), an HTML rendering of it, the eval PDFs, and a 100 MB text (time
// and heap growth; structure detection is capped at 8 M characters). Run from the repo root:
//   npx tsx packages/document/bench/build-document.ts
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildDocument } from '../src/index.js';

const shared = resolve(import.meta.dirname, '../../../../shared');
const text = readFileSync(resolve(shared, 'eval/bench-procurement/cases/input-100kb.txt'), 'utf8');

async function median(label: string, input: string | Uint8Array, runs: number, inputType?: string): Promise<void> {
  const times: number[] = [];
  for (let index = 0; index < runs + 3; index += 1) {
    const started = performance.now();
    await buildDocument(input, inputType === undefined ? {} : { inputType });
    if (index >= 3) times.push(performance.now() - started);
  }
  times.sort((left, right) => left - right);
  console.log(`${label.padEnd(34)} median ${times[Math.floor(times.length / 2)]!.toFixed(2).padStart(8)} ms  min ${times[0]!.toFixed(2)} ms`);
}

await median('text 100 KB (declared)', text, 50, 'text');
await median('text 100 KB (sniffed)', text, 50);
const html = `<html><body>${text
  .split('\n')
  .map((line) => (line.includes(':') ? `<p>${line.replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</p>` : `<table><tr><td>${line.trim().split(/\s{2,}/).join('</td><td>')}</td></tr></table>`))
  .join('\n')}</body></html>`;
await median(`html ${Math.round(html.length / 1024)} KB`, html, 20, 'html');
const cases = resolve(shared, 'eval/invoice2data/cases');
for (const name of readdirSync(cases).filter((file) => file.endsWith('.pdf'))) {
  await median(`pdf ${name}`, new Uint8Array(readFileSync(resolve(cases, name))), 5);
}
const huge = text.repeat(1000);
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
const document = await buildDocument(huge, { inputType: 'text' });
console.log(
  `text ${Math.round(huge.length / 1e6)} MB: ${(performance.now() - started).toFixed(0)} ms, heap +${Math.round((process.memoryUsage().heapUsed - heapBefore) / 1e6)} MB, ${document.lines.length} lines, warnings: ${document.warnings.length}`,
);
