/** Child process for the peak-memory benchmark: normalizes a 100 MB text and reports max RSS. */
import { normalize } from 'paxman';
import { contract20, input100kb } from './inputs.mjs';

const unit = input100kb;
const copies = Math.ceil(100_000_000 / unit.length);
const input = new Uint8Array(unit.length * copies);
for (let index = 0; index < copies; index += 1) input.set(unit, index * unit.length);
const started = performance.now();
const artifact = await normalize(input, { contract: contract20, policy: { allowLocalInference: false, allowRemoteInference: false } });
const milliseconds = performance.now() - started;
process.stdout.write(JSON.stringify({ maxRssMb: process.resourceUsage().maxRSS / 1024, milliseconds, status: artifact.status }));
