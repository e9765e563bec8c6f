/** Prompt templates (re-exports only). */
export { DEFAULT_TEMPLATE } from './default.js';
export { STRICT_TEMPLATE } from './strict.js';
export { RECORDS_TEMPLATE } from './records.js';
