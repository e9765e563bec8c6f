/**
 * A letter's date line: a place, a comma, maybe a connector, and the date — "München, den
 * 01.11.2024", "Paris, le 3 avril 2025", "Madrid, a 3 de abril de 2025", "Milano, 3 aprile
 * 2025". The date a document prints under its place is the document's own date: an
 * invoice's or a letter's issue date.
 *
 * The place opens its line or its column (after a gap of two spaces or more) and is one to
 * four words, each capitalized or a place connector of the packs ("Frankfurt am Main");
 * the date ends its line or its column. With a connector of the packs'
 * `dateline-connectors` ("den", "le", "dnia") between the comma and the date, the date is
 * read as a labelled value is; with none, by its place alone, a step below (as a label in
 * running text is). A place in running text ("… in Berlin, 14.03.2025 …") is no date line.
 *
 * Date lines are read once per run (the run memo), each distinct line text once; each
 * issue-date field takes them.
 */
import type { LabelMatch } from '../shared/label-match.js';
import { COLUMN_GAP, type KeyedDateReading, type LineWord, keyedDatesOfLines, lineWords } from './line-dates.js';
import { inItemRow, recordLabelledValue, type SearchContext } from './search-context.js';

/** Most words a place name of a date line has ("Freiburg im Breisgau"). */
const PLACE_WORDS = 4;
/** Most words a date of a date line has ("3 de abril de 2025"). */
const DATE_WORDS = 6;
/** A capitalized word of a place name: letters, with the dots, hyphens and apostrophes names carry ("St.", "Aix-en-Provence"). */
const PLACE_WORD = /^\p{Lu}[\p{L}.'’-]*$/u;

/** A date line as read in its line's text: the key is the place and its comma, with the connector when there is one ("München, den"). */
interface DatelineReading extends KeyedDateReading {
  /** The connector as printed, or '' when the date follows the comma. */
  readonly connector: string;
}

/** Where the place before the comma word at `comma` starts (a word index), or -1 when the words before it are no place opening a line or column. */
function placeStart(context: SearchContext, words: readonly LineWord[], comma: number): number {
  const texts = words.map((word) => word.text);
  for (let first = comma; first >= 0 && comma - first < PLACE_WORDS; first -= 1) {
    const word = words[first]!;
    const text = first === comma ? word.text.slice(0, -1) : word.text;
    const capitalized = PLACE_WORD.test(text);
    // A connector inside the name ("am" in "Frankfurt am Main"), never at its ends.
    const connector = !capitalized && first !== comma && context.layout.lengthAt('place-connectors', texts, first) === 1;
    if (!capitalized && !connector) return -1;
    if (word.gap >= COLUMN_GAP) return capitalized ? first : -1;
  }
  return -1;
}

/**
 * The date after word `from`: the run of single-spaced words from there, which must end its
 * line or column, read as a date whole or but for one trailing word ("03.04.2025 r.").
 */
function dateAfter(context: SearchContext, text: string, words: readonly LineWord[], from: number): { readonly start: number; readonly end: number; readonly text: string } | null {
  const first = words[from];
  if (first === undefined) return null;
  let last = from;
  while (last + 1 < words.length && words[last + 1]!.gap < COLUMN_GAP) {
    last += 1;
    if (last - from >= DATE_WORDS) return null;
  }
  for (let end = last; end >= Math.max(from, last - 1); end -= 1) {
    const dateText = text.slice(first.start, words[end]!.end);
    if (context.recognizers.parseValue('DATE', dateText, context.recognizerOptions) !== null) return { start: first.start, end: words[end]!.end, text: dateText };
  }
  return null;
}

/** The date lines of one line's text. */
function readDatelines(context: SearchContext, text: string): readonly DatelineReading[] {
  if (!text.includes(',')) return [];
  const words = lineWords(text);
  const texts = words.map((word) => word.text);
  const found: DatelineReading[] = [];
  for (let comma = 0; comma < words.length - 1; comma += 1) {
    const word = words[comma]!;
    if (!word.text.endsWith(',') || word.text.length < 3) continue;
    const start = placeStart(context, words, comma);
    if (start < 0) continue;
    const connectorWords = words[comma + 1]!.gap < COLUMN_GAP ? context.layout.lengthAt('dateline-connectors', texts, comma + 1) : 0;
    // With no connector, the place, its comma and the date are one column: a date in the next column is a table's cell.
    if (connectorWords === 0 && words[comma + 1]!.gap >= COLUMN_GAP) continue;
    const date = dateAfter(context, text, words, comma + 1 + connectorWords);
    if (date === null) continue;
    const keyEnd = connectorWords > 0 ? words[comma + connectorWords]!.end : word.end;
    found.push({
      keyStart: words[start]!.start,
      keyEnd,
      dateStart: date.start,
      dateEnd: date.end,
      dateText: date.text,
      connector: connectorWords > 0 ? texts.slice(comma + 1, comma + 1 + connectorWords).join(' ') : '',
    });
  }
  return found;
}

/** The field's issue date from the document's date lines (none in an item row of a record set: that is a row's description and its date). */
export function findInDatelines(context: SearchContext): void {
  if (context.reading.fieldType !== 'DATE' || !context.labels.concepts.includes('issue-date')) return;
  for (const line of keyedDatesOfLines(context, 'explicit_evidence/datelines', (text) => readDatelines(context, text))) {
    if (inItemRow(context, line.dateSpan)) continue;
    const key = context.index.normalizeLabel(line.keyText).text;
    const match: LabelMatch = { strength: 'synonym', label: key, normalizedKey: key, currency: null, specificity: 1 };
    const connected = line.reading.connector !== '';
    recordLabelledValue(context, {
      match,
      keySpan: line.keySpan,
      valueSpan: line.dateSpan,
      valueText: line.dateText,
      structured: false,
      structure: connected ? 'dateline' : 'inline',
      detail: connected ? { connector: line.reading.connector } : { placement: 'dateline' },
    });
  }
}
