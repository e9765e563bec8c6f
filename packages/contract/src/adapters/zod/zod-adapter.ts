/**
 * The Zod adapter (Zod 4). `adapt` reads an object schema through Zod's own JSON Schema
 * conversion (see `zod-to-json-schema.ts`) and the shared JSON Schema conversion, so a Zod
 * contract means exactly what the equivalent JSON Schema means; problems are reported with
 * field paths (`buyer.name`, `line_items[].amount`). `export` builds a Zod schema.
 */
import type { AdaptOptions, ContractAdapter, ContractProblem } from '../../adapter.js';
import { assertValidContract, invalidContractError } from '../../contract-error.js';
import { defineContract } from '../../define-field.js';
import type { CanonicalContract } from '../../model.js';
import { UNTITLED_CONTRACT_ID } from '../json-schema/json-schema-adapter.js';
import { convertRootSchema } from '../json-schema/schema-to-contract.js';
import { contractToZod } from './contract-to-zod.js';
import { isZodSchema, zodToJsonSchema } from './zod-to-json-schema.js';

export const ZOD_FORMAT = 'zod';

/**
 * Reads a Zod object schema into a validated canonical contract. Throws one
 * `InvalidContractError` whose `context.problems` lists every problem.
 * @example adaptZod(z.object({ total: money({ currency: 'EUR' }) }).meta({ title: 'receipt' }))
 */
export function adaptZod(source: unknown, _options: AdaptOptions = {}): CanonicalContract {
  if (!isZodSchema(source)) {
    throw invalidContractError([{ code: 'INVALID_FIELD', path: '#', message: 'A Zod contract must be a Zod 4 schema (an object with _zod).' }], ZOD_FORMAT);
  }
  let json: Record<string, unknown>;
  try {
    json = zodToJsonSchema(source);
  } catch (error) {
    throw invalidContractError([{ code: 'UNSUPPORTED_ZOD_FEATURE', path: '#', message: `Zod could not describe this schema: ${error instanceof Error ? error.message : String(error)}` }], ZOD_FORMAT);
  }
  const problems: ContractProblem[] = [];
  const root = convertRootSchema(json, '#', { dialect: 'zod', unsupportedCode: 'UNSUPPORTED_ZOD_FEATURE', document: json }, problems);
  if (root === null || problems.length > 0) {
    throw invalidContractError(
      problems.map((problem) => ({ ...problem, path: pointerToFieldPath(problem.path) })),
      ZOD_FORMAT,
    );
  }
  const contract = defineContract({
    id: root.contractId ?? UNTITLED_CONTRACT_ID,
    version: root.version ?? '1',
    description: root.description,
    policy: root.policy as CanonicalContract['policy'],
    fields: root.fields,
    source: { format: ZOD_FORMAT, formatVersion: '4', schemaName: null },
  });
  return assertValidContract(contract, ZOD_FORMAT);
}

/**
 * A pointer into the Zod schema's JSON form as a field path with the offending keyword:
 * `#/properties/buyer/properties/name/minLength` → `buyer.name/minLength`.
 */
export function pointerToFieldPath(pointer: string): string {
  if (!pointer.startsWith('#/properties/')) return pointer;
  const tokens = pointer.slice(2).split('/');
  let path = '';
  let index = 0;
  while (index < tokens.length) {
    if (tokens[index] === 'properties' && index + 1 < tokens.length) {
      const name = tokens[index + 1]!.replace(/~1/g, '/').replace(/~0/g, '~');
      path = path.length === 0 ? name : `${path}.${name}`;
      index += 2;
    } else if (tokens[index] === 'items') {
      path = `${path}[]`;
      index += 1;
    } else {
      break;
    }
  }
  const rest = tokens.slice(index).join('/');
  return rest.length === 0 ? path : `${path}/${rest}`;
}

/** The Zod adapter: format `zod`. Detects any Zod 4 schema object. */
export const zodAdapter: ContractAdapter = Object.freeze({
  format: ZOD_FORMAT,
  detect: isZodSchema,
  adapt: adaptZod,
  export: (contract: CanonicalContract): unknown => contractToZod(contract),
});
