/** Benchmark inputs from ../shared/bench and the contracts they run with. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const shared = fileURLToPath(new URL('../../../../shared/', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

export const sharedFolder = shared;
export const input100kb = readFileSync(`${shared}bench/input-100kb.txt`);
export const inputSmall = readFileSync(`${shared}bench/input-small.txt`);
export const contract20 = JSON.parse(readFileSync(`${shared}bench/contract-20-fields.dsl.json`, 'utf8'));
export const contractInvoice6 = JSON.parse(readFileSync(`${fixtures}invoice-6-fields.dsl.json`, 'utf8'));
export const benchPolicy = Object.freeze({ allowRemoteInference: false, allowLocalInference: true });
export const replaySource = 'ACME Corp\nInvoice #1234\nTotal: $1,234.56\nDate: 2026-06-22\nCurrency: USD';
