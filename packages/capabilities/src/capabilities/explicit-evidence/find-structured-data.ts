/**
 * Structured data: the XML of the input or embedded in a PDF. An XML document written in a
 * syntax a knowledge pack knows (an EN 16931 invoice in CII or UBL) is read once per run
 * into its business terms, each with the element it came from; a field bound to a term
 * (`configure`: its name or a declared label is one of the term's field names, or a label
 * or tag names the term's id) takes that term's value as `STRUCTURED_DATA` evidence, with
 * the element path and the spans of the value and of the element's name. An XML
 * input in no known syntax is read like JSON: an element whose name matches the field's labels is
 * `STRUCTURED_KEY` (exact) or a synonym/fuzzy label; an embedded file of no known syntax is
 * not read (it need not describe the printed document).
 *
 * Values of a known syntax are read by the term's value type, not by guessing from text:
 * amounts are plain decimals with the currency attribute the pack names (`currencyID`; else
 * the invoice currency term), dates are ISO or in the format the element's format-qualifier
 * attribute names (the pack's `attributes.dateFormat` and `dateFormats`: `102` → yyyyMMdd).
 */
import { isCalendarDate, isIsoCurrencyCode, EvidenceKind, type JsonValue, type SourceSpan } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import type { XmlDocument, XmlElement } from '@paxman/document';
import type { BusinessTerm, CompiledStep, CompiledStructuredData, CompiledSyntax } from '@paxman/knowledge';
import { memoKey, type CapabilityContext } from '@paxman/capability-spi';
import { type Lexicon, normalizeLabelText, splitIdentifier } from '@paxman/values';
import type { LabelMatch } from '../shared/label-match.js';
import { recordLabelledValue, type SearchContext } from './search-context.js';

/** Field types each term value type can fill. */
const TYPES_OF_TERM: Readonly<Record<BusinessTerm['valueType'], readonly string[]>> = {
  identifier: ['STRING'],
  text: ['STRING'],
  code: ['STRING', 'ENUM'],
  date: ['DATE'],
  amount: ['MONEY', 'DECIMAL'],
  quantity: ['DECIMAL', 'INTEGER'],
};

/** Rank of a structured-data finding among the step's candidates: above every printed or keyed reading. */
const STRUCTURED_DATA_RANK = 400;

/** The names a field may be bound by: its path in words, its declared labels, and any label or tag that is a term id. */
function fieldNames(field: CanonicalField): string[] {
  return [splitIdentifier(field.path.replace(/\[\]/g, '').replace(/\./g, ' ')), ...(field.labels ?? []), ...(field.tags ?? []).filter((tag) => /^bt-\d+$/i.test(tag))];
}

/** The business term the field is bound to (and can take a value of), or null. */
export function bindStructuredTerm(field: CanonicalField, knowledge: CompiledStructuredData | null): BusinessTerm | null {
  if (knowledge === null) return null;
  const term = knowledge.bindField(fieldNames(field));
  return term !== null && TYPES_OF_TERM[term.valueType].includes(field.type) ? term : null;
}

/** One element a term was read from. */
interface TermSighting {
  readonly document: XmlDocument;
  readonly syntax: CompiledSyntax;
  readonly element: XmlElement;
}

/** What one run knows of the Document's structured data: each known-syntax XML document's elements by term. */
interface StructuredReading {
  readonly byTerm: ReadonlyMap<string, readonly TermSighting[]>;
  /** XML documents in no syntax the pack knows (read like JSON). */
  readonly generic: readonly XmlDocument[];
}

const STRUCTURED_READINGS = memoKey<WeakMap<CompiledStructuredData, StructuredReading>>('explicit_evidence/structured-data');

/** `{namespace}local/…` from the root to the element, conditions left out. */
function pathKeyOf(steps: readonly Pick<CompiledStep, 'namespace' | 'localName'>[]): string {
  return steps.map((step) => `{${step.namespace}}${step.localName}`).join('/');
}

function attributeHolds(element: XmlElement, condition: CompiledStep['attribute']): boolean {
  return condition === undefined || element.attributes.some((attribute) => attribute.localName === condition.localName && attribute.value === condition.value);
}

/** True when the element and its ancestors meet every attribute condition of the path. */
function conditionsHold(elements: readonly XmlElement[], index: number, steps: readonly CompiledStep[]): boolean {
  let at = index;
  for (let step = steps.length - 1; step >= 0 && at >= 0; step -= 1) {
    if (!attributeHolds(elements[at]!, steps[step]!.attribute)) return false;
    at = elements[at]!.parent;
  }
  return true;
}

/** Reads every term of the pack out of the Document's XML, once. */
function readStructuredData(documents: readonly XmlDocument[], knowledge: CompiledStructuredData): StructuredReading {
  const byTerm = new Map<string, TermSighting[]>();
  const generic: XmlDocument[] = [];
  for (const document of documents) {
    const root = document.elements[0]!;
    const syntax = knowledge.syntaxOf(root.namespace, root.localName);
    if (syntax === null) {
      generic.push(document);
      continue;
    }
    // Every element's path from the root, as namespace-resolved keys (the root's own step left out).
    const keys: string[] = [];
    const byKey = new Map<string, number[]>();
    document.elements.forEach((element, index) => {
      const step = `{${element.namespace}}${element.localName}`;
      const key = element.parent < 0 ? '' : keys[element.parent] === '' ? step : `${keys[element.parent]}/${step}`;
      keys.push(key);
      const list = byKey.get(key);
      if (list === undefined) byKey.set(key, [index]);
      else list.push(index);
    });
    for (const termId of knownTerms(knowledge, syntax)) {
      for (const steps of knowledge.pathsOf(termId, syntax.syntax.id)) {
        const found = (byKey.get(pathKeyOf(steps)) ?? []).filter((index) => document.elements[index]!.textSpan !== null && conditionsHold(document.elements, index, steps));
        if (found.length === 0) continue;
        const list = byTerm.get(termId) ?? [];
        for (const index of found) list.push({ document, syntax, element: document.elements[index]! });
        byTerm.set(termId, list);
        break;
      }
    }
  }
  return { byTerm, generic };
}

/** The ids of the terms that have a path in `syntax`. */
function knownTerms(knowledge: CompiledStructuredData, syntax: CompiledSyntax): string[] {
  const ids: string[] = [];
  for (const term of knowledge.terms) if (knowledge.pathsOf(term.id, syntax.syntax.id).length > 0) ids.push(term.id);
  return ids;
}

/** The run's reading of the Document's structured data (made on the first field that asks). */
export function structuredReading(context: CapabilityContext, knowledge: CompiledStructuredData): StructuredReading {
  const read = (): StructuredReading => readStructuredData(context.document.xml ?? [], knowledge);
  const readings = context.memo?.remember(STRUCTURED_READINGS, () => new WeakMap());
  if (readings === undefined) return read();
  let reading = readings.get(knowledge);
  if (reading === undefined) {
    reading = read();
    readings.set(knowledge, reading);
  }
  return reading;
}

/** The value of the attribute with this local name (the pack names it), or undefined. */
function attributeValue(element: XmlElement, localName: string | null): string | undefined {
  return localName === null ? undefined : element.attributes.find((attribute) => attribute.localName === localName)?.value;
}

const PLAIN_DECIMAL = /^[-+]?\d+(?:\.\d+)?$/;
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/;

/** A date by the element's `format` qualifier (a pattern of the pack), or ISO. */
function readDate(element: XmlElement, knowledge: CompiledStructuredData): string | null {
  const format = attributeValue(element, knowledge.dateFormatAttribute);
  const text = element.text;
  if (format !== undefined) {
    const pattern = knowledge.dateFormat(format);
    if (pattern === undefined || text.length !== pattern.length || !/^\d+$/.test(text)) return null;
    const part = (token: string): string => {
      const at = pattern.indexOf(token);
      return at < 0 ? '' : text.slice(at, at + token.length);
    };
    const date = `${part('yyyy')}-${part('MM')}-${part('dd')}`;
    return isCalendarDate(date) ? date : null;
  }
  const iso = ISO_DATE.exec(text);
  return iso !== null && isCalendarDate(iso[1]!) ? iso[1]! : null;
}

/** The value of the invoice currency term in the sighting's document, when the pack names one. */
function documentCurrency(reading: StructuredReading, term: BusinessTerm, sighting: TermSighting): string | null {
  if (term.currencyTerm === undefined) return null;
  const currency = reading.byTerm.get(term.currencyTerm)?.find((entry) => entry.document === sighting.document)?.element.text.toUpperCase() ?? null;
  return isIsoCurrencyCode(currency) ? currency : null;
}

/** The element's value in the field's encoding, or null when it does not read as one. */
function termValue(field: CanonicalField, term: BusinessTerm, sighting: TermSighting, reading: StructuredReading, knowledge: CompiledStructuredData): JsonValue | null {
  const text = sighting.element.text.replace(/\s+/g, ' ');
  switch (term.valueType) {
    case 'date':
      return readDate(sighting.element, knowledge);
    case 'amount':
    case 'quantity': {
      if (!PLAIN_DECIMAL.test(text)) return null;
      const amount = text.replace(/^\+/, '');
      if (field.type !== 'MONEY') return amount;
      const stated = attributeValue(sighting.element, knowledge.currencyAttribute)?.toUpperCase() ?? null;
      const currency = isIsoCurrencyCode(stated) ? stated : documentCurrency(reading, term, sighting);
      return { amount, currency };
    }
    default:
      return text.length > 0 ? text : null;
  }
}

/**
 * The sighting of a term in each XML document that gives the field its value. EN 16931's
 * business terms are single-valued; a syntax that repeats the element (CII EXTENDED lists
 * several payment terms, each with a due date) puts the core term first, so the first in
 * document order is the term's value. An amount stated in several currencies (a VAT total
 * in the invoice and in the accounting currency) is read in the invoice currency.
 */
function sightingsFor(term: BusinessTerm, reading: StructuredReading, knowledge: CompiledStructuredData): readonly TermSighting[] {
  const byDocument = new Map<XmlDocument, TermSighting[]>();
  for (const sighting of reading.byTerm.get(term.id) ?? []) {
    const list = byDocument.get(sighting.document);
    if (list === undefined) byDocument.set(sighting.document, [sighting]);
    else list.push(sighting);
  }
  const inInvoiceCurrency = (entry: TermSighting): boolean => {
    const stated = attributeValue(entry.element, knowledge.currencyAttribute)?.toUpperCase();
    return stated === undefined || stated === documentCurrency(reading, term, entry);
  };
  return [...byDocument.values()].map((sightings) => (term.valueType === 'amount' && sightings.length > 1 ? sightings.find(inInvoiceCurrency) : undefined) ?? sightings[0]!);
}

/** Records the bound term's values (`STRUCTURED_DATA`). */
export function findInStructuredData(search: SearchContext, context: CapabilityContext, knowledge: CompiledStructuredData, termId: string | null): void {
  if (termId === null || (context.document.xml ?? []).length === 0) return;
  const term = knowledge.term(termId);
  if (term === undefined) return;
  const reading = structuredReading(context, knowledge);
  for (const sighting of sightingsFor(term, reading, knowledge)) {
    const value = termValue(context.field, term, sighting, reading, knowledge);
    const valueSpan = sighting.element.textSpan;
    if (value === null || valueSpan === null) continue;
    const layerText = search.index.layerText(valueSpan.layer);
    const spans: SourceSpan[] = [valueSpan, sighting.element.nameSpan];
    search.builder.finding({
      value,
      raw: layerText.slice(valueSpan.start, valueSpan.end),
      rank: STRUCTURED_DATA_RANK,
      kind: EvidenceKind.STRUCTURED_DATA,
      spans,
      text: layerText.slice(valueSpan.start, valueSpan.end),
      label: `${term.id} ${term.name}`,
      detail: {
        structure: 'structured-data',
        standard: knowledge.standard,
        term: term.id,
        syntax: sighting.syntax.syntax.id,
        path: sighting.element.path,
        pack: knowledge.pack,
        source: sighting.document.source,
        ...(sighting.document.fileName === null ? {} : { fileName: sighting.document.fileName }),
      },
    });
  }
}

function isCurrencyName(name: string, lexicon: Lexicon): boolean {
  return lexicon.conceptsOfLabel(normalizeLabelText(splitIdentifier(name))).includes('currency');
}

function strengthOf(match: LabelMatch): number {
  return (match.strength === 'exact' ? 300 : match.strength === 'synonym' ? 200 : 100) + match.specificity;
}

/** A leaf element of generic XML that can hold a scalar value, with the keys it is matched by. */
interface GenericLeaf {
  readonly element: XmlElement;
  /** Its name in words (`orderNumber` → `order Number`). */
  readonly leafKey: string;
  /** Its parent's and its own name in words, when the parent is not the root (`Seller Name`). */
  readonly parentKey: string | null;
  readonly label: string;
  readonly parentLabel: string | null;
}

const GENERIC_LEAVES = memoKey<WeakMap<readonly XmlDocument[], readonly GenericLeaf[]>>('explicit_evidence/generic-xml-leaves');

/**
 * The leaves of the generic XML documents, once per run: elements with text and no
 * children that are not under a repeated element (a list of items holds per-item values).
 */
function genericLeaves(documents: readonly XmlDocument[]): GenericLeaf[] {
  const leaves: GenericLeaf[] = [];
  for (const document of documents) {
    const siblings = new Map<string, number>();
    const keyOf = (element: XmlElement): string => `${element.parent}\u0000${element.namespace}\u0000${element.localName}`;
    for (const element of document.elements) siblings.set(keyOf(element), (siblings.get(keyOf(element)) ?? 0) + 1);
    // Elements in document order: a parent comes before its children, so repetition is inherited in one pass.
    const underRepeated: boolean[] = [];
    document.elements.forEach((element, index) => {
      underRepeated[index] = (siblings.get(keyOf(element)) ?? 0) > 1 || (element.parent >= 0 && underRepeated[element.parent] === true);
      if (element.hasChildren || element.textSpan === null || underRepeated[index]) return;
      const parent = element.parent >= 0 ? document.elements[element.parent]! : undefined;
      const withParent = parent !== undefined && parent.parent >= 0;
      leaves.push({
        element,
        leafKey: splitIdentifier(element.localName),
        parentKey: withParent ? splitIdentifier(`${parent.localName} ${element.localName}`) : null,
        label: element.localName,
        parentLabel: withParent ? `${parent.localName}/${element.localName}` : null,
      });
    });
  }
  return leaves;
}

/**
 * XML in no known syntax, read like JSON keys: a leaf element whose name (or its parent's
 * and its own, `Seller/Name`) matches the field's labels. Elements under a repeated parent
 * (a list of items) are per-item values and are left alone for a scalar field. The leaves
 * are listed once per run; each distinct name is matched once per field.
 */
export function findInGenericXml(search: SearchContext, context: CapabilityContext, knowledge: CompiledStructuredData | null): void {
  if ((context.document.xml ?? []).length === 0) return;
  // Only the XML input itself: a file of unknown schema embedded in a PDF (a delivery note,
  // metadata) does not state the printed document's values.
  // The run's list (the Document's, or the reading's) keys the memo: a filtered copy would be new for every field.
  const unknown = knowledge === null ? (context.document.xml ?? []) : structuredReading(context, knowledge).generic;
  if (unknown.length === 0) return;
  const memo = context.memo?.remember(GENERIC_LEAVES, () => new WeakMap());
  let leaves = memo?.get(unknown);
  if (leaves === undefined) {
    leaves = genericLeaves(unknown.filter((document) => document.source === 'input'));
    memo?.set(unknown, leaves);
  }
  for (const leaf of leaves) {
    const own = search.matchKey(leaf.leafKey);
    const withParent = leaf.parentKey === null ? null : search.matchKey(leaf.parentKey);
    const match = withParent && (!own || strengthOf(withParent) >= strengthOf(own)) ? { ...withParent, label: leaf.parentLabel! } : own ? { ...own, label: leaf.label } : null;
    if (match === null) continue;
    const { element } = leaf;
    const textSpan = element.textSpan!;
    const asWritten = search.index.layerText(textSpan.layer).slice(textSpan.start, textSpan.end);
    // An attribute the lexicon calls a currency (`currency="EUR"`, `currencyID`) states the amount's.
    const currency = element.attributes.find((attribute) => isCurrencyName(attribute.localName, search.lexicon))?.value.toUpperCase() ?? null;
    recordLabelledValue(search, {
      match,
      keySpan: element.nameSpan,
      valueSpan: textSpan,
      valueText: asWritten === element.text ? element.text : element.text.replace(/\s+/g, ' '),
      structured: true,
      structure: 'xml-element',
      extraCurrency: isIsoCurrencyCode(currency) ? currency : null,
      detail: { path: element.path },
    });
  }
}
