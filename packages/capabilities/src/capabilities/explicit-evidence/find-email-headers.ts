/**
 * E-mail headers. A header whose name is an exact label of the field ("Subject" for a
 * `subject` field) is `STRUCTURED_KEY` evidence. Address headers (From, To, Reply-To,
 * Sender) also match by synonym — From names the supplier, To the buyer — and give the
 * display name to a party-name field and the address to an e-mail field; a bare address
 * is never offered as a name. Other headers (Date) match only exact labels: the date an
 * e-mail was sent is not the invoice date. A Subject naming a document "from" someone
 * ("Your receipt from Blue Heron Books", "Invoice 42 from ACME Corp") gives the issuer's
 * name to a supplier / merchant field, as an inline synonym reading. The words that do it —
 * the document titles, the word before the sender ("from", "von"), the names of the parties
 * — come from the instance's packs; header names are the protocol's (RFC 5322).
 */
import type { LayoutWords } from '../shared/layout-words.js';
import { matchLabel, type LabelMatch } from '../shared/label-match.js';
import { recordLabelledValue, type SearchContext } from './search-context.js';

const ADDRESS_HEADERS = new Set(['from', 'to', 'reply-to', 'sender', 'cc']);

/** The display name and address of the first mailbox in an address header, with offsets. */
export function parseMailbox(value: string): { name: { start: number; end: number } | null; address: { start: number; end: number } | null } {
  const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  if (angle) {
    const addressStart = angle.index + 1;
    let start = 0;
    let end = angle.index;
    while (start < end && /[\s"']/.test(value[start]!)) start += 1;
    while (end > start && /[\s"']/.test(value[end - 1]!)) end -= 1;
    return { name: end > start ? { start, end } : null, address: { start: addressStart, end: addressStart + angle[1]!.length } };
  }
  const bare = /[^\s<>,;"]+@[^\s<>,;"]+/.exec(value);
  return { name: null, address: bare ? { start: bare.index, end: bare.index + bare[0].length } : null };
}

/** The party a header names: From the sender (the supplier), To the recipient (the buyer). */
const HEADER_PARTY: Readonly<Record<string, string>> = { from: 'supplier', to: 'buyer' };

/**
 * An e-mail field of a party ("supplier_email", "customer e-mail") reads the sender's or
 * recipient's address: a synonym-grade match of the From or To header, when a word of the
 * field's labels names that party in the lexicon.
 */
function addressFieldMatch(header: string, context: SearchContext): LabelMatch | null {
  const party = HEADER_PARTY[header];
  if (context.reading.semantic !== 'email' || party === undefined) return null;
  const words = new Set(context.labels.exact.flatMap((label) => label.split(' ')));
  if (![...words].some((word) => word === header || context.lexicon.conceptsOfLabel(word).includes(party))) return null;
  return { strength: 'synonym', label: header, normalizedKey: header, currency: null, specificity: 1 };
}

/**
 * The issuer named at the end of a Subject line ("Your receipt from Blue Heron Books",
 * "Ihre Rechnung von Kraxi GmbH"), with offsets in `value`, or null: a document title
 * before a sender word, and after it a name — capitalised, as names are ("from your
 * account" names nobody).
 */
export function subjectIssuer(value: string, layout: LayoutWords): { start: number; end: number } | null {
  const words = [...value.matchAll(/[\p{L}\p{N}&]+/gu)].map((match) => ({ text: match[0], start: match.index }));
  for (let index = words.length - 2; index >= 1; index -= 1) {
    const sender = layout.lengthAt('sender-words', words.map((word) => word.text), index);
    if (sender === 0) continue;
    const name = words[index + sender];
    if (name === undefined || !/^[\p{Lu}\p{N}]/u.test(name.text)) continue;
    if (!words.slice(0, index).some((word) => layout.isTitleWord(word.text))) return null;
    const end = value.replace(/[\s.!]+$/u, '').length;
    return end > name.start ? { start: name.start, end } : null;
  }
  return null;
}

function findIssuerInSubject(context: SearchContext, header: { readonly name: string; readonly value: string; readonly span: { readonly start: number; readonly end: number; readonly layer: string } }): void {
  if (context.reading.semantic !== 'party' || !context.labels.concepts.includes('supplier')) return;
  const issuer = subjectIssuer(header.value, context.layout);
  if (!issuer) return;
  const layerText = context.index.layerText(header.span.layer);
  const offset = layerText.slice(header.span.start, header.span.end).lastIndexOf(header.value);
  if (offset < 0) return;
  const start = header.span.start + offset + issuer.start;
  const end = header.span.start + offset + issuer.end;
  recordLabelledValue(context, {
    match: { strength: 'synonym', label: 'from', normalizedKey: 'from', currency: null, specificity: 1 },
    keySpan: null,
    valueSpan: { start, end, layer: header.span.layer },
    valueText: layerText.slice(start, end),
    structured: false,
    structure: 'inline',
    detail: { header: 'subject' },
  });
}

/** E-mail headers of the document. */
export function findInEmailHeaders(context: SearchContext): void {
  const email = context.index.document.email;
  if (!email) return;
  for (const header of email.headers) if (header.name.toLowerCase() === 'subject') findIssuerInSubject(context, header);
  for (const header of email.headers) {
    const name = header.name.toLowerCase();
    const match = matchLabel(name, context.labels, context.index.normalizeLabel, context.lexicon) ?? addressFieldMatch(name, context);
    if (!match) continue;
    const isAddress = ADDRESS_HEADERS.has(name);
    if (match.strength !== 'exact' && !isAddress) continue;
    const layerText = context.index.layerText(header.span.layer);
    const spanText = layerText.slice(header.span.start, header.span.end);
    // The header span may cover "Name: value" or just the value; locate the value inside it.
    const offset = spanText === header.value ? 0 : spanText.lastIndexOf(header.value);
    if (offset < 0) continue;
    let start = header.span.start + offset;
    let end = start + header.value.length;
    if (isAddress) {
      const mailbox = parseMailbox(header.value);
      const part = context.reading.semantic === 'email' ? mailbox.address : context.reading.fieldType === 'STRING' ? mailbox.name : null;
      if (!part) continue;
      end = start + part.end;
      start += part.start;
    }
    recordLabelledValue(context, {
      match: { ...match, label: match.strength === 'exact' ? match.label : name },
      keySpan: header.nameSpan ?? null,
      valueSpan: { start, end, layer: header.span.layer },
      valueText: layerText.slice(start, end),
      // Only an exact header name is a structured key; From → supplier is a synonym reading.
      structured: match.strength === 'exact',
      structure: 'email-header',
      detail: { header: name },
    });
  }
}
