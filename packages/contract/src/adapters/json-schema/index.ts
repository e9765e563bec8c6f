/**
 * `@paxman/contract/json-schema`: the JSON Schema adapter and its helpers.
 */
export { JSON_SCHEMA_FORMAT, UNTITLED_CONTRACT_ID, adaptJsonSchema, isJsonSchemaSource, jsonSchemaAdapter } from './json-schema-adapter.js';
export { contractToJsonSchema, exportEncoding, fieldToSchema, type ContractToSchemaOptions } from './contract-to-schema.js';
export { convertRootSchema, naturalFieldType, type ConversionOptions, type ConvertedRoot, type SchemaDialect } from './schema-to-contract.js';
export { DRAFT_2020_12, PAXMAN_KEYWORDS, PaxmanKeyword, SUPPORTED_FORMATS, schemaDialectVersion } from './keywords.js';
export { encodeForSource, encodeFieldValue } from '../../output-encoding.js';
