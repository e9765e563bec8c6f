/**
 * `@paxman/contract/zod`: the Zod 4 adapter, `money()` and the Zod exporter.
 */
export { ZOD_FORMAT, adaptZod, pointerToFieldPath, zodAdapter } from './zod-adapter.js';
export { contractToZod, fieldToZod } from './contract-to-zod.js';
export { DECIMAL_STRING_PATTERN, money, type MoneyOptions, type MoneySchema } from './money.js';
export { ZOD_META_KEYWORDS, isZodSchema, zodToJsonSchema, type ZodSchemaLike } from './zod-to-json-schema.js';
