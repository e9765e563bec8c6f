/**
 * Matching a key found in a document ("Total Due (USD):", "invoice_number", "Bill To")
 * against a field's labels. Exact labels win over synonyms, synonyms over fuzzy matches;
 * a fuzzy match (a small edit distance, for OCR slips and typos) is refused when the key
 * is exactly a term of another lexicon concept, so "Subtotal" never passes for "total"
 * and "VAT number" never for "VAT".
 */
import type { JsonValue } from '@paxman/core';
import { type Lexicon, type NormalizedLabel, defaultLexicon, normalizeLabel, synonymLabels } from '@paxman/values';

/** How a key matched: the `EvidenceKind` it earns and the label it matched. */
export interface LabelMatch {
  readonly strength: 'exact' | 'synonym' | 'fuzzy';
  /** The field label (normalized) the key matched. */
  readonly label: string;
  /** The key as normalized. */
  readonly normalizedKey: string;
  /** Currency the key states ("Total (EUR)"), or null. */
  readonly currency: string | null;
  /** Words in the matched label: more words is a more specific label. */
  readonly specificity: number;
  /** True when the key continued past the label with a qualifier ("… on August 3"). */
  readonly qualified?: boolean;
}

/** Labels of a field as searched: exact labels, lexicon synonyms, concept ids. */
export interface LabelSet {
  readonly exact: readonly string[];
  readonly synonyms: readonly string[];
  readonly concepts: readonly string[];
}

/**
 * The labels as a step config records them: the exact labels and the lexicon concept ids
 * only. The synonyms are the concepts' terms, derived when the step runs
 * (`labelSetFromConfig`); copying them into every plan would copy the lexicon.
 */
export function labelsToConfig(labels: LabelSet): JsonValue {
  return { exact: [...labels.exact], concepts: [...labels.concepts] };
}

/**
 * The label set of a step config's `labels` (`labelsToConfig`), with the synonyms derived
 * from the lexicon; undefined when the config has none.
 */
export function labelSetFromConfig(value: JsonValue | undefined, lexicon: Lexicon = defaultLexicon()): LabelSet | undefined {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Readonly<Record<string, JsonValue>>;
  const exact = stringList(record.exact);
  const concepts = stringList(record.concepts);
  return Object.freeze({ exact: Object.freeze(exact), synonyms: synonymLabels(exact, concepts, lexicon), concepts: Object.freeze(concepts) });
}

function stringList(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** Damerau–Levenshtein (optimal string alignment) distance, capped: returns `cap + 1` once exceeded. */
export function editDistance(left: string, right: string, cap: number): number {
  if (Math.abs(left.length - right.length) > cap) return cap + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column += 1) {
      const cost = left[row - 1] === right[column - 1] ? 0 : 1;
      let value = Math.min(previous[column]! + 1, current[column - 1]! + 1, previous[column - 1]! + cost);
      if (row > 1 && column > 1 && left[row - 1] === right[column - 2] && left[row - 2] === right[column - 1]) {
        value = Math.min(value, previousPrevious[column - 2]! + 1);
      }
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > cap) return cap + 1;
    previousPrevious = previous;
    previous = current;
  }
  return previous[right.length]!;
}

/** A label, then a word of the packs' label qualifiers ("for", "as", "vom") and what it says of the value. */
function qualifiedMatch(text: string, labels: LabelSet, lexicon: Lexicon): { label: string; strength: 'exact' | 'synonym' } | null {
  const words = text.split(' ');
  const qualifiers = lexicon.words('label-qualifiers');
  for (let length = words.length - 1; length >= 1; length -= 1) {
    if (!qualifiers.includes(words[length]!)) continue;
    const head = words.slice(0, length).join(' ');
    if (labels.exact.includes(head)) return { label: head, strength: 'exact' };
    if (labels.synonyms.includes(head)) return { label: head, strength: 'synonym' };
  }
  return null;
}

function fuzzyAllowance(label: string): number {
  if (label.length < 6) return 0;
  return label.length < 12 ? 1 : 2;
}

function strip(key: string): string {
  // Leading list numbering ("1. Invoice number", "3) Total") is not part of a label.
  return key.replace(/^\s*(?:\d+[.)]|[a-z][.)])\s+/i, '');
}

/**
 * Matches one document key against a label set; null when it names something else.
 * A bilingual key ("Invoice No. / Rechnungsnummer") matches when any of its parts does.
 */
export function matchLabel(key: string, labels: LabelSet, normalize: LabelNormalizer = normalizeLabel, lexicon: Lexicon = defaultLexicon()): LabelMatch | null {
  return computeMatch(key, labels, normalize, lexicon);
}

/** How a label text is normalized: `normalizeLabel`, or a run's memoized copy of it (`DocumentIndex.normalizeLabel`). */
export type LabelNormalizer = (text: string) => NormalizedLabel;

/**
 * `matchLabel` bound to one label set, for a step that matches many keys (a key printed
 * twice is matched once).
 */
export function labelMatcher(labels: LabelSet, normalize: LabelNormalizer = normalizeLabel, lexicon: Lexicon = defaultLexicon()): (key: string) => LabelMatch | null {
  const matches = new Map<string, LabelMatch | null>();
  return (key) => {
    let match = matches.get(key);
    if (match === undefined) {
      match = computeMatch(key, labels, normalize, lexicon);
      matches.set(key, match);
    }
    return match;
  };
}

function computeMatch(key: string, labels: LabelSet, normalize: LabelNormalizer, lexicon: Lexicon): LabelMatch | null {
  const parts = key.includes('/') && !/^\s*[a-z]\/[a-z]\s*$/i.test(key) ? [key, ...key.split('/')] : [key];
  // A compound key where any part names another concept ("VAT/TIN", "Tax ID / VAT no") is not this field.
  // A part that is only a name key ("Customer name / company") says what kind of name follows, not whose.
  const nameKeys = parts.length > 1 ? lexicon.words('name-keys').map((word) => normalize(word).text) : [];
  const otherConcept = (part: string): boolean => {
    const text = normalize(strip(part)).text;
    return !nameKeys.includes(text) && namesOtherConcept(text, labels, lexicon);
  };
  if (parts.length > 1 && parts.some(otherConcept)) return null;
  let best: LabelMatch | null = null;
  for (const part of parts) {
    const match = matchOne(strip(part), labels, normalize, lexicon);
    if (match && (best === null || rank(match) > rank(best))) best = match;
  }
  return best;
}

function namesOtherConcept(text: string, labels: LabelSet, lexicon: Lexicon): boolean {
  if (labels.exact.includes(text) || labels.synonyms.includes(text)) return false;
  const concepts = lexicon.conceptsOfLabel(text);
  return concepts.length > 0 && !concepts.some((concept) => labels.concepts.includes(concept));
}

function rank(match: LabelMatch): number {
  const strength = match.strength === 'exact' ? 3 : match.strength === 'synonym' ? 2 : 1;
  return strength * 100 + match.specificity;
}

function matchOne(key: string, labels: LabelSet, normalize: LabelNormalizer, lexicon: Lexicon): LabelMatch | null {
  const normalized = normalize(key);
  const text = normalized.text;
  if (text.length === 0) return null;
  const make = (strength: LabelMatch['strength'], label: string): LabelMatch => ({
    strength,
    label,
    normalizedKey: text,
    currency: normalized.currency,
    specificity: label.split(' ').length,
  });
  if (labels.exact.includes(text)) return make('exact', text);
  if (labels.synonyms.includes(text)) return make('synonym', text);
  // The key names another concept exactly: never a fuzzy match for this field.
  const keyConcepts = lexicon.conceptsOfLabel(text);
  if (keyConcepts.length > 0 && !keyConcepts.some((concept) => labels.concepts.includes(concept))) return null;
  // A label followed by a qualifier about the value ("Total amount due on August 3, 2014",
  // "Balance due as of 1 May"): the label matches; the longest such label wins.
  const qualified = qualifiedMatch(text, labels, lexicon);
  if (qualified) return { ...make(qualified.strength, qualified.label), qualified: true };
  let best: { label: string; distance: number; strength: LabelMatch['strength'] } | null = null;
  for (const label of [...labels.exact, ...labels.synonyms]) {
    const allowance = fuzzyAllowance(label);
    if (allowance === 0 || Math.abs(label.length - text.length) > allowance) continue;
    // A slip keeps either end of the label: compare only labels that share a first or last pair of letters.
    if (label.slice(0, 2) !== text.slice(0, 2) && label.slice(-2) !== text.slice(-2)) continue;
    const distance = editDistance(text, label, allowance);
    if (distance <= allowance && (best === null || distance < best.distance)) best = { label, distance, strength: 'fuzzy' };
  }
  return best === null ? null : make('fuzzy', best.label);
}

/** A label of a field with its words. */
export interface LabelWords {
  readonly label: string;
  readonly strength: 'exact' | 'synonym';
  readonly words: readonly string[];
}

/** A field's labels with their words, longest first (exact before synonyms among equals). Depends on the labels only: compiled with them. */
export function labelsLongestFirst(labels: LabelSet): readonly LabelWords[] {
  return [
    ...labels.exact.map((label) => ({ label, strength: 'exact' as const, words: label.split(' ') })),
    ...labels.synonyms.map((label) => ({ label, strength: 'synonym' as const, words: label.split(' ') })),
  ].sort((left, right) => right.words.length - left.words.length);
}
