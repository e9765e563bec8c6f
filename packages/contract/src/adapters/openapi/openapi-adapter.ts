/**
 * The OpenAPI adapter (3.0.x and 3.1.x documents, as objects or JSON/YAML text). It picks
 * one component schema — `options.schemaName`, default the first under
 * `components.schemas` — and reads it with the JSON Schema conversion in the OpenAPI
 * dialect: `#/components/schemas/…` references, 3.0 `nullable: true` and boolean
 * exclusive bounds, OpenAPI annotations (`example`, `externalDocs`, `xml`). Constructs the
 * model cannot hold (`discriminator`, polymorphic `oneOf`, remote refs, …) are reported
 * as `UNSUPPORTED_OPENAPI_FEATURE`. `export` writes a document with one component schema,
 * in 3.0.3 when the contract came from a 3.0 document and 3.1.0 otherwise.
 */
import { isPlainObject } from '@paxman/core';
import type { AdaptOptions, ContractAdapter, ContractProblem } from '../../adapter.js';
import { assertValidContract, invalidContractError } from '../../contract-error.js';
import { defineContract } from '../../define-field.js';
import type { CanonicalContract } from '../../model.js';
import { parseContractSource } from '../../parse-source.js';
import { contractToJsonSchema } from '../json-schema/contract-to-schema.js';
import { convertRootSchema, escapeToken } from '../json-schema/schema-to-contract.js';

export const OPENAPI_FORMAT = 'openapi';

const VERSION_PATTERN = /^3\.([01])\.\d+$/;

/** True for an object with an `openapi` key (the marker of an OpenAPI document). */
export function isOpenApiSource(source: unknown): boolean {
  return isPlainObject(source) && 'openapi' in source;
}

/**
 * Reads one component schema of an OpenAPI document into a validated canonical contract.
 * Throws one `InvalidContractError` whose `context.problems` lists every problem.
 * @example adaptOpenApi(yamlText, { schemaName: 'Invoice' })
 */
export function adaptOpenApi(source: unknown, options: AdaptOptions = {}): CanonicalContract {
  let document: unknown = source;
  if (typeof source === 'string') {
    try {
      document = parseContractSource(source);
    } catch (error) {
      throw invalidContractError([{ code: 'INVALID_JSON', path: '#', message: error instanceof Error ? error.message : String(error) }], OPENAPI_FORMAT);
    }
  }
  if (!isPlainObject(document)) {
    throw invalidContractError([{ code: 'INVALID_OPENAPI_DOCUMENT', path: '#', message: 'An OpenAPI document must be an object.' }], OPENAPI_FORMAT);
  }
  const problems: ContractProblem[] = [];
  const version = document.openapi;
  const versionMatch = typeof version === 'string' ? VERSION_PATTERN.exec(version) : null;
  if (versionMatch === null) {
    problems.push({
      code: 'INVALID_OPENAPI_VERSION',
      path: '#/openapi',
      message: `openapi must be a 3.0.x or 3.1.x version string, got ${JSON.stringify(version ?? null)}${typeof version === 'string' && version.startsWith('2') ? ' (Swagger 2.0 is not supported)' : ''}.`,
    });
    // Without a known version the schema dialect (3.0 nullable or 3.1 JSON Schema) is unknown: stop here.
    throw invalidContractError(problems, OPENAPI_FORMAT);
  }
  if (document.jsonSchemaDialect !== undefined && document.jsonSchemaDialect !== 'https://spec.openapis.org/oas/3.1/dialect/base' && document.jsonSchemaDialect !== 'https://json-schema.org/draft/2020-12/schema') {
    problems.push({ code: 'UNSUPPORTED_OPENAPI_FEATURE', path: '#/jsonSchemaDialect', message: `jsonSchemaDialect ${JSON.stringify(document.jsonSchemaDialect)} is not supported.` });
  }
  const components = document.components;
  const schemas = isPlainObject(components) ? components.schemas : undefined;
  if (!isPlainObject(schemas) || Object.keys(schemas).length === 0) {
    problems.push({ code: 'INVALID_OPENAPI_DOCUMENT', path: '#/components/schemas', message: 'The document has no component schemas (components.schemas) to read a contract from.' });
    throw invalidContractError(problems, OPENAPI_FORMAT);
  }
  const names = Object.keys(schemas);
  const schemaName = options.schemaName ?? names[0]!;
  if (!Object.hasOwn(schemas, schemaName)) {
    problems.push({ code: 'INVALID_OPENAPI_DOCUMENT', path: '#/components/schemas', message: `No component schema named "${schemaName}"; available: ${names.join(', ')}.` });
    throw invalidContractError(problems, OPENAPI_FORMAT);
  }
  const dialect = versionMatch?.[1] === '0' ? 'openapi-3.0' : 'openapi-3.1';
  const pointer = `#/components/schemas/${escapeToken(schemaName)}`;
  const root = convertRootSchema(schemas[schemaName], pointer, { dialect, unsupportedCode: 'UNSUPPORTED_OPENAPI_FEATURE', document }, problems);
  if (root === null || problems.length > 0) throw invalidContractError(problems, OPENAPI_FORMAT);
  const contract = defineContract({
    id: root.contractId ?? schemaName,
    version: root.version ?? '1',
    description: root.description,
    policy: root.policy as CanonicalContract['policy'],
    fields: root.fields,
    source: { format: OPENAPI_FORMAT, formatVersion: version as string, schemaName, ...(root.annotations.length > 0 ? { annotations: root.annotations } : {}) },
  });
  return assertValidContract(contract, OPENAPI_FORMAT);
}

/**
 * The contract as an OpenAPI document with one component schema named after the
 * contract id. 3.0.3 when the contract came from a 3.0 document, else 3.1.0.
 */
export function contractToOpenApi(contract: CanonicalContract): Record<string, unknown> {
  const legacy = contract.source.format === OPENAPI_FORMAT && typeof contract.source.formatVersion === 'string' && contract.source.formatVersion.startsWith('3.0');
  const schema = contractToJsonSchema(contract, { includeSchemaUri: false });
  const name = contract.id.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    openapi: legacy ? '3.0.3' : '3.1.0',
    info: { title: contract.id, version: contract.version },
    paths: {},
    components: { schemas: { [name]: legacy ? toOpenApi30(schema) : schema } },
  };
}

/** Rewrites a 2020-12 schema in OpenAPI 3.0 terms: `nullable`, `enum` for `const`, boolean exclusive bounds. */
function toOpenApi30(schema: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && Array.isArray(value)) {
      result.type = value.find((type) => type !== 'null');
      result.nullable = true;
    } else if (key === 'const') {
      result.enum = [value];
    } else if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value === 'number') {
      const partner = key === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      if (schema[partner] === undefined) {
        result[partner] = value;
        result[key] = true;
      } else {
        // both an inclusive and an exclusive bound: 3.0 has one slot, so keep the exact list as a Paxman keyword
        result[key] = value;
      }
    } else if (key === 'properties' && isPlainObject(value)) {
      result.properties = Object.fromEntries(Object.entries(value).map(([name, member]) => [name, isPlainObject(member) ? toOpenApi30(member) : member]));
    } else if (key === 'items' && isPlainObject(value)) {
      result.items = toOpenApi30(value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

/** The OpenAPI adapter: format `openapi`. */
export const openApiAdapter: ContractAdapter = Object.freeze({
  format: OPENAPI_FORMAT,
  detect: isOpenApiSource,
  adapt: adaptOpenApi,
  export: (contract: CanonicalContract): unknown => contractToOpenApi(contract),
});
