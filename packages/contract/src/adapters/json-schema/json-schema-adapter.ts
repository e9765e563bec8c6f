/**
 * The JSON Schema adapter (draft 2020-12, 2019-09, draft-07, draft-06 and draft-04
 * documents). `adapt` reads a root object schema into a `CanonicalContract`, collecting
 * every problem and then running the validator; `export` writes draft 2020-12 back so that
 * adapt → export → adapt is a fixed point (equal fingerprint).
 */
import { isPlainObject } from '@paxman/core';
import type { AdaptOptions, ContractAdapter, ContractProblem } from '../../adapter.js';
import { assertValidContract, invalidContractError } from '../../contract-error.js';
import { defineContract } from '../../define-field.js';
import type { CanonicalContract } from '../../model.js';
import { parseContractSource } from '../../parse-source.js';
import { contractToJsonSchema } from './contract-to-schema.js';
import { schemaDialectVersion } from './keywords.js';
import { convertRootSchema, escapeToken } from './schema-to-contract.js';

export const JSON_SCHEMA_FORMAT = 'json-schema';

/** Contract id used when a schema has no `x-paxman-id`, `title` or `$id`. */
export const UNTITLED_CONTRACT_ID = 'untitled';

/**
 * True for an object that looks like a JSON Schema: it has `$schema`, or a `type` /
 * `properties` marker — and is neither an OpenAPI document (`openapi` key) nor a Dict DSL
 * contract (a `fields` array).
 */
export function isJsonSchemaSource(source: unknown): boolean {
  if (!isPlainObject(source)) return false;
  if ('openapi' in source || Array.isArray(source.fields)) return false;
  if (typeof source.$schema === 'string') return true;
  return typeof source.type === 'string' || Array.isArray(source.type) || isPlainObject(source.properties);
}

/**
 * Reads a JSON Schema (object or JSON/YAML text) into a validated canonical contract.
 * `options.schemaName` reads a schema under `$defs` / `definitions` instead of the root
 * (contract id: its `title`, else the name).
 * Throws one `InvalidContractError` whose `context.problems` lists every problem.
 */
export function adaptJsonSchema(source: unknown, options: AdaptOptions = {}): CanonicalContract {
  const problems: ContractProblem[] = [];
  let document: unknown = source;
  if (typeof source === 'string') {
    try {
      document = parseContractSource(source);
    } catch (error) {
      throw invalidContractError([{ code: 'INVALID_JSON', path: '#', message: error instanceof Error ? error.message : String(error) }], JSON_SCHEMA_FORMAT);
    }
  }
  if (!isPlainObject(document)) {
    throw invalidContractError([{ code: 'INVALID_FIELD', path: '#', message: 'A JSON Schema contract must be an object schema.' }], JSON_SCHEMA_FORMAT);
  }
  let formatVersion: string | null = null;
  if (document.$schema !== undefined) {
    formatVersion = typeof document.$schema === 'string' ? schemaDialectVersion(document.$schema) : null;
    if (formatVersion === null) {
      problems.push({
        code: 'INVALID_VERSION',
        path: '#/$schema',
        message: `$schema ${JSON.stringify(document.$schema)} is not a supported dialect (draft 2020-12, 2019-09, draft-07, draft-06, draft-04).`,
      });
    }
  }
  let rootPointer = '#';
  if (options.schemaName !== undefined) {
    const container = ['$defs', 'definitions'].find((key) => isPlainObject(document[key]) && Object.hasOwn(document[key] as object, options.schemaName!));
    if (container === undefined) {
      const available = ['$defs', 'definitions'].flatMap((key) => (isPlainObject(document[key]) ? Object.keys(document[key] as object) : []));
      problems.push({ code: 'INVALID_FIELD', path: '#/$defs', message: `No schema named "${options.schemaName}" under $defs or definitions; available: ${available.join(', ') || 'none'}.` });
      throw invalidContractError(problems, JSON_SCHEMA_FORMAT);
    }
    rootPointer = `#/${container}/${escapeToken(options.schemaName)}`;
  }
  const rootSchema = rootPointer === '#' ? document : (document[rootPointer.split('/')[1]!] as Record<string, unknown>)[options.schemaName!];
  const root = convertRootSchema(rootSchema, rootPointer, { dialect: formatVersion === 'draft-04' ? 'draft-04' : 'json-schema', unsupportedCode: 'UNSUPPORTED_JSON_SCHEMA_FEATURE', document }, problems);
  if (root === null || problems.length > 0) throw invalidContractError(problems, JSON_SCHEMA_FORMAT);
  const contract = defineContract({
    id: root.contractId ?? options.schemaName ?? UNTITLED_CONTRACT_ID,
    version: root.version ?? '1',
    description: root.description,
    policy: root.policy as CanonicalContract['policy'],
    fields: root.fields,
    source: { format: JSON_SCHEMA_FORMAT, formatVersion, schemaName: options.schemaName ?? null, ...(root.annotations.length > 0 ? { annotations: root.annotations } : {}) },
  });
  return assertValidContract(contract, JSON_SCHEMA_FORMAT);
}

/** The JSON Schema adapter: format `json-schema`. */
export const jsonSchemaAdapter: ContractAdapter = Object.freeze({
  format: JSON_SCHEMA_FORMAT,
  detect: isJsonSchemaSource,
  adapt: adaptJsonSchema,
  export: (contract: CanonicalContract): unknown => contractToJsonSchema(contract),
});
