/**
 * The words the layout mechanisms read a page with, compiled once per instance from its
 * lexicon (the knowledge packs' word classes): document titles, legal forms, street words,
 * number markers, date connectors, the keys a party block prints a name under, and the words of
 * summary and payment lines (rounding, added charges, net, other tenders), the word before
 * a sender's name ("from", "von") and before a recipient's ("Herrn", "Madame"), and the words of a receipt's head (business kinds, name
 * connectors, address stops, outlet words, registration labels, tax words), the words of a rate's label, and the
 * words around a value (connectors after a label, units of a count, connectors in a place name, contact labels). Matching
 * is by words (case, diacritics and punctuation ignored), never by a regex built from pack
 * text, so a user's pack cannot make a pattern slow, and a capability holds no word of any
 * language.
 */
import type { Lexicon } from '@paxman/values';
import { isAsciiText } from '@paxman/core';
import { memoKey, type RunMemo } from '@paxman/capability-spi';
import { editDistance } from './label-match.js';

/** What the layout mechanisms know of words, in every language of the instance's packs. */
export interface LayoutWords {
  /** True when a normalized word titles a document ("invoice", "rechnung", "facture"). */
  isTitleWord(word: string): boolean;
  /** True when one of the text's words (or word sequences) is a street word. */
  hasStreetWord(text: string): boolean;
  /** True when a word of the text ends in a street word of four letters or more, then a house number ("Industriestraße 7"). */
  hasCompoundStreet(text: string): boolean;
  /** True when the text starts with a word that opens an address line ("Unit 3", "Lot 1626", "Jalan Ampang 12"). */
  startsAddressLine(text: string): boolean;
  /** Where a legal form ends the text ("Kraxi GmbH" → the offset of "GmbH"), or null. */
  legalFormStart(text: string): number | null;
  /**
   * True when a legal form opens the text and a quoted name follows it, the whole text
   * (`SIA "Zaļā Dārzs"`, `UAB „Vilniaus prekyba"`): the order of languages that print the
   * company's form before its name.
   */
  legalFormBeforeQuotedName(text: string): boolean;
  /** True when the text is a number marker ("Nr.", "n°", "#"). */
  isNumberMarker(text: string): boolean;
  /** True when the text joins a number to its date ("vom", "du", "dated"). */
  isDateConnector(text: string): boolean;
  /** True when a key is one a party block prints its name under ("Name", "Raison sociale"). */
  isNameKey(key: string): boolean;
  /** True when one of the text's words (or word sequences) is a word of the class ("Rounding Adj." mentions a rounding word). */
  mentions(wordClass: MentionedWordClass, text: string): boolean;
  /** True when the text starts with a word (or word sequence) of the class ("Nett Total" starts with a net word). */
  startsWith(wordClass: MentionedWordClass, text: string): boolean;
  /** How many of `words` (as printed) from `index` on make the longest word sequence of the class there; 0 for none. */
  lengthAt(wordClass: MentionedWordClass, words: readonly string[], index: number): number;
  /** True when the text's words are all words (or word sequences) of the class, one after another; true for a text of no word ("Co. (M)" consists of name connectors). */
  consistsOf(wordClass: MentionedWordClass, text: string): boolean;
  /** The offset in the text right after the longest word sequence of the class it starts with ("Outlet #12" → 6), or null. */
  afterStart(wordClass: MentionedWordClass, text: string): number | null;
  /** True when the text's last words are a word (or word sequence) of the class ("… KUALA LUMPUR, MALAYSIA" ends in a country name). */
  endsIn(wordClass: MentionedWordClass, text: string): boolean;
  /** True when the text's last word is a one-word entry of the class of at least `letters` letters but for one letter lost, added or misread (a scan's slip: "MALAYSI"). */
  endsNearly(wordClass: MentionedWordClass, text: string, letters: number): boolean;
  /** The value of a number the packs write as a word ("two", "zwei" → 2), or null. */
  numberOf(word: string): number | null;
}

/** The word classes a label is searched for (anywhere in it, or at its start). */
export type MentionedWordClass =
  | 'rounding-words'
  | 'added-charges'
  | 'net-words'
  | 'other-tenders'
  | 'sender-words'
  | 'recipient-words'
  | 'name-first-legal-forms'
  | 'business-kinds'
  | 'name-connectors'
  | 'address-stops'
  | 'outlet-words'
  | 'registration-labels'
  | 'percent-words'
  | 'rate-words'
  | 'value-connectors'
  | 'count-units'
  | 'place-connectors'
  | 'dateline-connectors'
  | 'payment-words'
  | 'deadline-connectors'
  | 'discount-words'
  | 'place-leads'
  | 'duration-days'
  | 'duration-weeks'
  | 'duration-months'
  | 'duration-years'
  | 'contact-labels'
  | 'contact-person-words'
  | 'tax-words'
  | 'tax-id-words'
  | 'country-names'
  | 'legal-forms';
const MENTIONED_CLASSES: readonly MentionedWordClass[] = [
  'rounding-words',
  'added-charges',
  'net-words',
  'other-tenders',
  'sender-words',
  'recipient-words',
  'name-first-legal-forms',
  'business-kinds',
  'name-connectors',
  'address-stops',
  'outlet-words',
  'registration-labels',
  'percent-words',
  'rate-words',
  'value-connectors',
  'count-units',
  'place-connectors',
  'dateline-connectors',
  'payment-words',
  'deadline-connectors',
  'discount-words',
  'place-leads',
  'duration-days',
  'duration-weeks',
  'duration-months',
  'duration-years',
  'contact-labels',
  'contact-person-words',
  'tax-words',
  'tax-id-words',
  'country-names',
  'legal-forms',
];

/** What is printed before a quoted name, then the name in quotes of any kind, to the end of the text. */
const QUOTED_NAME_AFTER = /^(\S.{0,30}?)\s+["„“”«‘'][^"„“”«»‘’']*\p{L}[^"„“”«»‘’']*["“”»’']$/u;

/** True when `sequence` is printed in `words` from `index` on. */
function printedAt(words: readonly { word: string }[], index: number, sequence: readonly string[]): boolean {
  return sequence.every((word, offset) => words[index + offset]?.word === word);
}

/** A word as matched: lower case, without diacritics (an ASCII word is only lowered: the same, without a normalization). */
export function foldWord(word: string): string {
  if (isAsciiText(word)) return word.toLowerCase();
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text with their offsets: letters and digits (and `&`) together; everything else separates. */
export function wordsOf(text: string): { readonly word: string; readonly start: number; readonly end: number }[] {
  const words: { word: string; start: number; end: number }[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}&]+/gu)) words.push({ word: foldWord(match[0]), start: match.index, end: match.index + match[0].length });
  return words;
}

/** How many words from `index` on make the longest of the sequences there; 0 for none. */
function longestAt(words: readonly { word: string }[], index: number, sequences: readonly (readonly string[])[]): number {
  let longest = 0;
  for (const sequence of sequences) if (sequence.length > longest && printedAt(words, index, sequence)) longest = sequence.length;
  return longest;
}

function joinedWords(text: string): string {
  return wordsOf(text)
    .map((word) => word.word)
    .join(' ');
}

function sequences(entries: readonly string[]): (readonly string[])[] {
  return entries.map((entry) => wordsOf(entry).map((word) => word.word)).filter((words) => words.length > 0);
}

function endsWith(words: readonly { word: string }[], sequence: readonly string[]): boolean {
  if (sequence.length > words.length) return false;
  const offset = words.length - sequence.length;
  return sequence.every((word, index) => words[offset + index]!.word === word);
}

/** Compiles the layout words of a lexicon. */
export function compileLayoutWords(lexicon: Lexicon): LayoutWords {
  const titles = new Set(lexicon.rawWords('document-titles').flatMap((entry) => wordsOf(entry).map((word) => word.word)));
  const streets = sequences(lexicon.rawWords('street-words'));
  const singleStreets = new Set(streets.filter((words) => words.length === 1).map((words) => words[0]!));
  const multiStreets = streets.filter((words) => words.length > 1);
  const compoundEndings = [...singleStreets].filter((word) => word.length >= 4);
  const addressStarts = sequences(lexicon.rawWords('address-starts'));
  // Longest first: "GmbH & Co. KG" before "KG".
  const legalForms = sequences(lexicon.rawWords('legal-forms')).sort((left, right) => right.length - left.length);
  const joined = (wordClass: Parameters<Lexicon['words']>[0]) => new Set(sequences(lexicon.rawWords(wordClass)).map((words) => words.join(' ')));
  const numberMarkers = joined('number-markers');
  // A marker written with signs only ("#", "№") has no word: it is kept as written.
  for (const marker of lexicon.rawWords('number-markers')) if (wordsOf(marker).length === 0) numberMarkers.add(marker.trim());
  const dateConnectors = joined('date-connectors');
  const nameKeys = joined('name-keys');
  const mentioned = new Map(MENTIONED_CLASSES.map((wordClass) => [wordClass, sequences(lexicon.rawWords(wordClass))] as const));
  return Object.freeze({
    isTitleWord: (word: string) => titles.has(foldWord(word)),
    hasStreetWord(text: string) {
      const words = wordsOf(text);
      if (words.some((word) => singleStreets.has(word.word))) return true;
      return multiStreets.some((sequence) => words.some((_, index) => printedAt(words, index, sequence)));
    },
    hasCompoundStreet(text: string) {
      const words = wordsOf(text);
      return words.some((word, index) => {
        const next = words[index + 1];
        return next !== undefined && /^\d{1,4}[a-z]?$/.test(next.word) && compoundEndings.some((ending) => word.word.length > ending.length && word.word.endsWith(ending));
      });
    },
    startsAddressLine(text: string) {
      const words = wordsOf(text);
      return addressStarts.some((sequence) => sequence.every((word, index) => words[index]?.word === word));
    },
    legalFormStart(text: string) {
      const words = wordsOf(text);
      for (const form of legalForms) if (endsWith(words, form)) return words[words.length - form.length]!.start;
      return null;
    },
    legalFormBeforeQuotedName(text: string) {
      const quoted = QUOTED_NAME_AFTER.exec(text.trim());
      if (quoted === null) return false;
      const words = wordsOf(quoted[1]!).map((word) => word.word);
      return legalForms.some((form) => form.length === words.length && form.every((word, index) => words[index] === word));
    },
    isNumberMarker: (text: string) => numberMarkers.has(joinedWords(text)) || numberMarkers.has(text.trim()),
    isDateConnector: (text: string) => dateConnectors.has(joinedWords(text)),
    isNameKey: (key: string) => nameKeys.has(joinedWords(key)),
    mentions(wordClass: MentionedWordClass, text: string) {
      const words = wordsOf(text);
      return mentioned.get(wordClass)!.some((sequence) => words.some((_, index) => printedAt(words, index, sequence)));
    },
    startsWith(wordClass: MentionedWordClass, text: string) {
      const words = wordsOf(text);
      return mentioned.get(wordClass)!.some((sequence) => printedAt(words, 0, sequence));
    },
    lengthAt(wordClass: MentionedWordClass, words: readonly string[], index: number) {
      return longestAt(
        words.map((word) => ({ word: foldWord(word) })),
        index,
        mentioned.get(wordClass)!,
      );
    },
    consistsOf(wordClass: MentionedWordClass, text: string) {
      const words = wordsOf(text);
      const sequences = mentioned.get(wordClass)!;
      for (let index = 0; index < words.length; ) {
        const length = longestAt(words, index, sequences);
        if (length === 0) return false;
        index += length;
      }
      return true;
    },
    afterStart(wordClass: MentionedWordClass, text: string) {
      const words = wordsOf(text);
      const length = longestAt(words, 0, mentioned.get(wordClass)!);
      return length === 0 ? null : words[length - 1]!.end;
    },
    endsIn(wordClass: MentionedWordClass, text: string) {
      const words = wordsOf(text);
      return mentioned.get(wordClass)!.some((sequence) => endsWith(words, sequence));
    },
    numberOf: (word: string) => lexicon.numberOf(word),
    endsNearly(wordClass: MentionedWordClass, text: string, letters: number) {
      const last = wordsOf(text).at(-1)?.word;
      if (last === undefined || last.length < letters - 1) return false;
      return mentioned.get(wordClass)!.some((sequence) => sequence.length === 1 && sequence[0]!.length >= letters && editDistance(last, sequence[0]!, 1) <= 1);
    },
  });
}

/**
 * How many answers a prepared plan keeps for its runs (`layoutWordsForRun`); past it, a run
 * keeps its new answers for itself.
 */
export const PLAN_LAYOUT_ANSWERS_LIMIT = 16384;

/**
 * Answers about texts by question ("isTitleWord", "mentions/rounding-words"), then by
 * text, with how many there are over all questions.
 */
export interface LayoutAnswers {
  size: number;
  readonly byQuestion: Map<string, Map<string, unknown>>;
}

/**
 * `layout` with the answers about a text kept for as long as the returned object lives: a
 * run asks about the same keys and lines once per field, and a long document repeats them
 * (the 100 KB bench input prints each key thirty times). Made per run, never per instance,
 * so the kept answers die with the run — except those put in `kept`, the answers a prepared
 * plan keeps for its next runs (an answer depends on the text and `layout` alone), up to
 * `PLAN_LAYOUT_ANSWERS_LIMIT` of them. Each question has its own tables, found once: an
 * answer is looked up by the text alone, with no key written per question asked.
 */
export function rememberingLayoutWords(layout: LayoutWords, kept?: LayoutAnswers): LayoutWords {
  /** The asker of one question, remembering its answers. */
  const asker = <T>(question: string, answer: (text: string) => T): ((text: string) => T) => {
    // The plan's table of this question (looked for until it has one) and the run's own, for the answers past the plan's limit.
    let keptAnswers: Map<string, unknown> | undefined;
    let ownAnswers: Map<string, unknown> | undefined;
    return (text) => {
      keptAnswers ??= kept?.byQuestion.get(question);
      if (keptAnswers !== undefined && keptAnswers.has(text)) return keptAnswers.get(text) as T;
      if (ownAnswers !== undefined && ownAnswers.has(text)) return ownAnswers.get(text) as T;
      const value = answer(text);
      if (kept !== undefined && kept.size < PLAN_LAYOUT_ANSWERS_LIMIT) {
        if (keptAnswers === undefined) {
          keptAnswers = new Map();
          kept.byQuestion.set(question, keptAnswers);
        }
        keptAnswers.set(text, value);
        kept.size += 1;
      } else {
        ownAnswers ??= new Map();
        ownAnswers.set(text, value);
      }
      return value;
    };
  };
  /** The askers of a question about a word class, one per class asked about. */
  const classAsker = <T>(kind: string, answer: (wordClass: MentionedWordClass, text: string) => T): ((wordClass: MentionedWordClass, text: string) => T) => {
    const askers = new Map<MentionedWordClass, (text: string) => T>();
    return (wordClass, text) => {
      let ask = askers.get(wordClass);
      if (ask === undefined) {
        ask = asker(`${kind}/${wordClass}`, (asked) => answer(wordClass, asked));
        askers.set(wordClass, ask);
      }
      return ask(text);
    };
  };
  return Object.freeze({
    isTitleWord: asker('isTitleWord', layout.isTitleWord),
    hasStreetWord: asker('hasStreetWord', layout.hasStreetWord),
    hasCompoundStreet: asker('hasCompoundStreet', layout.hasCompoundStreet),
    startsAddressLine: asker('startsAddressLine', layout.startsAddressLine),
    legalFormStart: asker('legalFormStart', layout.legalFormStart),
    legalFormBeforeQuotedName: asker('legalFormBeforeQuotedName', layout.legalFormBeforeQuotedName),
    isNumberMarker: asker('isNumberMarker', layout.isNumberMarker),
    isDateConnector: asker('isDateConnector', layout.isDateConnector),
    isNameKey: asker('isNameKey', layout.isNameKey),
    mentions: classAsker('mentions', (wordClass, text) => layout.mentions(wordClass, text)),
    startsWith: classAsker('startsWith', (wordClass, text) => layout.startsWith(wordClass, text)),
    consistsOf: classAsker('consistsOf', (wordClass, text) => layout.consistsOf(wordClass, text)),
    afterStart: classAsker('afterStart', (wordClass, text) => layout.afterStart(wordClass, text)),
    endsIn: classAsker('endsIn', (wordClass, text) => layout.endsIn(wordClass, text)),
    endsNearly: (wordClass: MentionedWordClass, text: string, letters: number) => layout.endsNearly(wordClass, text, letters),
    numberOf: (word: string) => layout.numberOf(word),
    lengthAt: (wordClass: MentionedWordClass, words: readonly string[], index: number) => layout.lengthAt(wordClass, words, index),
  });
}

/** The answers a prepared plan keeps about texts, per compiled layout words (one per capability instance). */
const PLAN_LAYOUT_ANSWERS = memoKey<WeakMap<LayoutWords, LayoutAnswers>>('layout-words/plan-answers');

/**
 * The run's remembering copy of `layout` (`rememberingLayoutWords`), kept in the run's memo;
 * with a prepared plan (`plan`, `CapabilityContext.planMemo`), behind the answers the plan
 * keeps for its runs.
 */
export function layoutWordsForRun(run: { memo<T>(key: string, compute: () => T): T }, layout: LayoutWords, plan?: RunMemo): LayoutWords {
  const copies = run.memo('layout-words/remembering', () => new WeakMap<LayoutWords, LayoutWords>());
  let copy = copies.get(layout);
  if (copy === undefined) {
    const keptByLayout = plan?.remember(PLAN_LAYOUT_ANSWERS, () => new WeakMap());
    let kept = keptByLayout?.get(layout);
    if (keptByLayout !== undefined && kept === undefined) {
      kept = { size: 0, byQuestion: new Map() };
      keptByLayout.set(layout, kept);
    }
    copy = rememberingLayoutWords(layout, kept);
    copies.set(layout, copy);
  }
  return copy;
}
