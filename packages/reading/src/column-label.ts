/**
 * A column's own name printed in a cell in place of a value: a generator that fills a
 * product's name and its (empty) description prints `PRESTATION SUPPORT - Description`, or
 * `… - Description de l'article`. The last part after a spaced dash that says nothing but
 * the column's name (its words are header terms of the cell's concept, bar short joining
 * words) is a label, no part of the value; the cell keeps the part before it. The terms are
 * data (`@paxman/knowledge`); this module knows no word of any language.
 */
import type { RecordCell } from './record-set.js';
import { type HeaderTerms, findTerms } from './header-terms.js';

const SEPARATOR = / [-–—] /gu;
/** Share of a part's letters the column's terms must cover (the rest: joining words such as `de l'`). */
const LABEL_COVERAGE = 0.75;

function letterCount(text: string): number {
  return [...text].filter((character) => /\p{L}/u.test(character)).length;
}

/** True when `text` is only the name of a column of `concept` (with joining words). */
function namesColumn(text: string, concept: string, terms: HeaderTerms): boolean {
  const hits = findTerms(text, terms.terms).filter((hit) => hit.concept === concept);
  const letters = letterCount(text);
  if (hits.length === 0 || letters === 0) return false;
  const covered = hits.reduce((sum, hit) => sum + letterCount(text.slice(hit.start, hit.end)), 0);
  return covered / letters >= LABEL_COVERAGE;
}

/** The cell without a trailing column label (`NAME - Description` → `NAME`); the cell itself when it has none. */
export function withoutColumnLabel(cell: RecordCell, concept: string, terms: HeaderTerms): RecordCell {
  const separators = [...cell.text.matchAll(SEPARATOR)];
  const last = separators[separators.length - 1];
  if (last === undefined) return cell;
  const head = cell.text.slice(0, last.index).trimEnd();
  const tail = cell.text.slice(last.index + last[0].length);
  if (letterCount(head) < 2 || !namesColumn(tail, concept, terms)) return cell;
  // The span keeps its start; it ends where the kept text ends when the text is the span's own.
  const end = cell.span.end - cell.span.start === cell.text.length ? cell.span.start + head.length : cell.span.end;
  return { ...cell, text: head, span: { ...cell.span, end } };
}
