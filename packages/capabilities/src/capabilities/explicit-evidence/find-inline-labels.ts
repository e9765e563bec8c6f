/**
 * Labels inside a line of prose or a subject line: "Total is $1,250.00 USD, due
 * 2026-02-20", "Invoice INV-2026-005678 from ACME Corp". Used only where the value right
 * after the label can be recognized on its own — an amount with a currency marker (or,
 * on a line that is only the label and the amount, "Total 102.40", any amount), a
 * date, an ENUM value, an identifier with a digit — never free text. The label must not
 * be part of a longer label naming something else: "date" in "Due date", "total" in
 * "Sub total", "tax" in "Tax rate" are refused. Ranked below key-value pairs, and a value
 * already read from a key-value pair is not read again.
 */
import type { JsonValue, SourceSpan } from '@paxman/core';
import type { RecognizerKind } from '@paxman/values';
import type { Lexicon } from '@paxman/values';
import type { LayoutWords } from '../shared/layout-words.js';
import type { LineTokenIndex, TextTokenIndex } from '../shared/line-tokens.js';
import type { LabelMatch } from '../shared/label-match.js';
import { enumScanOptions, evidenceDetail, type ValueReading } from '../shared/read-typed-value.js';
import { holdsKey, type PairPlaces, pairPlaces, placeAt } from './pair-places.js';
import { prepaymentFilter } from './prepayment.js';
import { alreadyRecorded, readValue, rememberSpan, evidenceKindFor, rankFor, type SearchContext } from './search-context.js';

/** An amount alone, with its cents: what a row's value must be to be read without a currency marker. */
const ROW_AMOUNT = /^-?\d{1,3}(?:[,.\s]?\d{3})*[.,]\d{2}$/;

/** What may follow a label before its value: a bracketed remark, then a separator (a connector word of the packs may come next). */
const SEPARATOR = /^[ \t]*(?:\([^)\n]{0,40}\)[ \t]*)?(?:[:#=–-]|\.{2,}|…)?[ \t]*/u;

/** How many characters after a label come before its value: the separator, then a value connector of the packs ("is", "amounts to", "vom") and its spaces. */
function separatorLength(rest: string, layout: LayoutWords): number {
  const separator = SEPARATOR.exec(rest)![0].length;
  const after = rest.slice(separator);
  const end = /^\p{L}/u.test(after) ? layout.afterStart('value-connectors', after) : null;
  const spaces = end === null ? null : /^[ \t]+/.exec(after.slice(end));
  return end === null || spaces === null ? separator : separator + end + spaces[0].length;
}

/** Inline labels over the document's lines. */
export function findInlineLabels(context: SearchContext): void {
  const reading = context.reading;
  const kind: RecognizerKind | 'IDENTIFIER' | null =
    reading.fieldType === 'MONEY' || reading.fieldType === 'DECIMAL'
      ? 'MONEY'
      : reading.fieldType === 'DATE'
        ? 'DATE'
        : reading.fieldType === 'INTEGER'
          ? 'INTEGER'
          : reading.fieldType === 'ENUM'
            ? 'ENUM'
            : reading.fieldType === 'STRING' && reading.semantic === 'identifier'
              ? 'IDENTIFIER'
              : null;
  if (kind === null) return;
  const index = context.index.textTokens();
  const { sightings, readings } = context.index.memo('inline-labels', createInlineCache);
  // Readings of value texts for this kind and reading: a long document repeats its lines.
  const readingsKey = `${kind}\u0000${context.inlineReadingKey}`;
  let reads = readings.get(readingsKey);
  if (reads === undefined) {
    reads = { prose: new Map(), row: new Map() };
    readings.set(readingsKey, reads);
  }
  // Label starts already read, per layer: a shorter label at the same place is not read again.
  const used = new Map<string, Set<number>>();
  let headerNames: readonly SourceSpan[] | null = null;
  // After a prepayment, the total and the amount due are different amounts.
  const beforeOrAfterPrepayment = prepaymentFilter(context);
  const fieldConcepts = context.labels.concepts;
  // The key-value pairs' places (once per run), asked for at the first sighting of a label.
  let places: ReadonlyMap<string, PairPlaces> | null = null;
  // The label's sightings in the document's texts that concern the field, and the lines of each.
  const found: TextSighting[] = [];
  const order: number[] = [];
  for (const { label, strength, words } of context.labelsLongestFirst) {
    const ids = wordIdsOf(index, words);
    if (ids === null) continue;
    const first = ids[0]!;
    // Where the label is printed, once per line text: what a sighting says of its text holds on every line that prints it.
    found.length = 0;
    for (let occurrence = index.firstOccurrence[first]!; occurrence < index.firstOccurrence[first + 1]!; occurrence += 1) {
      const position = index.occurrences[occurrence]!;
      if (!continues(index, position, ids)) continue;
      const sighting = textSightingAt(index, sightings, position, ids.length, context);
      if (sighting === null) continue;
      if (sighting.neighbourConcepts.length > 0 && sighting.neighbourConcepts.some((concepts) => namesOthersOnly(concepts, fieldConcepts))) continue;
      found.push(sighting);
    }
    if (found.length === 0) continue;
    // How the label matched is the same wherever it is printed.
    const match: LabelMatch = { strength, label, normalizedKey: label, currency: null, specificity: words.length };
    const rank = rankFor(match, false, 30);
    const evidenceKind = evidenceKindFor(match, false);
    // Each line that prints a sighting's text, in document order.
    places ??= pairPlaces(context);
    linesInOrder(index, found, order);
    for (let at = 0; at < order.length; at += 2) {
      const sighting = found[order[at]!]!;
      const line = index.lines[order[at + 1]!]!;
      const layer = line.span.layer;
      const labelStart = line.span.start + sighting.labelOffset;
      const labelEnd = line.span.start + sighting.labelEndOffset;
      const layerPlaces = places.get(layer);
      const place = placeAt(layerPlaces, labelStart);
      // A label that is a key-value pair's whole key was read by the key-value finder (or set aside on purpose, a total before rounding).
      if (place >= 0 && layerPlaces!.keys[place] === label) continue;
      let usedInLayer = used.get(layer);
      if (usedInLayer?.has(labelStart)) continue;
      // E-mail header names ("Date:", "From:") are read by the header finder, not as prose labels.
      headerNames ??= (context.index.document.email?.headers ?? []).flatMap((header) => (header.nameSpan ? [header.nameSpan] : []));
      if (headerNames.length > 0 && overlapsAny(headerNames, layer, labelStart, labelEnd)) continue;
      // A label that only starts a longer key a colon or leader closes, a key naming other concepts ("Total amount (net):" names the net amount), is not this field's.
      const closedPairKey = place >= 0 ? (layerPlaces!.closedKeys[place] ?? null) : null;
      if (closedPairKey !== null && namesOthersOnly(context.lexicon.conceptsOfLabel(closedPairKey), fieldConcepts)) continue;
      if (beforeOrAfterPrepayment !== null && !beforeOrAfterPrepayment(label, layer, labelStart)) continue;
      if (!usedInLayer) {
        usedInLayer = new Set();
        used.set(layer, usedInLayer);
      }
      usedInLayer.add(labelStart);
      // A line the layout pairs already was read (or set aside) by the key-value finder.
      const row = sighting.rowShaped && !holdsKey(layerPlaces, line);
      const valueText = sighting.valueText;
      const readsOfShape = row ? reads.row : reads.prose;
      let read = readsOfShape.get(valueText);
      if (read === undefined) {
        read = readInline(context, kind, valueText, row);
        readsOfShape.set(valueText, read);
      }
      if (!read) continue;
      const valueStart = labelEnd + sighting.skipped;
      const span = { start: valueStart + read.start, end: valueStart + read.end, layer };
      if (alreadyRecorded(context, span)) continue;
      rememberSpan(context, span);
      if (context.builder.tally(read.value, rank, span)) continue;
      const text = context.index.layerText(layer).slice(span.start, span.end);
      context.builder.finding({
        value: read.value,
        raw: text,
        rank,
        kind: evidenceKind,
        spans: [span, { start: labelStart, end: labelEnd, layer }],
        text,
        label,
        detail: { structure: 'inline', key: label, ...read.detail },
      });
    }
  }
}

/** Most sightings of one label whose lines are merged by a walk over them all; past it, the lines are sorted. */
const MERGED_SIGHTINGS = 8;

/**
 * The lines that print the texts of `found` (sightings of one label, in the order of their
 * texts' first lines and, on one text, of their places), in document order — by line, then
 * by the place on the line — written to `order` as pairs: the sighting's place in `found`,
 * then the line's position.
 */
function linesInOrder(index: TextTokenIndex, found: readonly TextSighting[], order: number[]): void {
  const { lineOf, nextSame } = index;
  order.length = 0;
  if (found.length === 1) {
    for (let line = lineOf[found[0]!.position]!; line >= 0; line = nextSame[line]!) order.push(0, line);
    return;
  }
  if (found.length > MERGED_SIGHTINGS) {
    const all: [number, number][] = [];
    found.forEach((sighting, which) => {
      for (let line = lineOf[sighting.position]!; line >= 0; line = nextSame[line]!) all.push([which, line]);
    });
    all.sort(([left, leftLine], [right, rightLine]) => leftLine - rightLine || found[left]!.labelOffset - found[right]!.labelOffset);
    for (const [which, line] of all) order.push(which, line);
    return;
  }
  // One cursor per sighting: the next line of its text; the smallest line (then place) goes first.
  const cursors = found.map((sighting) => lineOf[sighting.position]!);
  for (;;) {
    let next = -1;
    for (let which = 0; which < cursors.length; which += 1) {
      const line = cursors[which]!;
      if (line < 0) continue;
      if (next < 0 || line < cursors[next]! || (line === cursors[next]! && found[which]!.labelOffset < found[next]!.labelOffset)) next = which;
    }
    if (next < 0) return;
    order.push(next, cursors[next]!);
    cursors[next] = nextSame[cursors[next]!]!;
  }
}

/** True when `concepts` names some concept and none of the field's. */
function namesOthersOnly(concepts: readonly string[], fieldConcepts: readonly string[]): boolean {
  if (concepts.length === 0) return false;
  for (const concept of concepts) if (fieldConcepts.includes(concept)) return false;
  return true;
}

/** True when a span of `spans` in `layer` overlaps `[start, end)`. */
function overlapsAny(spans: readonly SourceSpan[], layer: string, start: number, end: number): boolean {
  for (const span of spans) if (span.layer === layer && span.start < end && start < span.end) return true;
  return false;
}

/**
 * What a label of some words at some place of a line text reads as, whatever line prints
 * the text and whatever the field: where the label and its value start on the line, the
 * value's text, the concepts of the label's neighbours and whether it is shaped like a row.
 * A long document prints the same lines on every page: what a place of a line text says is
 * read once (at the text's first line), and the value texts of every line that prints it are
 * one string (their readings are looked up by identity). What the places of the key-value
 * pairs say of the label depends on the line, and is asked of each line.
 */
interface TextSighting {
  /** The label's first word in the index of line texts (`TextTokenIndex`). */
  readonly position: number;
  /** Where the label starts and ends, from the start of its line. */
  readonly labelOffset: number;
  readonly labelEndOffset: number;
  /** How many characters after the label the value starts: a separator ("Total is", "Date:"). */
  readonly skipped: number;
  /** The rest of the line from where the value starts. */
  readonly valueText: string;
  /**
   * The concepts of the label with one or two words before or after it on its line, for
   * each such phrase that names one ("due date" around "date"): a field whose concepts
   * miss one of them must not read the label.
   */
  readonly neighbourConcepts: readonly (readonly string[])[];
  /**
   * The label starts its line and only a separator stands before the value ("Total 102.40"
   * alone on its line: a row of a receipt, not prose); a row when the layout paired nothing on the line.
   */
  readonly rowShaped: boolean;
}

type InlineRead = { value: JsonValue; start: number; end: number; detail: Readonly<Record<string, JsonValue>> };

/** What the inline search keeps per Document, shared by its fields. */
interface InlineCache {
  /** Sightings by position in the index of line texts and word count (`textSightingAt`). */
  readonly sightings: Map<number, TextSighting | null>;
  /** Readings of value texts, by kind and reading (`inlineReadingKey`), then by the value's shape (a row's or prose) and text. */
  readonly readings: Map<string, { readonly prose: Map<string, InlineRead | null>; readonly row: Map<string, InlineRead | null> }>;
}

function createInlineCache(): InlineCache {
  return { sightings: new Map(), readings: new Map() };
}

/** The ids of a label's words in the document, or null when one of them is not printed. */
function wordIdsOf(index: LineTokenIndex, words: readonly string[]): readonly number[] | null {
  // Most labels of a field are not in a given document: their first word says so.
  const first = index.idOf(words[0]!);
  if (first < 0) return null;
  if (words.length === 1) return [first];
  const ids = [first];
  for (let position = 1; position < words.length; position += 1) {
    const id = index.idOf(words[position]!);
    if (id < 0) return null;
    ids.push(id);
  }
  return ids;
}

/**
 * The sighting of a label of `count` words at `position` of a line text (once per run), or
 * null when its words are spread apart. It reads the run's lexicon and layout words from
 * `context`, never the field's part of it: every field shares the sighting.
 */
function textSightingAt(index: LineTokenIndex, sightings: Map<number, TextSighting | null>, position: number, count: number, context: SearchContext): TextSighting | null {
  // Positions and word counts are small integers: one number keys both.
  const key = position * 64 + Math.min(count, 63);
  let sighting = count < 63 ? sightings.get(key) : undefined;
  if (sighting === undefined) {
    sighting = adjacent(index, position, count) ? describeSighting(index, position, count, context) : null;
    if (count < 63) sightings.set(key, sighting);
  }
  return sighting;
}

function describeSighting(index: LineTokenIndex, position: number, count: number, context: SearchContext): TextSighting {
  const line = index.lines[index.lineOf[position]!]!;
  const lineStart = line.span.start;
  const labelOffset = index.starts[position]! - lineStart;
  const labelEndOffset = index.ends[position + count - 1]! - lineStart;
  const rest = line.text.slice(labelEndOffset);
  const skipped = separatorLength(rest, context.layout);
  return {
    position,
    labelOffset,
    labelEndOffset,
    skipped,
    valueText: rest.slice(skipped),
    neighbourConcepts: neighbourConcepts(index, position, count, context.lexicon),
    rowShaped: line.text.slice(0, labelOffset).trim() === '' && /^[\s:#=.–-]*$/.test(rest.slice(0, skipped)),
  };
}

/**
 * What `readInline` depends on besides the text: fields with the same key share readings of
 * a line. It depends on the step's reading alone, so the step compiles it
 * (`SearchContext.inlineReadingKey`).
 */
export function inlineReadingKey(reading: ValueReading): string {
  return JSON.stringify([reading.fieldType, reading.maxLength, reading.enumValues]);
}

/** The label's other words (`ids`) follow the word at `position` on its line. */
function continues(index: LineTokenIndex, position: number, ids: readonly number[]): boolean {
  const line = index.lineOf[position];
  for (let offset = 1; offset < ids.length; offset += 1) {
    const next = position + offset;
    if (next >= index.length || index.lineOf[next] !== line || index.wordIds[next] !== ids[offset]) return false;
  }
  return true;
}

/** Label words must be consecutive with at most a little punctuation between them. */
function adjacent(index: LineTokenIndex, start: number, count: number): boolean {
  for (let offset = 1; offset < count; offset += 1) {
    if (index.starts[start + offset]! - index.ends[start + offset - 1]! > 3) return false;
  }
  return true;
}

/** Words `from` to `to` (exclusive) joined by spaces, or null when they leave the line of `start`. */
function wordsOnLine(index: LineTokenIndex, start: number, from: number, to: number): string | null {
  if (from < 0 || to > index.length || index.lineOf[from] !== index.lineOf[start] || index.lineOf[to - 1] !== index.lineOf[start]) return null;
  let text = index.vocabulary[index.wordIds[from]!]!;
  for (let position = from + 1; position < to; position += 1) text += ` ${index.vocabulary[index.wordIds[position]!]!}`;
  return text;
}

/** The concepts named by the label with one or two words before or after it ("Due date" around "date"). */
function neighbourConcepts(index: LineTokenIndex, start: number, count: number, lexicon: Lexicon): (readonly string[])[] {
  const label = wordsOnLine(index, start, start, start + count)!;
  const named: (readonly string[])[] = [];
  for (let extra = 1; extra <= 2; extra += 1) {
    const before = wordsOnLine(index, start, start - extra, start);
    if (before !== null) addConcepts(named, `${before} ${label}`, lexicon);
    const after = wordsOnLine(index, start, start + count, start + count + extra);
    if (after !== null) addConcepts(named, `${label} ${after}`, lexicon);
  }
  return named;
}

function addConcepts(named: (readonly string[])[], phrase: string, lexicon: Lexicon): void {
  const concepts = lexicon.conceptsOfLabel(phrase);
  if (concepts.length > 0) named.push(concepts);
}

function readInline(context: SearchContext, kind: RecognizerKind | 'IDENTIFIER', text: string, row: boolean): InlineRead | null {
  if (kind === 'IDENTIFIER') {
    const token = /^[A-Za-z0-9][A-Za-z0-9\-/._]*[A-Za-z0-9]/.exec(text)?.[0];
    if (!token || !/\d/.test(token) || token.length < 3 || token.length > context.reading.maxLength) return null;
    return { value: token, start: 0, end: token.length, detail: {} };
  }
  // A row's amount without a currency marker ("Total 102.40"): read as a key-value pair's value is, when it is all the row holds.
  if (kind === 'MONEY' && row && ROW_AMOUNT.test(text.trim())) {
    const read = readValue(context, text.trim(), null);
    const offset = text.length - text.trimStart().length;
    if (read !== null && read.start === 0 && read.end === text.trim().length) return { value: read.value, start: offset, end: offset + read.end, detail: read.detail };
  }
  const options = kind === 'ENUM' ? enumScanOptions(context.recognizerOptions, context.reading) : { ...context.recognizerOptions, defaultCurrency: null };
  const hit = context.recognizers.findValues(kind, text, options)[0];
  if (!hit || hit.start !== 0) return null;
  if (kind === 'MONEY') {
    const value = hit.value as { amount: string; currency: string | null };
    // In prose only an amount with a currency marker is read as money.
    if (value.currency === null && !hit.detail.marker) return null;
    const code = /^[ \t]?([A-Z]{3})\b/.exec(text.slice(hit.end));
    const settled = code && String(hit.detail.currencySource ?? '').includes('ambiguous') ? code[1]! : null;
    const end = settled ? hit.end + code![0].length : hit.end;
    const money = { amount: value.amount, currency: settled ?? value.currency };
    if (context.reading.fieldType === 'DECIMAL') return { value: value.amount, start: 0, end: hit.end, detail: { fromMoney: true, currency: money.currency } };
    return { value: money, start: 0, end, detail: { ...evidenceDetail(hit.detail, settled !== null), ...(settled ? { currencySource: 'code-adjacent' } : {}) } };
  }
  return { value: hit.value, start: 0, end: hit.end, detail: evidenceDetail(hit.detail) };
}
