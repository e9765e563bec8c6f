/**
 * Knowledge is data: finds the words of the built-in lexicon packs (their concept terms and
 * word classes, `packages/knowledge/src/packs/lexicon/*.json`) written into capability,
 * document or reconciler source — in regular expression literals and in short string
 * literals (word lists, labels), where a language's word would be knowledge in code.
 * Concept ids and word-class names (the data's keys), enum-like constants (`'DATE'`) and
 * prose (messages of five words or more) are not words of a language here.
 *
 * The code still holds knowledge that predates the packs; `pack-terms-baseline.json`
 * records how many such literals each file has. The check fails when a file gains one (or a
 * new file has one), so the debt only shrinks; `--update` rewrites the baseline after a
 * file lost some.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './check-module-state.mjs';

/** The folders whose code must hold no language's words. */
export const CHECKED_FOLDERS = ['packages/capabilities/src', 'packages/document/src', 'packages/reconciler/src'];
/** Terms shorter than this are not searched for ("no", "st", "to" are everywhere). */
const SHORTEST_TERM = 3;
/** A string literal with this many words or more is prose (a message), not a word list. */
const PROSE_WORDS = 5;
/** What `typeof` answers: names of JavaScript types, not words of a language. */
const TYPEOF_NAMES = new Set(['number', 'string', 'boolean', 'object', 'function', 'bigint', 'symbol', 'undefined']);
/** An identifier spelled in kebab case (`party-block`, `email-header`): a key of the code's own data. */
const KEBAB_ID = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;
/** A path-like key (`explicit_evidence/cell-lines`, `@tesseract.js-data/eng`): a memo key or a package name. */
const PATH_KEY = /^@?[\w.-]+(?:\/[\w.-]+)+$/;

/** True for a string literal that is code, not text: a type, an indexed key, an import, a typeof name, an id. */
function isCodeLiteral(node, value) {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent) || ts.isIndexedAccessTypeNode(parent)) return true;
  // A property read by name (`detail['item']`) or named in an object literal (`{ 'total': … }`).
  if ((ts.isElementAccessExpression(parent) && parent.argumentExpression === node) || (ts.isPropertyAssignment(parent) && parent.name === node)) return true;
  return TYPEOF_NAMES.has(value) || KEBAB_ID.test(value) || PATH_KEY.test(value) || /^[A-Z0-9_]+$/.test(value);
}

function fold(text) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function words(text) {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The terms of the built-in lexicon packs as word sequences, and the keys that are not terms. */
export function packVocabulary(root) {
  const folder = join(root, 'packages/knowledge/src/packs/lexicon');
  const terms = new Set();
  const keys = new Set();
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')).sort()) {
    const pack = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    for (const [concept, list] of Object.entries(pack.lexicon?.concepts ?? {})) {
      keys.add(concept);
      for (const term of list) terms.add(words(term).join(' '));
    }
    for (const [wordClass, list] of Object.entries(pack.lexicon?.words ?? {})) {
      keys.add(wordClass);
      for (const term of list) terms.add(words(term).join(' '));
    }
  }
  return { terms: [...terms].filter((term) => term.replace(/ /g, '').length >= SHORTEST_TERM).sort(), keys };
}

/** The literals of one source text that hold a pack term: `{ line, literal, terms }`. */
export function termsIn(fileName, text, vocabulary) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    let literal = null;
    if (ts.isRegularExpressionLiteral(node)) literal = node.text;
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.text;
      if (!isCodeLiteral(node, value) && !vocabulary.keys.has(value) && words(value).length < PROSE_WORDS) literal = value;
    }
    if (literal !== null) {
      const sequence = ` ${words(literal.replace(/\\[bBdDsSwWpPu]/g, ' ')).join(' ')} `;
      const hits = vocabulary.terms.filter((term) => sequence.includes(` ${term} `));
      if (hits.length > 0) found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, literal: literal.length > 80 ? `${literal.slice(0, 77)}...` : literal, terms: hits });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every checked file with its literals that hold pack terms. */
export function findPackTerms(root) {
  const vocabulary = packVocabulary(root);
  const byFile = {};
  for (const folder of CHECKED_FOLDERS) {
    for (const file of sourceFiles(join(root, folder))) {
      const found = termsIn(file, readFileSync(file, 'utf8'), vocabulary);
      if (found.length > 0) byFile[relative(root, file)] = found;
    }
  }
  return byFile;
}

/** Files whose count of literals with pack terms exceeds the baseline: `{ file, baseline, found }`. */
export function overBaseline(byFile, baseline) {
  return Object.entries(byFile)
    .filter(([file, found]) => found.length > (baseline[file] ?? 0))
    .map(([file, found]) => ({ file, baseline: baseline[file] ?? 0, found }));
}
