/**
 * The XML reader: one text layer → its elements in document order, each with its
 * namespace-resolved name, its path, its attributes and its text, every one with a span
 * into the layer. saxes does the parsing (well-formedness, namespaces, character
 * references); this module adds the offsets and the bounds.
 *
 * Safe by construction: nothing is fetched (saxes never resolves external identifiers),
 * a document type declaration that declares entities is refused before anything is
 * expanded (the billion-laughs and external-entity attacks), and the text length, the
 * element count and the nesting depth are bounded. A refused or malformed document comes
 * back as `{ ok: false, reason }`; this function never throws.
 */
import type { SourceSpan } from '@paxman/core';
import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { XmlAttribute, XmlElement } from '../model.js';
import { XML_CHARACTER_LIMIT, XML_DEPTH_LIMIT, XML_ELEMENT_LIMIT } from '../limits.js';

/** What scanning one XML text gave. */
export type XmlScan =
  | { readonly ok: true; readonly elements: readonly XmlElement[] }
  | { readonly ok: false; readonly reason: string; readonly refused: boolean };

interface OpenElement {
  readonly index: number;
  readonly contentStart: number;
  text: string;
  hasChildren: boolean;
}

/** Thrown from a parser event to stop reading at the first problem. */
class ReadingStopped extends Error {}

/** An entity declaration inside a document type declaration (`<!ENTITY lol "…">`). */
const ENTITY_DECLARATION = /<!ENTITY/i;

/** The XML declaration, comments, processing instructions and a document type before the root element. */
const PROLOG = /^(?:\s+|<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>)*/i;

/**
 * True when `text` (after a byte-order mark) is an XML document rather than HTML: it
 * declares itself (`<?xml`) or its root element declares a namespace, and the root is not
 * an HTML (or XHTML) page, which the HTML reader renders.
 */
export function looksLikeXml(text: string): boolean {
  const head = text.slice(0, 4096).replace(/^\uFEFF/, '');
  const trimmed = head.trimStart();
  if (!trimmed.startsWith('<')) return false;
  const root = head.slice(PROLOG.exec(head)?.[0].length ?? 0);
  if (!/^<[A-Za-z_]/.test(root) || /^<(?:[\w.-]+:)?html[\s>]/i.test(root)) return false;
  if (trimmed.startsWith('<?xml')) return true;
  // A namespaced root element (`<Invoice xmlns="…">`, `<rsm:CrossIndustryInvoice …>`).
  return /^<[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?\s[^>]*xmlns(?::[\w.-]+)?\s*=/.test(root);
}

/** The trimmed part of `[start, end)` of `text`, as a span (null when only white space). */
function trimmedRange(text: string, start: number, end: number): readonly [number, number] | null {
  let from = start;
  let to = end;
  while (from < to && /\s/.test(text[from]!)) from += 1;
  while (to > from && /\s/.test(text[to - 1]!)) to -= 1;
  return from < to ? [from, to] : null;
}

/** Spans of the attribute values in the start tag `[tagStart, tagEnd)`: found by name, the quotes excluded. */
function attributeRanges(text: string, tagStart: number, tagEnd: number): Map<string, readonly [number, number]> {
  const spans = new Map<string, readonly [number, number]>();
  const tag = text.slice(tagStart, tagEnd);
  const pattern = /([^\s=<>/"']+)\s*=\s*(["'])/g;
  for (let match = pattern.exec(tag); match !== null; match = pattern.exec(tag)) {
    const valueStart = match.index + match[0].length;
    const close = tag.indexOf(match[2]!, valueStart);
    if (close < 0) break;
    spans.set(match[1]!, [tagStart + valueStart, tagStart + close]);
    pattern.lastIndex = close + 1;
  }
  return spans;
}

/**
 * Scans the XML text of layer `layer`. Elements come in document order, the root first;
 * `text` is an element's own decoded text when it has no child elements.
 *
 * @example
 * const scan = scanXml('<a xmlns="urn:x"><b>7</b></a>', 'input');
 * scan.ok && scan.elements[1].path; // '/a/b'
 */
export function scanXml(layerText: string, layer: string): XmlScan {
  // A byte-order mark is not content: offsets are counted in the body and shifted back.
  const shift = layerText.startsWith('\uFEFF') ? 1 : 0;
  const text = shift === 0 ? layerText : layerText.slice(1);
  const span = (_layer: string, start: number, end: number): SourceSpan => ({ start: start + shift, end: end + shift, layer });
  if (text.length > XML_CHARACTER_LIMIT) return { ok: false, refused: true, reason: `XML of ${text.length} characters is larger than ${XML_CHARACTER_LIMIT}; not read.` };
  const elements: XmlElement[] = [];
  const stack: OpenElement[] = [];
  let failure: { reason: string; refused: boolean } | null = null;
  const parser = new SaxesParser({ xmlns: true, position: true });
  // The first problem ends the reading: nothing after it is parsed (or expanded).
  const fail = (reason: string, refused: boolean): never => {
    failure ??= { reason, refused };
    throw new ReadingStopped();
  };

  parser.on('doctype', (doctype) => {
    if (ENTITY_DECLARATION.test(doctype)) fail('XML declares entities in its document type (entity expansion and external entities are refused).', true);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    if (failure !== null) return;
    if (elements.length >= XML_ELEMENT_LIMIT) return fail(`XML has more than ${XML_ELEMENT_LIMIT} elements; not read.`, true);
    if (stack.length >= XML_DEPTH_LIMIT) return fail(`XML nests deeper than ${XML_DEPTH_LIMIT} elements; not read.`, true);
    const tagEnd = parser.position;
    const tagStart = text.lastIndexOf('<', tagEnd - 1 - (tag.isSelfClosing ? 1 : 0));
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.hasChildren = true;
    const valueRanges = Object.keys(tag.attributes).length > 0 ? attributeRanges(text, tagStart, tagEnd) : new Map<string, readonly [number, number]>();
    const attributes: XmlAttribute[] = [];
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue;
      attributes.push({
        name: attribute.name,
        localName: attribute.local,
        namespace: attribute.uri,
        value: attribute.value,
        span: span(layer, ...(valueRanges.get(attribute.name) ?? [tagStart, tagEnd])),
      });
    }
    const parentElement = parent === undefined ? undefined : elements[parent.index];
    const index = elements.length;
    elements.push({
      name: tag.name,
      localName: tag.local,
      namespace: tag.uri,
      parent: parent?.index ?? -1,
      depth: stack.length,
      path: `${parentElement?.path ?? ''}/${tag.name}`,
      nameSpan: span(layer, tagStart + 1, tagStart + 1 + tag.name.length),
      text: '',
      textSpan: null,
      attributes,
      hasChildren: false,
    });
    stack.push({ index, contentStart: tagEnd, text: '', hasChildren: false });
  });
  parser.on('text', (chunk) => {
    const open = stack[stack.length - 1];
    if (open !== undefined) open.text += chunk;
  });
  parser.on('cdata', (chunk) => {
    const open = stack[stack.length - 1];
    if (open !== undefined) open.text += chunk;
  });
  parser.on('closetag', (tag: SaxesTagNS) => {
    const open = stack.pop();
    if (open === undefined || failure !== null) return;
    const element = elements[open.index]!;
    if (tag.isSelfClosing || open.hasChildren) {
      elements[open.index] = { ...element, hasChildren: open.hasChildren };
      return;
    }
    const contentEnd = text.lastIndexOf('</', parser.position - 1);
    const range = trimmedRange(text, open.contentStart, Math.max(open.contentStart, contentEnd));
    elements[open.index] = { ...element, text: open.text.trim(), textSpan: range === null ? null : span(layer, range[0], range[1]) };
  });
  parser.on('error', (error) => fail(`XML is not well-formed: ${error.message.replace(/^undefined:/, '').trim()}`, /entity/i.test(error.message)));

  try {
    // One write: the input is already bounded, and saxes stops at the first error we record.
    parser.write(text).close();
  } catch (error) {
    if (!(error instanceof ReadingStopped)) failure ??= { reason: `XML is not well-formed: ${error instanceof Error ? error.message : String(error)}`, refused: false };
  }
  if (failure !== null) return { ok: false, ...(failure as { reason: string; refused: boolean }) };
  if (elements.length === 0) return { ok: false, refused: false, reason: 'XML has no root element.' };
  return { ok: true, elements: Object.freeze(elements.map((element) => Object.freeze({ ...element, attributes: Object.freeze(element.attributes) }))) };
}
