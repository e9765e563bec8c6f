/**
 * Contract text → a JSON value. A string contract is parsed as JSON first and, if that
 * fails, as YAML (a JSON document is also YAML, but JSON's error messages are clearer and
 * its parser stricter). Text that is neither, or YAML that holds several documents or
 * values JSON cannot carry, is an `InvalidContractError` with code `INVALID_JSON` (and,
 * like every contract error, that one problem in `context.problems`).
 */
import type { InvalidContractError } from '@paxman/core';
import { invalidContractError } from './contract-error.js';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

// YAML is only needed for contract text that is not JSON: required on use (Node keeps
// the loaded module), so importing Paxman does not pay for the YAML parser.
function loadYaml(): typeof Yaml {
  return createRequire(import.meta.url)('yaml') as typeof Yaml;
}

/**
 * Parses contract text as JSON, then YAML.
 * @example parseContractSource('id: invoice\nfields: []') // { id: 'invoice', fields: [] }
 */
export function parseContractSource(text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '');
  let jsonError: string;
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    jsonError = error instanceof Error ? error.message : String(error);
  }
  const documents = loadYaml().parseAllDocuments(trimmed, { uniqueKeys: true, prettyErrors: false });
  const yamlProblem = yamlDocumentProblem(documents);
  if (yamlProblem === null) {
    let value: unknown;
    try {
      value = (documents as Yaml.Document.Parsed[])[0]!.toJS({ maxAliasCount: 100 });
    } catch (error) {
      // e.g. an alias to an anchor that does not exist (`*x`), or an alias bomb.
      throw notJson(`Contract text is neither JSON (${jsonError}) nor valid YAML (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (value !== null && typeof value === 'object') return value;
    throw notJson(`Contract text is a YAML ${value === null ? 'null' : typeof value}, not a mapping.`);
  }
  throw notJson(`Contract text is neither JSON (${jsonError}) nor YAML (${yamlProblem}).`);
}

function notJson(message: string): InvalidContractError {
  return invalidContractError([{ code: 'INVALID_JSON', path: '', message }]);
}

function yamlDocumentProblem(documents: ReturnType<typeof Yaml.parseAllDocuments>): string | null {
  if (!Array.isArray(documents)) return 'empty stream';
  if (documents.length !== 1) return documents.length === 0 ? 'no document' : `${documents.length} documents in one stream`;
  const [document] = documents;
  if (document!.errors.length > 0) return document!.errors[0]!.message;
  return null;
}
