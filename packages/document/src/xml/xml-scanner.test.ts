import { describe, expect, it } from 'vitest';
import { buildDocument } from '../build-document.js';
import { XML_DEPTH_LIMIT } from '../limits.js';
import { looksLikeXml, scanXml } from './xml-scanner.js';

const UBL = `<?xml version="1.0" encoding="UTF-8"?>
<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cbc="urn:cbc" xmlns:cac="urn:cac">
  <cbc:ID>INV&amp;7</cbc:ID>
  <cac:LegalMonetaryTotal>
    <cbc:PayableAmount currencyID='EUR'>  12.50 </cbc:PayableAmount>
  </cac:LegalMonetaryTotal>
  <cbc:Note><![CDATA[a < b]]></cbc:Note>
  <cbc:Empty/>
</ubl:Invoice>`;

describe('scanXml', () => {
  it('lists elements in document order with resolved namespaces, paths, text and exact spans', () => {
    const scan = scanXml(UBL, 'input');
    if (!scan.ok) throw new Error(scan.reason);
    expect(scan.elements.map((element) => element.path)).toEqual([
      '/ubl:Invoice',
      '/ubl:Invoice/cbc:ID',
      '/ubl:Invoice/cac:LegalMonetaryTotal',
      '/ubl:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount',
      '/ubl:Invoice/cbc:Note',
      '/ubl:Invoice/cbc:Empty',
    ]);
    const [root, id, total, amount, note, empty] = scan.elements;
    expect(root).toMatchObject({ localName: 'Invoice', namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2', parent: -1, depth: 0, hasChildren: true, text: '' });
    // Decoded text; the span is the text as written (entities and all).
    expect(id).toMatchObject({ text: 'INV&7', namespace: 'urn:cbc', parent: 0 });
    expect(UBL.slice(id!.textSpan!.start, id!.textSpan!.end)).toBe('INV&amp;7');
    expect(UBL.slice(id!.nameSpan.start, id!.nameSpan.end)).toBe('cbc:ID');
    expect(total!.hasChildren).toBe(true);
    expect(amount!.text).toBe('12.50');
    expect(UBL.slice(amount!.textSpan!.start, amount!.textSpan!.end)).toBe('12.50');
    expect(amount!.attributes).toHaveLength(1);
    expect(amount!.attributes[0]).toMatchObject({ name: 'currencyID', value: 'EUR' });
    expect(UBL.slice(amount!.attributes[0]!.span.start, amount!.attributes[0]!.span.end)).toBe('EUR');
    expect(note!.text).toBe('a < b');
    expect(empty).toMatchObject({ text: '', textSpan: null, hasChildren: false });
    expect(Object.isFrozen(scan.elements)).toBe(true);
  });

  it('keeps offsets right after a byte-order mark', () => {
    const text = `\uFEFF<a xmlns="urn:a"><b>7</b></a>`;
    const scan = scanXml(text, 'attachment:x.xml');
    if (!scan.ok) throw new Error(scan.reason);
    const b = scan.elements[1]!;
    expect(text.slice(b.textSpan!.start, b.textSpan!.end)).toBe('7');
    expect(b.textSpan!.layer).toBe('attachment:x.xml');
  });

  it('refuses entity declarations (billion laughs, external entities) before expanding anything', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;">]><l>&b;</l>`;
    expect(scanXml(laughs, 'input')).toMatchObject({ ok: false, refused: true, reason: expect.stringMatching(/entities/) });
    const external = `<!DOCTYPE r [<!ENTITY x SYSTEM "http://127.0.0.1/">]><r>&x;</r>`;
    expect(scanXml(external, 'input')).toMatchObject({ ok: false, refused: true });
    // A document type without entities is allowed (and never fetched).
    expect(scanXml('<!DOCTYPE r SYSTEM "r.dtd"><r xmlns="urn:r">1</r>', 'input').ok).toBe(true);
  });

  it('refuses nesting deeper than the limit and says why for malformed XML', () => {
    const deep = `${'<a>'.repeat(XML_DEPTH_LIMIT + 1)}${'</a>'.repeat(XML_DEPTH_LIMIT + 1)}`;
    expect(scanXml(deep, 'input')).toMatchObject({ ok: false, refused: true, reason: expect.stringMatching(/deeper/) });
    expect(scanXml('<a><b></a>', 'input')).toMatchObject({ ok: false, refused: false, reason: expect.stringMatching(/not well-formed/) });
    expect(scanXml('<a>&nbsp;</a>', 'input')).toMatchObject({ ok: false });
  });

  it('tells XML from HTML and from text', () => {
    expect(looksLikeXml(UBL)).toBe(true);
    expect(looksLikeXml('<Invoice xmlns="urn:x"><ID>1</ID></Invoice>')).toBe(true);
    expect(looksLikeXml('<!DOCTYPE html><html><body>x</body></html>')).toBe(false);
    expect(looksLikeXml('<p>Total: 5</p>')).toBe(false);
    expect(looksLikeXml('Total: <b>5</b>')).toBe(false);
    // XHTML is a page for the HTML reader, whatever its declaration says.
    expect(looksLikeXml('<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><body>x</body></html>')).toBe(false);
    expect(looksLikeXml('<?xml version="1.0"?><!-- made by hand --><order><id>1</id></order>')).toBe(true);
  });
});

describe('XML in a Document', () => {
  it('reads an XML input as kind xml with its elements and no text structures', async () => {
    const document = await buildDocument(UBL);
    expect(document.kind).toBe('xml');
    expect(document.xml).toHaveLength(1);
    expect(document.xml![0]).toMatchObject({ layer: 'input', source: 'input', fileName: null });
    expect(document.keyValues).toEqual([]);
  });

  it('reads refused XML as text, with the refusal kept for the artifact', async () => {
    const document = await buildDocument('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "ha">]><l xmlns="urn:l">Total: &a;</l>');
    expect(document.kind).toBe('text');
    expect(document.xml).toEqual([]);
    expect(document.xmlRefusals).toHaveLength(1);
  });
});
