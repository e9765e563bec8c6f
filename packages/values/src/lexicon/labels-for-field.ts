/**
 * The labels a document may use for a contract field: exact labels (the field name split
 * into words, its path, its declared `labels`, the head noun phrase of a short
 * description) and synonym labels (the other terms of every business concept the exact
 * labels name). `explicit_evidence` reports an exact-label match as `EXACT_LABEL` and a
 * synonym match as `SYNONYM_LABEL`, so the two sets are kept apart. Synonyms are a pure
 * function of the exact labels and the concept ids (`synonymLabels`), which is all a
 * step config records.
 */
import { defaultLexicon, type Lexicon } from './business-lexicon.js';
import { normalizeLabelText, splitIdentifier } from './normalize-label.js';

/** What the lexicon reads of a field (structurally a contract's `CanonicalField`). */
export interface LabelledField {
  readonly name: string;
  /** Dotted path; `[]` marks array items (`line_items[].amount`). */
  readonly path: string;
  /** Extra phrases a document may use for the field. */
  readonly labels: readonly string[];
  readonly description: string | null;
}

/** Normalized labels of one field. */
export interface FieldLabels {
  readonly exact: readonly string[];
  readonly synonyms: readonly string[];
  /** Lexicon concepts the field was linked to (`total`, `due-date`, …), sorted. */
  readonly concepts: readonly string[];
}

const STOP_AT = new Set(['of', 'to', 'as', 'for', 'that', 'which', 'by', 'on', 'in', 'from', 'with', 'including', 'excluding', 'before', 'after', 'if', 'when', 'where', 'is', 'was', 'the', 'a', 'an', 'e', 'g', 'eg', 'for', 'printed', 'stated', 'charged', 'issued']);
const GENERIC_WORDS = new Set(['name', 'date', 'amount', 'value', 'number', 'code', 'id', 'text', 'type', 'total', 'title', 'address', 'description', 'status', 'reference']);

/**
 * The description's head noun phrase when it is short and specific: "The invoice number as
 * printed on the invoice." → `invoice number`. Returns null for a phrase of one generic word
 * ("Date the invoice was issued." gives only `date`, too vague to be a label) or over four words.
 */
export function descriptionNounPhrase(description: string | null): string | null {
  if (description === null) return null;
  const head = description.split(/[.,;:()!?\n]/)[0] ?? '';
  const words = normalizeLabelText(head).split(' ').filter((word) => word.length > 0);
  while (words.length > 0 && ['the', 'a', 'an', 'this', 'its', 'our', 'your'].includes(words[0] ?? '')) words.shift();
  const phrase: string[] = [];
  for (const word of words) {
    if (STOP_AT.has(word)) break;
    phrase.push(word);
  }
  if (phrase.length === 0 || phrase.length > 4) return null;
  if (phrase.length === 1 && GENERIC_WORDS.has(phrase[0] ?? '')) return null;
  return phrase.join(' ');
}

/**
 * Labels for a field, from the given lexicon (the built-in packs' by default).
 *
 * @example
 * labelsForField(defineField({ path: 'total_amount', type: 'MONEY' }));
 * // { exact: ['total amount'], synonyms: ['amount due', 'balance due', …, 'total', …], concepts: ['total'] }
 */
export function labelsForField(field: LabelledField, lexicon: Lexicon = defaultLexicon()): FieldLabels {
  const exact: string[] = [];
  const add = (label: string | null): void => {
    if (label === null) return;
    const normalized = normalizeLabelText(label);
    if (normalized.length > 0 && !exact.includes(normalized)) exact.push(normalized);
  };
  add(splitIdentifier(field.name));
  const pathWords = field.path.split('.').map((segment) => splitIdentifier(segment.replace(/\[\]$/, '')));
  if (pathWords.length > 1) add(pathWords.slice(-2).join(' '));
  for (const label of field.labels) add(label);
  add(descriptionNounPhrase(field.description));

  const concepts = new Set<string>();
  for (const label of exact) for (const concept of lexicon.conceptsOfLabel(label)) concepts.add(concept);
  const sortedConcepts = [...concepts].sort();
  return Object.freeze({ exact: Object.freeze(exact), synonyms: synonymLabels(exact, sortedConcepts, lexicon), concepts: Object.freeze(sortedConcepts) });
}

/**
 * The synonym labels of a field: every term of the concepts (in lexicon order, each
 * once) that is not one of its exact labels. Step configs store only the exact labels and
 * the concept ids; `explicit_evidence` derives the synonyms with this function when it
 * runs, so the capability's version pins the lexicon (ADR 0010).
 *
 * @example
 * synonymLabels(['total amount'], ['total']); // ['total', 'total due', 'amount due', …]
 */
export function synonymLabels(exact: readonly string[], concepts: readonly string[], lexicon: Lexicon = defaultLexicon()): readonly string[] {
  const terms = termsOfConcepts(concepts, lexicon);
  return Object.freeze(exact.some((label) => terms.includes(label)) ? terms.filter((term) => !exact.includes(term)) : terms);
}

/** The terms of a set of concepts, in lexicon order, each once. */
function termsOfConcepts(concepts: readonly string[], lexicon: Lexicon): readonly string[] {
  if (concepts.length === 1) return lexicon.termsOfConcept(concepts[0]!);
  const wanted = new Set(concepts);
  const collected = new Set<string>();
  for (const concept of lexicon.concepts) {
    if (!wanted.has(concept.id)) continue;
    for (const term of concept.terms) collected.add(term);
  }
  return [...collected];
}
