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

/** Runs of each input before a warm measurement: a long-lived service's JIT has optimized the pipeline by then. */
const WARM_UP_RUNS = { large: 300, small: 1500 };

/**
 * normalize once the process is warm: the same inputs and contract as the rows above, after
 * hundreds of runs instead of five. The rows above time a half-warm process (V8 is still
 * optimizing for the first ~100 runs, ADRs 0044–0046); these time what a service that has
 * been running a while spends. Both are reported; neither replaces the other.
 */
export async function warmNormalizeBenchmarks() {
  const nextLarge = cycling(variantsOf(input100kb));
  const nextSmall = cycling(variantsOf(inputSmall));
  return [
    await measure(`normalize 20 fields, 100 KB, warm (after ${WARM_UP_RUNS.large} runs)`, () => normalize(nextLarge(), { contract: contract20, policy: benchPolicy }), { warmup: WARM_UP_RUNS.large, minIterations: 50, bytes: input100kb.length }),
    await measure(`normalize 20 fields, small input, warm (after ${WARM_UP_RUNS.small} runs)`, () => normalize(nextSmall(), { contract: contract20, policy: benchPolicy }), { warmup: WARM_UP_RUNS.small, minIterations: 500 }),
  ];
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
