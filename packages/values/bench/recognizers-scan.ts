// Prints how long each recognizer takes to scan ../shared/bench/input-100kb.txt, cold (the
// scan caches defeated by a changing option) and warm (the same call again), plus a few
// adversarial 100 KB inputs. Run from the repo root:
//   npx tsx packages/values/bench/recognizers-scan.ts
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { findValues, inferDocumentContext, type RecognizerKind } from '../src/index.js';

const text = readFileSync(resolve(import.meta.dirname, '../../../../shared/bench/input-100kb.txt'), 'utf8');
const kinds: RecognizerKind[] = ['MONEY', 'DECIMAL', 'INTEGER', 'PERCENT', 'DATE', 'BOOLEAN', 'ENUM', 'CURRENCY', 'EMAIL', 'URL', 'PHONE', 'IBAN'];
const enumValues = [{ value: 'high', synonyms: ['urgent'] }];
const runs = 20;

function time(run: (index: number) => void): number {
  run(-1);
  const started = performance.now();
  for (let index = 0; index < runs; index += 1) run(index);
  return (performance.now() - started) / runs;
}

console.log(`input-100kb.txt: ${text.length} characters`);
for (const kind of kinds) {
  const cold = time((index) => findValues(kind, text, { enumValues, locale: `bench-${index}` }));
  const warm = time(() => findValues(kind, text, { enumValues }));
  const hits = findValues(kind, text, { enumValues }).length;
  console.log(`${kind.padEnd(9)} cold ${cold.toFixed(2).padStart(6)} ms  warm ${warm.toFixed(3)} ms  ${hits} hits`);
}
console.log(`inferDocumentContext ${time(() => inferDocumentContext(`${text} `)).toFixed(2)} ms`);

for (const [name, adversarial] of [
  ['digits and commas', '1,'.repeat(50_000)],
  ['digits and spaces', '1 '.repeat(50_000)],
  ['one letter', 'a'.repeat(100_000)],
  ['at signs', 'a@'.repeat(50_000)],
  ['dollar signs', '$'.repeat(100_000)],
  ['month names', '25 März '.repeat(12_500)],
] as const) {
  const elapsed = time((index) => {
    for (const kind of kinds) findValues(kind, adversarial, { enumValues, locale: `bench-${index}` });
  });
  console.log(`adversarial ${name.padEnd(18)} all kinds ${elapsed.toFixed(1)} ms`);
}
