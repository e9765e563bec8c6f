/** normalize and replay medians on the shared bench inputs (issue 10). */
import { normalize, replay } from 'paxman';
import { measure } from './harness.mjs';
import { benchPolicy, contract20, contractInvoice6, input100kb, inputSmall, replaySource } from './inputs.mjs';

/**
 * Distinct inputs with the same content to extract: the document followed by a line of 1…n
 * spaces. Cycling through them keeps a cache keyed by the document's text (a real batch
 * never sees the same document twice) from flattering the numbers.
 */
export function variantsOf(input, count = 64) {
  return Array.from({ length: count }, (_, index) => Buffer.concat([input, Buffer.from(`\n${' '.repeat(index + 1)}\n`)]));
}

export function cycling(inputs) {
  let next = 0;
  return () => inputs[next++ % inputs.length];
}

export async function normalizeBenchmarks() {
  const results = [];
  const nextLarge = cycling(variantsOf(input100kb));
  const nextSmall = cycling(variantsOf(inputSmall));
  results.push(await measure('normalize 20 fields, 100 KB', () => normalize(nextLarge(), { contract: contract20, policy: benchPolicy }), { minIterations: 50, bytes: input100kb.length }));
  results.push(await measure('normalize 20 fields, small input', () => normalize(nextSmall(), { contract: contract20, policy: benchPolicy }), { minIterations: 500 }));
  results.push(await measure('normalize 6-field invoice, small input', () => normalize(nextSmall(), { contract: contractInvoice6, policy: benchPolicy }), { minIterations: 500 }));

  const smallArtifact = await normalize(replaySource, { contract: contractInvoice6, policy: benchPolicy });
  const smallJson = JSON.stringify(smallArtifact);
  const largeArtifact = await normalize(input100kb, { contract: contract20, policy: benchPolicy });
  const largeJson = JSON.stringify(largeArtifact);
  const small = await measure('replay artifact (JSON)', () => replay(smallJson, { contract: contractInvoice6 }), { minIterations: 500 });
  small.note = `${(smallJson.length / 1024).toFixed(1)} KB`;
  const large = await measure('replay artifact (JSON), 20 fields on 100 KB', () => replay(largeJson, { contract: contract20 }), { minIterations: 100 });
  large.note = `${(largeJson.length / 1024).toFixed(1)} KB`;
  results.push(small, large);
  return results;
}
