/**
 * Knowledge is data: finds the words of the built-in lexicon packs (their concept terms, word
 * classes, number words and calendar names, `packages/knowledge/src/packs/lexicon/*.json`) written into capability,
 * document or reconciler source — in regular expression literals and in short string
 * literals (word lists, labels), where a language's word would be knowledge in code.
 * Concept ids and word-class names (the data's keys), enum-like constants (`'DATE'`), ids in
 * kebab or snake case or with a namespace (`party-block`, `calendar_date`,
 * `payment:cash-change`), a property tested with `in`, the members of the string-literal types
 * the code declares (`type Semantic = 'url' | 'place'` makes `semantic === 'place'` code), and
 * prose (messages of five words or more) are not words of a language here. What is left and
 * still not language knowledge — a name a standard defines (an e-mail header, an HTML
 * element) or a short message — is listed, each with its reason, in
 * `pack-terms-allowed.json`.
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
/** Where the code declares its string-literal types: the checked folders and the packages they build on. */
const TYPE_FOLDERS = [...CHECKED_FOLDERS, 'packages/core/src', 'packages/contract/src', 'packages/values/src', 'packages/knowledge/src', 'packages/reading/src', 'packages/capability-spi/src'];
/** The reviewed exceptions, each with its reason. */
const ALLOWED_FILE = 'tooling/scripts/pack-terms-allowed.json';
/** Terms shorter than this are not searched for ("no", "st", "to" are everywhere). */
const SHORTEST_TERM = 3;
/** A string literal with this many words or more is prose (a message), not a word list. */
const PROSE_WORDS = 5;
/** What `typeof` answers: names of JavaScript types, not words of a language. */
const TYPEOF_NAMES = new Set(['number', 'string', 'boolean', 'object', 'function', 'bigint', 'symbol', 'undefined']);
/** An identifier spelled in kebab case (`party-block`, `email-header`): a key of the code's own data. */
const KEBAB_ID = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;
/** An identifier spelled in snake case (`calendar_date`, `money_currency`): a check's or a format's name. */
const SNAKE_ID = /^[a-z0-9]+(?:_[a-z0-9]+)+$/;
/** A namespaced identifier (`payment:cash-change`, `format:date`): a pattern's or a check's name. */
const NAMESPACED_ID = /^[a-z]+:[a-z0-9_-]+$/;
/** A reference key with a sigil (`@document`): a name the code's own data gives a thing. */
const SIGIL_ID = /^@[a-z][\w-]*$/;
/** A path-like key (`explicit_evidence/cell-lines`, `@tesseract.js-data/eng`): a memo key or a package name. */
const PATH_KEY = /^@?[\w.-]+(?:\/[\w.-]+)+$/;

const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken]);

/**
 * True where a literal stands as a value of a literal type — compared, a case, returned,
 * chosen, assigned, or in a list of such values only — rather than as an element of a word list or an argument searched for
 * (`words.includes('url')` stays a word even when `'url'` names a case).
 */
function isValuePosition(node, literalTypes) {
  const parent = node.parent;
  if (ts.isBinaryExpression(parent)) return EQUALITY.has(parent.operatorToken.kind) || (parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === node);
  // A list of cases (`['code', 'symbol', 'document'] as const`): every element names a case, none is a word of a list.
  if (ts.isArrayLiteralExpression(parent)) return parent.elements.every((element) => ts.isStringLiteral(element) && literalTypes.has(element.text));
  if (ts.isConditionalExpression(parent)) return parent.condition !== node;
  return ts.isCaseClause(parent) || ts.isReturnStatement(parent) || ts.isArrowFunction(parent) || (ts.isPropertyAssignment(parent) && parent.initializer === node) || (ts.isVariableDeclaration(parent) && parent.initializer === node) || (ts.isParameter(parent) && parent.initializer === node);
}

/** True for a string literal that is code, not text: a type, an indexed key, an import, a typeof name, an id, a declared literal type's member. */
function isCodeLiteral(node, value, literalTypes) {
  const parent = node.parent;
  // A property tested by name (`'amount' in value`).
  if (ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.InKeyword) return true;
  if (literalTypes.has(value) && isValuePosition(node, literalTypes)) return true;
  // A regular expression's flags (`new RegExp(source, 'giu')`).
  if ((ts.isNewExpression(parent) || ts.isCallExpression(parent)) && ts.isIdentifier(parent.expression) && parent.expression.text === 'RegExp' && parent.arguments?.[1] === node) return true;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent)) return true;
  if (ts.isLiteralTypeNode(parent) || ts.isIndexedAccessTypeNode(parent)) return true;
  // A property read by name (`detail['item']`) or named in an object literal (`{ 'total': … }`).
  if ((ts.isElementAccessExpression(parent) && parent.argumentExpression === node) || (ts.isPropertyAssignment(parent) && parent.name === node)) return true;
  return TYPEOF_NAMES.has(value) || KEBAB_ID.test(value) || SNAKE_ID.test(value) || NAMESPACED_ID.test(value) || SIGIL_ID.test(value) || PATH_KEY.test(value) || /^[A-Z0-9_]+$/.test(value);
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
    for (const word of Object.keys(pack.lexicon?.numbers ?? {})) terms.add(words(word).join(' '));
    const calendar = pack.lexicon?.calendar;
    for (const list of [...(calendar?.months ?? []), ...(calendar?.weekdays ?? []), calendar?.connectors ?? [], calendar?.yearMarkers ?? []]) {
      for (const term of list) terms.add(words(term).join(' '));
    }
  }
  return { terms: [...terms].filter((term) => term.replace(/ /g, '').length >= SHORTEST_TERM).sort(), keys };
}

/**
 * The members of the string-literal types a source text declares (`type Semantic = 'url' |
 * 'place'`, `source: 'above' | 'block'`): the code's own names for its cases.
 */
export function literalTypesIn(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const members = new Set();
  const visit = (node) => {
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) members.add(node.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return members;
}

/** The reviewed exceptions (`pack-terms-allowed.json`): `file` → the literals allowed there. */
export function allowedLiterals(root) {
  const entries = JSON.parse(readFileSync(join(root, ALLOWED_FILE), 'utf8'));
  const byFile = new Map();
  for (const { file, literal, reason } of entries) {
    if (typeof file !== 'string' || typeof literal !== 'string' || typeof reason !== 'string' || reason.trim().length === 0) throw new Error(`${ALLOWED_FILE}: every entry needs a file, a literal and a reason (${JSON.stringify({ file, literal })})`);
    byFile.set(file, new Set([...(byFile.get(file) ?? []), literal]));
  }
  return byFile;
}

/** The literals of one source text that hold a pack term: `{ line, literal, terms }`. */
export function termsIn(fileName, text, vocabulary, options = {}) {
  const literalTypes = options.literalTypes ?? new Set();
  const allowed = options.allowed ?? new Set();
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    let literal = null;
    // A regular expression literal without its flags (`/…/giu`).
    if (ts.isRegularExpressionLiteral(node)) literal = node.text.slice(0, node.text.lastIndexOf('/') + 1);
    else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const value = node.text;
      if (!isCodeLiteral(node, value, literalTypes) && !vocabulary.keys.has(value) && words(value).length < PROSE_WORDS) literal = value;
    }
    if (literal !== null && allowed.has(literal)) literal = null;
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
  const allowed = allowedLiterals(root);
  const literalTypes = new Set();
  for (const folder of TYPE_FOLDERS) for (const file of sourceFiles(join(root, folder))) for (const member of literalTypesIn(file, readFileSync(file, 'utf8'))) literalTypes.add(member);
  const byFile = {};
  for (const folder of CHECKED_FOLDERS) {
    for (const file of sourceFiles(join(root, folder))) {
      const found = termsIn(file, readFileSync(file, 'utf8'), vocabulary, { literalTypes, allowed: allowed.get(relative(root, file)) ?? new Set() });
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
