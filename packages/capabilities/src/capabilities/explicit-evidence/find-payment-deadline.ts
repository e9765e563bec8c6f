/**
 * A payment sentence's deadline: "Zahlbar innerhalb von 14 Tagen ohne Abzug bis zum
 * 21.04.2025", "Bitte überweisen Sie den Betrag bis zum 21.04.2025", "Paiement au plus tard
 * le 11 juin 2025", "Please pay within 14 days, by 21 April 2025". Invoices state their due
 * date in such a sentence as often as under a label; no label of the packs stands next to
 * the date, so the key-value and inline finders never read it.
 *
 * The line holds a word of the packs' `payment-words`, then — after it, in the same sentence
 * — a connector of `deadline-connectors` right before a date. Only a line with exactly one
 * such deadline is read (two are a discount term and the net term, or two instalments), and
 * never a line that names a discount (`discount-words`: "Bei Zahlung bis zum 14.04.2025 2 %
 * Skonto" gives the discount's deadline, not the due date). The date is read as a label in
 * running text is (placement `inline`, `detail.placement: 'payment-sentence'`), for a field
 * whose concepts include `due-date` only.
 *
 * Read once per run (the run memo), each distinct line text once.
 */
import type { LabelMatch } from '../shared/label-match.js';
import { type KeyedDateReading, type LineWord, keyedDatesOfLines, lineWords } from './line-dates.js';
import { inItemRow, recordLabelledValue, type SearchContext } from './search-context.js';

/** Most words a deadline's date has ("3 de abril de 2025"). */
const DATE_WORDS = 6;
/** Punctuation that may close a word of a sentence without being part of it. */
const CLOSING_MARKS = /[.,;:!?)]+$/u;
/** Where a sentence ends inside a line: a full stop, a question or exclamation mark or a semicolon, then a capital. */
const SENTENCE_END = /[.!?;]$/u;

/** A deadline as read in its line's text: the key is the deadline connector ("bis zum"). */
interface DeadlineReading extends KeyedDateReading {
  /** The payment word as printed ("Zahlbar"). */
  readonly payment: string;
}

/** The date from word `from` on: the longest run of at most `DATE_WORDS` words that reads as a date, its closing marks left out. */
function dateFrom(context: SearchContext, text: string, words: readonly LineWord[], from: number): { readonly start: number; readonly end: number; readonly text: string } | null {
  const first = words[from];
  if (first === undefined) return null;
  for (let last = Math.min(words.length - 1, from + DATE_WORDS - 1); last >= from; last -= 1) {
    const raw = text.slice(first.start, words[last]!.end);
    const dateText = raw.replace(CLOSING_MARKS, '');
    if (dateText.length === 0 || !/\d/.test(dateText)) continue;
    if (context.recognizers.parseValue('DATE', dateText, context.recognizerOptions) !== null) return { start: first.start, end: first.start + dateText.length, text: dateText };
  }
  return null;
}

/** True when a sentence ends between words `from` and `to` (a word closing it, the next one capitalized). */
function sentenceEndsBetween(words: readonly LineWord[], from: number, to: number): boolean {
  for (let index = from; index < to; index += 1) {
    if (SENTENCE_END.test(words[index]!.text) && /^\p{Lu}/u.test(words[index + 1]?.text ?? '')) return true;
  }
  return false;
}

/** The one deadline of a payment sentence in a line's text, or null. */
function readDeadline(context: SearchContext, text: string): DeadlineReading | null {
  const { layout } = context;
  // Most lines name no payment: they are set aside by one pass over their words.
  if (!/\d/.test(text) || !layout.mentions('payment-words', text) || layout.mentions('discount-words', text)) return null;
  const words = lineWords(text);
  const texts = words.map((word) => word.text.replace(CLOSING_MARKS, ''));
  let payment = -1;
  for (let index = 0; index < texts.length && payment < 0; index += 1) if (layout.lengthAt('payment-words', texts, index) > 0) payment = index;
  if (payment < 0) return null;
  let found: DeadlineReading | null = null;
  for (let index = payment + 1; index < words.length; index += 1) {
    const length = layout.lengthAt('deadline-connectors', texts, index);
    if (length === 0) continue;
    const date = dateFrom(context, text, words, index + length);
    if (date === null) continue;
    // A deadline of another sentence than the payment word's is not the payment's.
    if (sentenceEndsBetween(words, payment, index)) return found;
    // Two deadlines (a discount and the net term, two instalments): which is due is not said.
    if (found !== null) return null;
    found = { keyStart: words[index]!.start, keyEnd: words[index + length - 1]!.end, dateStart: date.start, dateEnd: date.end, dateText: date.text, payment: words[payment]!.text.replace(CLOSING_MARKS, '') };
    index += length;
  }
  return found;
}

/** The field's due date from the document's payment sentences (none in an item row of a record set). */
export function findInPaymentDeadlines(context: SearchContext): void {
  if (context.reading.fieldType !== 'DATE' || !context.labels.concepts.includes('due-date')) return;
  const deadlines = keyedDatesOfLines(context, 'explicit_evidence/payment-deadlines', (text): readonly DeadlineReading[] => {
    const deadline = readDeadline(context, text);
    return deadline === null ? [] : [deadline];
  });
  for (const deadline of deadlines) {
    if (inItemRow(context, deadline.dateSpan)) continue;
    const key = context.index.normalizeLabel(deadline.keyText).text;
    const match: LabelMatch = { strength: 'synonym', label: key, normalizedKey: key, currency: null, specificity: 1 };
    recordLabelledValue(context, {
      match,
      keySpan: deadline.keySpan,
      valueSpan: deadline.dateSpan,
      valueText: deadline.dateText,
      structured: false,
      structure: 'inline',
      detail: { placement: 'payment-sentence', payment: deadline.reading.payment },
    });
  }
}
