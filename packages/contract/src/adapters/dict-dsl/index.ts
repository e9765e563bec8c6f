/**
 * The Dict DSL adapter (`@paxman/contract/dict-dsl`): Paxman's own plain-object contract
 * format. `dictDslAdapter` implements `ContractAdapter`; `adaptDictDsl` and
 * `exportDictDsl` are the same two directions as plain functions.
 */
import type { ContractAdapter } from '../../adapter.js';
import { isPlainObject } from '@paxman/core';
import { DICT_DSL_FORMAT, adaptDictDsl } from './adapt-dict-dsl.js';
import { exportDictDsl } from './export-dict-dsl.js';

export { DICT_DSL_FORMAT, adaptDictDsl } from './adapt-dict-dsl.js';
export { exportDictDsl, type DictDslContract } from './export-dict-dsl.js';
export { DSL_POLICY_KEYS } from './policy-keys.js';

/**
 * True for an object with a `fields` list whose entries are not canonical fields (those
 * carry `path` and `id`; a `CanonicalContract` is not a Dict DSL document). Other keys,
 * such as `description` or `title`, do not matter.
 */
export function isDictDsl(source: unknown): boolean {
  if (!isPlainObject(source) || !Array.isArray(source.fields)) return false;
  return !source.fields.some((field) => isPlainObject(field) && typeof field.path === 'string' && typeof field.id === 'string');
}

/** The Dict DSL adapter. */
export const dictDslAdapter: ContractAdapter = Object.freeze({
  format: DICT_DSL_FORMAT,
  detect: isDictDsl,
  adapt: (source: unknown) => adaptDictDsl(source),
  export: exportDictDsl,
});
