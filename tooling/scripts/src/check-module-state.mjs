/**
 * Finds module-level mutable state in TypeScript sources (ARCHITECTURE §2: state belongs to
 * an instance or to a run). A top-level declaration is state when it is
 * - a `let` or `var`;
 * - a `const` made by `new WeakMap(…)`, `new WeakSet(…)`, or an empty `new Map()`/`new Set()`
 *   (filled later: a cache), or an empty array literal `[]` (a list filled later).
 * Constant tables are fine: a `Map`/`Set` built from entries, frozen objects, regexes, and
 * `lazyConstant(…)` (a value that depends on the source alone, computed on first use).
 * Tests, fixtures and benches are not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const SKIPPED_FILE = /(\.test\.ts|\.test-d\.ts|\.bench\.ts|\.d\.ts)$/;
const SKIPPED_FOLDER = new Set(['node_modules', 'dist', '__fixtures__', '__snapshots__', 'test', 'bench']);

/** Every `.ts` source under `folder`, tests and fixtures left out. */
export function sourceFiles(folder) {
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDER.has(entry.name)) files.push(...sourceFiles(join(folder, entry.name)));
    } else if (entry.name.endsWith('.ts') && !SKIPPED_FILE.test(entry.name)) {
      files.push(join(folder, entry.name));
    }
  }
  return files.sort();
}

function isEmptyCollection(node) {
  if (ts.isArrayLiteralExpression(node)) return node.elements.length === 0;
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression)) return false;
  const name = node.expression.text;
  if (name === 'WeakMap' || name === 'WeakSet') return true;
  return (name === 'Map' || name === 'Set') && (node.arguments === undefined || node.arguments.length === 0);
}

/** The module-level state declared in one source text: `{ line, name, why }` per declaration. */
export function moduleStateIn(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const line = source.getLineAndCharacterOfPosition(declaration.getStart()).line + 1;
      const name = declaration.name.getText(source);
      if (!isConst) found.push({ line, name, why: `a module-level ${(list.flags & ts.NodeFlags.Let) !== 0 ? 'let' : 'var'}` });
      else if (declaration.initializer && isEmptyCollection(declaration.initializer)) found.push({ line, name, why: `a module-level cache (${declaration.initializer.getText(source).slice(0, 40)})` });
    }
  }
  return found;
}

/** Every module-level state declaration in the packages and apps under `root`. */
export function checkModuleState(root) {
  const problems = [];
  for (const group of ['packages', 'apps']) {
    let names;
    try {
      names = readdirSync(join(root, group), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    } catch {
      continue;
    }
    for (const name of names.sort()) {
      let files;
      try {
        files = sourceFiles(join(root, group, name, 'src'));
      } catch {
        continue;
      }
      for (const file of files) {
        for (const { line, name: declared, why } of moduleStateIn(file, readFileSync(file, 'utf8'))) {
          problems.push(`${relative(root, file)}:${line} \`${declared}\` is ${why}; keep it in an instance or a run`);
        }
      }
    }
  }
  return problems;
}
