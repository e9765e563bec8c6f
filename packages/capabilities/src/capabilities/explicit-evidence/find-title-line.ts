/**
 * The document's title line: "Handelsrechnung (380) Nr. 471102 vom 15.11.2024",
 * "Facture n° F-12 du 05/03/2018", "Invoice 103767", "Faktura VAT nr 12/2024 z dnia
 * 01.02.2024". A line that starts with a word titling a document (the packs'
 * `document-titles`, or a compound ending in one: "Teilrechnung"; one word of letters may
 * qualify it first: "TAX INVOICE No. 4711") states the document's
 * number after a number marker (or right after the title), and often its date after a date
 * connector ("vom", "du", "dated"). A title alone on its line heads a block: its number on a
 * line under it after a marker, and a date alone on a line between them ("FACTURE" /
 * "20/09/2023" / "nº 2023-6013"), read a step below a date a connector names.
 *
 * The number is this field's when the title and a marker name the field's concept
 * ("Rechnung Nr." is a term of `invoice-number`; in a title of several title words, "PVN
 * rēķins Nr.", the whole title, then each word that is no tax word); the date is the document's issue date
 * when the line's number is a document number. Title lines are read once per run (the
 * run memo), each field takes its part.
 */
import type { Lexicon } from '@paxman/values';
import type { SourceSpan } from '@paxman/core';
import type { LabelMatch, LabelNormalizer } from '../shared/label-match.js';
import { foldWord, type LayoutWords } from '../shared/layout-words.js';
import { recordLabelledValue, type SearchContext } from './search-context.js';

/** How many lines from the top of each page a title line may be on. */
const TITLE_LINES = 40;
/** Shortest title word that may end a compound ("rechnung" in "Teilrechnung"). */
const COMPOUND_SUFFIX = 5;
/** How many words (a kind, a code in brackets) may stand between the title and its number marker. */
const WORDS_BEFORE_MARKER = 3;
/** A word of letters only (a qualifier of the title: "Tax", "Proforma"). */
const QUALIFIER = /^\p{L}+$/u;
/** How many words may stand between the number and the date connector. */
const WORDS_BEFORE_DATE = 4;

/** One title line as read. */
interface TitleLine {
  /** Concepts the number is a value of (from "title word + marker"). */
  readonly numberConcepts: readonly string[];
  /** The label that names them ("rechnung number"). */
  readonly label: string;
  readonly titleSpan: SourceSpan;
  readonly number: { readonly text: string; readonly span: SourceSpan };
  readonly date: { readonly text: string; readonly span: SourceSpan; readonly connector: string } | null;
}

interface Token {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

function tokensOf(text: string, offset: number): Token[] {
  return [...text.matchAll(/\S+/g)].map((match) => ({ text: match[0], start: offset + match.index, end: offset + match.index + match[0].length }));
}

/**
 * The one-word titles that may end a compound, each with its place in the packs' list:
 * a word's endings are looked up, not every title compared with the word. `tails` holds
 * their last `COMPOUND_SUFFIX` letters: a word whose own last letters are none of them
 * ends in no title. They depend on the lexicon alone: compiled with the capability
 * (`compileCompoundTitles`).
 */
export interface CompoundTitleWords {
  readonly places: ReadonlyMap<string, number>;
  readonly tails: ReadonlySet<string>;
}

/** The compound titles of a lexicon's one-word `document-titles`. */
export function compileCompoundTitles(lexicon: Lexicon): CompoundTitleWords {
  const places = new Map<string, number>();
  const tails = new Set<string>();
  lexicon.words('document-titles').forEach((title, place) => {
    if (!title.includes(' ') && title.length >= COMPOUND_SUFFIX && !places.has(title)) {
      places.set(title, place);
      tails.add(title.slice(title.length - COMPOUND_SUFFIX));
    }
  });
  return { places, tails };
}

/**
 * The compound titles with `bases`, the answer of `titleBases` per token for one pass (one
 * run's title lines): a token is asked about twice on its line, and the tops of a
 * document's pages print the same words.
 */
interface CompoundTitles extends CompoundTitleWords {
  readonly bases: Map<string, readonly string[]>;
}

/** The title words a token is or ends with (a compound: "Teilrechnung" ends with "rechnung"), the token itself first, then the titles in the packs' order. */
function titleBases(token: string, layout: LayoutWords, titles: CompoundTitles): readonly string[] {
  let bases = titles.bases.get(token);
  if (bases === undefined) {
    bases = readTitleBases(token, layout, titles);
    titles.bases.set(token, bases);
  }
  return bases;
}

function readTitleBases(token: string, layout: LayoutWords, titles: CompoundTitles): readonly string[] {
  const word = foldWord(token.replace(/[^\p{L}]/gu, ''));
  if (word.length === 0) return [];
  const bases = layout.isTitleWord(word) ? [word] : [];
  if (word.length <= COMPOUND_SUFFIX || !titles.tails.has(word.slice(word.length - COMPOUND_SUFFIX))) return bases;
  const endings: [number, string][] = [];
  for (let length = COMPOUND_SUFFIX; length < word.length; length += 1) {
    const ending = word.slice(word.length - length);
    const place = titles.places.get(ending);
    if (place !== undefined) endings.push([place, ending]);
  }
  if (endings.length > 1) endings.sort((left, right) => left[0] - right[0]);
  for (const [, title] of endings) bases.push(title);
  return bases;
}

/** Reads a title line from its tokens (absolute offsets in `layerText`, up to `end`), or null. */
function readTitleLine(lineTokens: readonly Token[], layerText: string, end: number, layer: string, layout: LayoutWords, titles: CompoundTitles, lexicon: Lexicon, normalize: LabelNormalizer): TitleLine | null {
  let tokens = lineTokens;
  let first = tokens[0];
  if (first === undefined) return null;
  let bases = titleBases(first.text, layout, titles);
  // One word of letters may qualify the title before it ("TAX INVOICE No. 4711", "Proforma Rechnung Nr. 12").
  if (bases.length === 0 && tokens.length > 2 && QUALIFIER.test(first.text)) {
    bases = titleBases(tokens[1]!.text, layout, titles);
    if (bases.length === 0) return null;
    const title = tokens[1]!;
    first = { text: `${first.text} ${title.text}`, start: first.start, end: title.end };
    tokens = [first, ...tokens.slice(2)];
  }
  if (bases.length === 0) return null;
  // The number: after a marker within a few words ("(380) Nr. 471102"), or right after the title ("Invoice 103767").
  let position = 1;
  let marker: string | null = null;
  let markerAt = -1;
  for (; position < tokens.length && position <= WORDS_BEFORE_MARKER + 1; position += 1) {
    const token = tokens[position]!.text;
    if (layout.isNumberMarker(token)) {
      marker = token;
      markerAt = position;
      position += 1;
      // A colon set apart after the marker ("N° : 2024-0042").
      if (tokens[position]?.text === ':') position += 1;
      break;
    }
    if (/\d/.test(token) && !/^\(.*\)$/.test(token)) break;
  }
  let numberToken = tokens[position];
  // A marker written onto its number ("n°562044387", "Nr.471102", "#A-12").
  if (marker === null && numberToken !== undefined) {
    const glued = gluedMarker(numberToken.text, layout);
    if (glued !== null) {
      marker = glued;
      numberToken = { text: numberToken.text.slice(glued.length), start: numberToken.start + glued.length, end: numberToken.end };
    }
  }
  if (numberToken === undefined || !/\d/.test(numberToken.text) || (marker === null && position !== 1)) return null;
  const numberText = numberToken.text.replace(/[,;:.]+$/, '');
  // A title of several title words ("Faktura VAT nr", "TAX INVOICE No.", "PVN rēķins Nr."): the whole title names the number
  // first, then each word, the first first — but a tax word only qualifies the document ("VAT invoice"), it never heads its number.
  const inner = markerAt > 1 ? tokens.slice(1, markerAt).flatMap((token) => titleBases(token.text, layout, titles)) : [];
  if (inner.length > 0) {
    const heads = [...new Set([...bases, ...inner])].filter((base) => !layout.mentions('tax-words', base));
    bases = [tokens.slice(0, markerAt).map((token) => token.text).join(' '), ...heads];
  }
  // The concept the title and its marker name ("Rechnung Nr." is a term of the invoice number); a compound title takes its base's.
  const named = bases.map((base) => normalize(`${base} ${marker ?? 'no'}`).text).map((label) => ({ label, concepts: lexicon.conceptsOfLabel(label) }));
  const { label, concepts: numberConcepts } = named.find((entry) => entry.concepts.length > 0) ?? { label: '', concepts: [] };
  if (numberConcepts.length === 0) return null;
  let date: TitleLine['date'] = null;
  for (let next = position + 1; next < tokens.length && next <= position + 1 + WORDS_BEFORE_DATE && date === null; next += 1) {
    // Connectors of one to three words ("vom", "z dnia", "en date du").
    for (const width of [1, 2, 3]) {
      const words = tokens.slice(next, next + width);
      const dateStart = tokens[next + width];
      if (words.length < width || dateStart === undefined || !layout.isDateConnector(words.map((word) => word.text).join(' '))) continue;
      date = { text: layerText.slice(dateStart.start, end), span: { start: dateStart.start, end, layer }, connector: words.map((word) => word.text).join(' ') };
      break;
    }
  }
  return {
    numberConcepts,
    label,
    titleSpan: { start: first.start, end: marker === null ? first.end : tokens[position - 1]!.end, layer },
    number: { text: numberText, span: { start: numberToken.start, end: numberToken.start + numberText.length, layer } },
    date,
  };
}

/** Longest marker read as written onto its number. */
const GLUED_MARKER_CHARACTERS = 4;

/**
 * The number marker a token starts with, written onto the number ("n°562044387", "Nr.471102",
 * "#INV-2026-12345"), or null. A marker that ends in a letter ("Nr471102") ends where the
 * number's digits begin; one that ends in a sign ("#", "n°", "Nr.") may be followed by an
 * identifier that opens with letters, as long as it holds a digit. The shortest marker wins.
 */
function gluedMarker(token: string, layout: LayoutWords): string | null {
  for (let length = 1; length <= Math.min(GLUED_MARKER_CHARACTERS, token.length - 1); length += 1) {
    const marker = token.slice(0, length);
    const rest = token.slice(length);
    if (/\d/.test(marker) || !layout.isNumberMarker(marker)) continue;
    const opensNumber = /^\p{L}/u.test(marker.slice(-1)) ? /^\d/.test(rest) : /^[\p{L}\d]/u.test(rest) && /\d/.test(rest);
    if (opensNumber) return marker;
  }
  return null;
}

/** A line's first three words (of the third, its first character: only whether there is one counts). */
const FIRST_WORDS = /^\s*(\S+)(?:\s+(\S+)(?:\s+(\S))?)?/;

/**
 * True when a line may be a title line or head a title block, judged from its first words
 * before the line is cut into words: its first word is or ends with a title word, or
 * qualifies a second one that does with a third word after them (`readTitleLine` reads
 * nothing else; a block's first word is a title word). Most lines at the top of a page are not.
 */
function mayHoldTitle(text: string, layout: LayoutWords, titles: CompoundTitles): boolean {
  const words = FIRST_WORDS.exec(text);
  if (words === null) return false;
  if (titleBases(words[1]!, layout, titles).length > 0) return true;
  return words[3] !== undefined && QUALIFIER.test(words[1]!) && titleBases(words[2]!, layout, titles).length > 0;
}

/** How many lines under a title alone on its line may hold its number and date. */
const TITLE_BLOCK_LINES = 2;

/**
 * A title alone on its line, its number on a line under it after a number marker
 * ("FACTURE" / "N° FA-2026-0001"), and maybe a date alone on a line between them
 * ("FACTURE" / "20/09/2023" / "nº 2023-6013"): the block reads as a title line. The date
 * is the title's by its place alone, no connector naming it, so it is read as a label in
 * running text is (`inline`), a step below a date a connector names.
 */
function readTitleBlock(context: SearchContext, lines: ReturnType<SearchContext['index']['primaryLines']>, position: number, title: Token, titles: CompoundTitles): TitleLine | null {
  const layer = context.index.primary.name;
  const layerText = context.index.layerText(layer);
  let date: { readonly text: string; readonly span: SourceSpan } | null = null;
  for (let offset = 1; offset <= TITLE_BLOCK_LINES; offset += 1) {
    const below = lines[position + offset];
    if (below === undefined) return null;
    const belowTokens = tokensOf(below.text, below.span.start);
    const first = belowTokens[0];
    if (first === undefined) return null;
    if (context.layout.isNumberMarker(first.text)) {
      const read = readTitleLine([title, ...belowTokens], layerText, below.span.end, layer, context.layout, titles, context.lexicon, context.index.normalizeLabel);
      return read === null || read.date !== null || date === null ? read : { ...read, date: { ...date, connector: '' } };
    }
    const start = first.start;
    const end = belowTokens.at(-1)!.end;
    const dateText = layerText.slice(start, end);
    if (date !== null || context.recognizers.parseValue('DATE', dateText, context.recognizerOptions) === null) return null;
    date = { text: dateText, span: { start, end, layer } };
  }
  return null;
}

/** The title lines of the primary layer (near the top of each page), read once per run. */
function titleLines(context: SearchContext): readonly TitleLine[] {
  return context.index.memo('explicit_evidence/title-lines', () => {
    const layer = context.index.primary.name;
    const titles: CompoundTitles = { ...context.compoundTitles, bases: new Map() };
    const layerText = context.index.layerText(layer);
    const lines = context.index.primaryLines();
    const found: TitleLine[] = [];
    // Past the last form feed no page starts: a long document's lines below its last page head are not walked.
    // Most texts have none, which a forward search tells far sooner than a backward one.
    const lastFormFeed = layerText.includes('\f') ? layerText.lastIndexOf('\f') : -1;
    let sincePageStart = 0;
    for (let position = 0; position < lines.length; position += 1) {
      const line = lines[position]!;
      // A form feed starts a page: its head may hold a title line again.
      if (line.text.includes('\f')) sincePageStart = 0;
      sincePageStart += 1;
      if (sincePageStart > TITLE_LINES) {
        if (line.span.end > lastFormFeed) break;
        continue;
      }
      if (!mayHoldTitle(line.text, context.layout, titles)) continue;
      const tokens = tokensOf(line.text, line.span.start);
      let read = readTitleLine(tokens, layerText, line.span.end, layer, context.layout, titles, context.lexicon, context.index.normalizeLabel);
      if (read === null && tokens.length > 0 && tokens.every((token) => titleBases(token.text, context.layout, titles).length > 0)) {
        read = readTitleBlock(context, lines, position, tokens[0]!, titles);
      }
      if (read !== null) found.push(read);
    }
    return found;
  });
}

/** The field's number or date from the document's title lines. */
export function findInTitleLines(context: SearchContext): void {
  const wantsNumber = context.reading.semantic === 'identifier';
  const wantsDate = context.reading.fieldType === 'DATE' && context.labels.concepts.includes('issue-date');
  if (!wantsNumber && !wantsDate) return;
  for (const line of titleLines(context)) {
    const match: LabelMatch = { strength: 'synonym', label: line.label, normalizedKey: line.label, currency: null, specificity: line.label.split(' ').length };
    if (wantsNumber && line.numberConcepts.some((concept) => context.labels.concepts.includes(concept))) {
      recordLabelledValue(context, { match, keySpan: line.titleSpan, valueSpan: line.number.span, valueText: line.number.text, structured: false, structure: 'title-line' });
    }
    if (wantsDate && line.date !== null) {
      // A date under a title alone (no connector) is the title's by its place: read as a label in running text.
      const placed = line.date.connector === '';
      recordLabelledValue(context, {
        match: placed ? match : { ...match, label: line.date.connector, normalizedKey: line.date.connector },
        keySpan: line.titleSpan,
        valueSpan: line.date.span,
        valueText: line.date.text,
        structured: false,
        structure: placed ? 'inline' : 'title-line',
        detail: placed ? { placement: 'title-block' } : { connector: line.date.connector },
      });
    }
  }
}
