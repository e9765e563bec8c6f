/**
 * The validation boundary for rows (ARRAY of OBJECT fields: an invoice's lines): a model's
 * answer `{"items": [{<member>: <value>, …, "quote": "<the row as printed>"}]}` is kept
 * row by row. A row stands only when its quote occurs in the source (not on a line that
 * reads as an instruction to the model) and every value kept states itself in that quote,
 * parsed to its member's type — the same rules as a single value (`quotedValue`). A
 * member the quote does not state is left out; a row whose required member is left out is
 * dropped, with the reason. `{"absent": true}` says the document prints no such rows.
 */
import { type JsonValue, isPlainObject, looksLikeInstruction } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { enclosingLines, groundQuote } from './grounding.js';
import { parseAnswer, quotedValue } from './parse-inference-output.js';

/** One row a model stated, grounded: its members' values, its quote and where the quote is. */
export interface GroundedRow {
  readonly value: Readonly<Record<string, JsonValue>>;
  readonly quote: string;
  readonly span: { readonly start: number; readonly end: number };
}

export type RecordsVerdict =
  | { readonly kind: 'rows'; readonly rows: readonly GroundedRow[]; readonly dropped: readonly { readonly row: number; readonly reason: string }[] }
  | { readonly kind: 'absent' }
  | { readonly kind: 'unknown'; readonly reason: string };

/** Most rows read from one answer: more is a runaway answer, not a document's rows. */
const MAX_ROWS = 500;

/** One row of the answer, or why it is not kept. */
function groundRow(field: CanonicalField, raw: unknown, sourceText: string): GroundedRow | { reason: string } {
  if (!isPlainObject(raw)) return { reason: 'the row is not an object' };
  const quote = raw['quote'];
  if (typeof quote !== 'string' || quote.trim().length === 0) return { reason: 'the row has no quote' };
  const members = new Map(field.fields.map((member) => [member.name, member]));
  const unknownKeys = Object.keys(raw).filter((key) => key !== 'quote' && !members.has(key));
  if (unknownKeys.length > 0) return { reason: `the row has keys that are no members: ${unknownKeys.sort().join(', ')}` };
  if (looksLikeInstruction(quote)) return { reason: 'the quote reads as an instruction to the model' };
  const grounded = groundQuote(sourceText, quote);
  if (grounded === null) return { reason: 'the quote does not occur in the source' };
  if (looksLikeInstruction(enclosingLines(sourceText, grounded.start, grounded.end))) return { reason: 'the quote comes from document text that reads as an instruction to the model' };
  // The values must be stated by the document's own text there, spacing as printed.
  const printed = sourceText.slice(grounded.start, grounded.end);
  const value: Record<string, JsonValue> = {};
  for (const member of field.fields) {
    const given = raw[member.name];
    const stated = given === undefined || given === null ? { reason: 'not given' } : quotedValue(member, given, printed);
    if ('reason' in stated) {
      if (member.required) return { reason: `its required member ${member.name}: ${stated.reason}` };
      continue;
    }
    value[member.name] = stated.value;
  }
  if (Object.keys(value).length === 0) return { reason: 'the row states no member' };
  return { value, quote: printed, span: { start: grounded.start, end: grounded.end } };
}

/**
 * Classifies a raw model answer for the ARRAY-of-OBJECT `field` against the source text it
 * was given.
 * @example parseRecordsOutput('{"items": [{"description": "Lens", "amount": "84.50", "quote": "Lens 84.50"}]}', { field, sourceText })
 */
export function parseRecordsOutput(raw: string, options: { readonly field: CanonicalField; readonly sourceText: string }): RecordsVerdict {
  const { field, sourceText } = options;
  if (typeof raw !== 'string' || raw.trim().length === 0) return { kind: 'unknown', reason: 'empty answer' };
  const answer = parseAnswer(raw);
  if (!isPlainObject(answer)) return { kind: 'unknown', reason: 'the answer is not one JSON object' };
  const keys = Object.keys(answer).sort().join(',');
  if (keys === 'absent') return answer['absent'] === true ? { kind: 'absent' } : { kind: 'unknown', reason: '"absent" must be true' };
  if (keys !== 'items' || !Array.isArray(answer['items'])) return { kind: 'unknown', reason: `the answer must have exactly "items" (a list), got ${keys || 'no keys'}` };
  const given = answer['items'] as unknown[];
  if (given.length > MAX_ROWS) return { kind: 'unknown', reason: `the answer lists ${given.length} rows (more than ${MAX_ROWS})` };
  const rows: GroundedRow[] = [];
  const dropped: { row: number; reason: string }[] = [];
  given.forEach((item, index) => {
    const row = groundRow(field, item, sourceText);
    if ('reason' in row) dropped.push({ row: index, reason: row.reason });
    else rows.push(row);
  });
  if (rows.length === 0) return { kind: 'unknown', reason: given.length === 0 ? 'the answer lists no rows (absent must be said as {"absent": true})' : `no row is grounded (${dropped[0]!.reason})` };
  return { kind: 'rows', rows, dropped };
}
