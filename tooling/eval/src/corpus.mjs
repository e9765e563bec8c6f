/**
 * Reads an evaluation corpus in the layout of `../shared/eval/README.md`:
 * `contract.json` plus `cases/<id>.<ext>` and `cases/<id>.expected.json`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/** Field name → type of a flat Dict DSL contract (nested fields by dotted path). */
export function fieldTypesOf(contract) {
  const types = {};
  const visit = (fields, prefix) => {
    for (const field of fields ?? []) {
      const path = prefix ? `${prefix}.${field.name}` : field.name;
      types[path] = field.type;
      if (Array.isArray(field.fields)) visit(field.fields, field.type === 'ARRAY' ? `${path}[]` : path);
    }
  };
  visit(contract.fields, '');
  return types;
}

/** Loads a corpus folder: `{ name, contract, fieldTypes, cases: [{ id, inputPath, expected }] }`. */
export function loadCorpus(folder) {
  const contractPath = join(folder, 'contract.json');
  if (!existsSync(contractPath)) throw new Error(`${folder} is not a corpus: contract.json is missing.`);
  const contract = JSON.parse(readFileSync(contractPath, 'utf8'));
  const caseFolder = join(folder, 'cases');
  const files = readdirSync(caseFolder).sort();
  const cases = [];
  for (const file of files) {
    if (!file.endsWith('.expected.json')) continue;
    const id = file.slice(0, -'.expected.json'.length);
    const inputs = files.filter((candidate) => candidate !== file && !candidate.endsWith('.expected.json') && candidate.slice(0, candidate.lastIndexOf('.')) === id);
    if (inputs.length !== 1) throw new Error(`Case ${id} in ${folder} must have exactly one input file, found ${inputs.length}.`);
    cases.push({ id, inputPath: join(caseFolder, inputs[0]), expected: JSON.parse(readFileSync(join(caseFolder, file), 'utf8')) });
  }
  return { name: basename(folder), folder, contract, fieldTypes: fieldTypesOf(contract), cases };
}

/** Every corpus folder directly under `root` (those with a contract.json). */
export function listCorpora(root) {
  return readdirSync(root)
    .sort()
    .map((name) => join(root, name))
    .filter((folder) => existsSync(join(folder, 'contract.json')));
}
