/**
 * `buildDocument` on realistic inputs of every kind: the structures field capabilities
 * read (key-values, tables, e-mail parts, CSV grid, JSON nodes) and the exactness of
 * every span.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from './analyze-text.js';
import { buildDocument } from './build-document.js';
import { mapSpanToInput } from './offset-map.js';
import { pairFor, sliceOf, spanProblems } from './__fixtures__/span-problems.js';

const fixture = (name: string): string => readFileSync(resolve(import.meta.dirname, '__fixtures__', name), 'utf8');
const shared = (path: string): Uint8Array => new Uint8Array(readFileSync(resolve(import.meta.dirname, '../../../../shared', path)));

describe('plain text', () => {
  it('finds colon pairs, several per line, and a label above its value', async () => {
    const document = await buildDocument(shared('eval/bench-procurement/cases/input-small.txt'));
    expect(document.kind).toBe('text');
    expect(document.primaryLayer).toBe('input');
    expect(spanProblems(document)).toEqual([]);
    expect(pairFor(document, 'PO')?.value).toBe('PO-9876');
    expect(pairFor(document, 'Tax (8.25%)')?.value).toBe('$61.88');
    expect(pairFor(document, 'Total')?.value).toBe('$811.88 USD');
    expect(pairFor(document, 'Payment Terms')?.source).toBe('colon');
    // "Items:" heads a list, it has no value.
    expect(pairFor(document, 'Items')).toBeUndefined();
    expect(document.tables).toHaveLength(1);
    expect(document.tables[0]!.rows[0]!.map((cell) => cell.text)).toEqual(['1. Widget Pro', '10 x $50.00', '= $500.00']);
  });

  it('reads dot leaders, label rows above value rows, spaced pairs and aligned tables', async () => {
    const document = await buildDocument(fixture('invoice-aligned.txt'));
    expect(spanProblems(document)).toEqual([]);
    const invoiceNumber = pairFor(document, 'Invoice number')!;
    expect(invoiceNumber).toMatchObject({ value: 'GX-2026-0815', source: 'leader' });
    expect(sliceOf(document, invoiceNumber.valueSpan)).toBe('GX-2026-0815');
    expect(pairFor(document, 'Invoice Date')).toMatchObject({ value: '2026-08-15', source: 'above' });
    expect(pairFor(document, 'Due Date')).toMatchObject({ value: '2026-09-14', source: 'above' });
    expect(pairFor(document, 'Bill to')).toMatchObject({ value: 'Initech LLC', source: 'above' });
    expect(pairFor(document, 'Total due')).toMatchObject({ value: '521.10', source: 'spaced' });
    expect(pairFor(document, 'Payment reference')?.value).toBe('RF18 5390 0754 7034');
    // A letterhead is not a pair; a table header is not a pair.
    expect(pairFor(document, 'GLOBEX CORPORATION')).toBeUndefined();
    expect(pairFor(document, 'Bank')).toBeUndefined();
    const items = document.tables.find((table) => table.header?.[0]?.text === 'Item')!;
    expect(items.header!.map((cell) => cell.text)).toEqual(['Item', 'Description', 'Qty', 'Unit Price', 'Amount']);
    expect(items.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['A-1', 'Laser paper A4 (box)', '10', '24.00', '240.00'],
      ['B-7', 'Toner cartridge', '2', '89.50', '179.00'],
      ['C-3', 'Stapler, heavy duty', '1', '15.25', '15.25'],
    ]);
    const pipes = document.tables.find((table) => table.header?.[0]?.text === 'Bank')!;
    expect(pipes.rows[0]!.map((cell) => cell.text)).toEqual(['Globex Bank', 'GB33BUKB20201555555555']);
  });

  it('heads a column with a sign alone ("%"), never with a rule', async () => {
    const text = ['Steuer  %      Netto   Steuer', 'A  19,0%        1,76     0,34', 'B   7,0%        3,18     0,22'].join('\n');
    const document = await buildDocument(text, { inputType: 'text' });
    expect(document.tables[0]!.header?.map((cell) => cell.text)).toEqual(['Steuer', '%', 'Netto', 'Steuer']);
    const ruled = await buildDocument(['Item  --  Amount', 'Pen   2   3.00', 'Ink   1   9.00'].join('\n'), { inputType: 'text' });
    expect(ruled.tables[0]?.header ?? null).toBeNull();
  });

  it('marks every row of a table headed by a tax word as a tax summary row', async () => {
    const text = ['TOTAL                  EUR     14,01', '', 'IVA     BASE     CUOTA', ' 4%     2,33      0,09', '10%    10,55      1,06', 'Total  12,88      1,15'].join('\n');
    const document = await buildDocument(text, { inputType: 'text' });
    const summary = document.tables.find((table) => table.header?.[0]?.text === 'IVA')!;
    expect(summary.summaryRows).toEqual([0, 1, 2]);
  });

  it('reads each cell of a line as its own pair when every cell is a label and a number', async () => {
    const text = ['Ticket n° 004512        Caisse 2', 'TVA 5,5%  HT 8,53  TVA 0,47', 'Zwischensumme          8,53', 'EUR 9,00       Karte 9,00'].join('\n');
    const document = await buildDocument(text, { inputType: 'text' });
    expect(spanProblems(document)).toEqual([]);
    const pairs = document.keyValues.map((pair) => [pair.key, pair.value]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Ticket n°', '004512'],
        ['Caisse', '2'],
        ['TVA', '5,5%'],
        ['HT', '8,53'],
        ['TVA', '0,47'],
      ]),
    );
    // "Ticket n° 004512" is not the key of "Caisse 2"; a currency before its amount is no label.
    expect(pairs.some(([key]) => key === 'Ticket n° 004512' || key === 'EUR')).toBe(false);
  });

  it('reads a receipt as spaced pairs and a headerless table', async () => {
    const document = await buildDocument(shared('eval/synthetic-receipts/cases/receipt_thermal.txt'));
    expect(spanProblems(document)).toEqual([]);
    expect(pairFor(document, 'TOTAL')?.value).toBe('11.34 USD');
    expect(pairFor(document, 'Tax')?.value).toBe('0.84');
    expect(document.tables[0]!.header).toBeNull();
  });

  it('keeps a header printed over two lines as one header, not as a table of fragments', async () => {
    const text = [
      'Pos   Qty   Description                 Unit price   Line amount',
      '                                        excl. VAT    excl. VAT',
      '1     2     Hosting plan S              3,89         7,78',
      '2     1     Mail box                    5,39         5,39',
      '',
      'Total EUR                                            13,17',
    ].join('\n');
    const document = await buildDocument(text);
    expect(spanProblems(document)).toEqual([]);
    const headers = document.tables.map((table) => table.header?.map((cell) => cell.text) ?? null);
    expect(headers).toContainEqual(['Pos', 'Qty', 'Description', 'Unit price', 'Line amount']);
    // The continuation line ("excl. VAT") is neither a header nor a row of its own.
    expect(headers.flat()).not.toContain('excl. VAT');
    const items = document.tables.find((table) => table.header?.[0]?.text === 'Pos')!;
    expect(items.rows.map((row) => row.at(-1)!.text)).toEqual(['7,78', '5,39']);
    // The whole label of a two-line header cell is its value.
    expect(items.header!.map((cell) => cell.value ?? cell.text)).toEqual(['Pos', 'Qty', 'Description', 'Unit price excl. VAT', 'Line amount excl. VAT']);
  });

  it('keeps a second header-like line with more cells than the first as a header of its own', async () => {
    const text = ['Invoice      Page 1', 'Item      Qty   Price    Amount', 'Widget    2     4.00     8.00', 'Gadget    1     3.00     3.00'].join('\n');
    const document = await buildDocument(text);
    expect(document.tables.map((table) => table.header?.[0]?.text)).toContain('Item');
  });

  it('keeps CRLF out of line text and numbers lines from 0', async () => {
    const document = await buildDocument('Invoice: A-1\r\nTotal: 5.00\r\n\r\nEnd');
    expect(document.lines.map((line) => [line.index, line.text])).toEqual([
      [0, 'Invoice: A-1'],
      [1, 'Total: 5.00'],
      [2, ''],
      [3, 'End'],
    ]);
    expect(pairFor(document, 'Total')?.value).toBe('5.00');
  });

  it('does not take times, URLs or prose for labels', async () => {
    const document = await buildDocument('Meeting at 09:30 today.\nSee https://example.com/pay for details\nThe total is due.  Thanks\n');
    expect(document.keyValues).toEqual([]);
  });
});

describe('HTML', () => {
  it('renders visible text, tables, <dl> and <th>/<td> rows with spans in the HTML source', async () => {
    const html = fixture('invoice.html');
    const document = await buildDocument(html);
    expect(document.kind).toBe('html');
    expect(document.primaryLayer).toBe('html-text');
    expect(spanProblems(document)).toEqual([]);
    const visible = document.layers['html-text']!.text;
    expect(visible).toContain('Northwind Traders & Co.');
    expect(visible).not.toContain('999.99');
    expect(visible).not.toContain('padding');
    expect(pairFor(document, 'Invoice No')).toMatchObject({ value: 'NW-2026-0042', source: 'colon' });
    expect(pairFor(document, 'Issue date')?.value).toBe('2026-03-01');
    const due = pairFor(document, 'Due date')!;
    expect(due).toMatchObject({ value: '2026-03-31', source: 'definition-list' });
    // Exactly mappable text points into the HTML source itself.
    expect(due.valueSpan.layer).toBe('input');
    expect(html.slice(due.valueSpan.start, due.valueSpan.end)).toBe('2026-03-31');
    // "Net&nbsp;30" is not source text: the pair stays in the rendered layer, and maps back inexactly.
    const terms = pairFor(document, 'Payment terms')!;
    expect(terms.valueSpan.layer).toBe('html-text');
    expect(mapSpanToInput(document, terms.valueSpan)).toMatchObject({ exact: false, span: { layer: 'input' } });
    expect(html.slice(mapSpanToInput(document, terms.valueSpan)!.span.start, mapSpanToInput(document, terms.valueSpan)!.span.end)).toBe('Net&nbsp;30');
    expect(pairFor(document, 'Subtotal')).toMatchObject({ value: '€ 113,90', source: 'html-table-row' });
    expect(pairFor(document, 'Total due')).toMatchObject({ value: '€ 137,82', source: 'html-table-row' });
    const items = document.tables.find((table) => table.header?.[0]?.text === 'Description')!;
    expect(items.source).toBe('html');
    expect(items.rows.map((row) => row.map((cell) => cell.text))).toEqual([
      ['Espresso beans 1 kg', '4', '€ 18,50', '€ 74,00'],
      ['Milk frother', '1', '€ 39,90', '€ 39,90'],
    ]);
    expect(items.rows[0]![3]!.span.layer).toBe('input');
    // Rendered HTML tables are not detected a second time as text tables.
    expect(document.tables.filter((table) => table.source === 'text')).toEqual([]);
  });

  it('maps rendered offsets back to the source', async () => {
    const html = '<p>Total:   <b>42.00</b> &amp; more</p>';
    const document = await buildDocument(html, { inputType: 'html' });
    const text = document.layers['html-text']!.text;
    expect(text).toBe('Total: 42.00 & more\n');
    const start = text.indexOf('42.00');
    expect(mapSpanToInput(document, { start, end: start + 5, layer: 'html-text' })).toEqual({
      span: { start: html.indexOf('42.00'), end: html.indexOf('42.00') + 5, layer: 'input' },
      exact: true,
    });
  });
});

describe('e-mail', () => {
  it('parses headers with spans, multipart, quoted-printable, base64 and an HTML part', async () => {
    const eml = fixture('invoice-multipart.eml');
    const document = await buildDocument(eml);
    expect(document.kind).toBe('email');
    expect(spanProblems(document)).toEqual([]);
    const email = document.email!;
    const subject = email.headers.find((header) => header.name === 'subject')!;
    expect(subject.value).toBe('Invoice G-778 – March');
    expect(eml.slice(subject.span.start, subject.span.end)).toBe('=?UTF-8?Q?Invoice_G-778_=E2=80=93_March?=');
    expect(pairFor(document, 'From')).toMatchObject({ value: '"Billing" <billing@globex.example>', source: 'email-header' });
    expect(email.parts.map((part) => [part.contentType, part.layer, part.transferEncoding])).toEqual([
      ['text/plain', 'mime:1', 'quoted-printable'],
      ['text/html', 'mime:2', 'base64'],
      ['text/plain', 'input', '7bit'],
      ['application/pdf', 'mime:4:pdf-text', 'base64'],
    ]);
    expect(document.primaryLayer).toBe('mime:1');
    const plain = document.layers['mime:1']!;
    expect(plain.origin?.layer).toBe('input');
    const amount = document.keyValues.find((pair) => pair.key === 'Amount due' && pair.keySpan.layer === 'mime:1')!;
    expect(amount.value).toBe('€ 1.250,00');
    // A decoded part maps back to its encoded text as a whole, inexactly.
    expect(mapSpanToInput(document, amount.valueSpan)).toEqual({ span: plain.origin, exact: false });
    // The soft line break is gone in the decoded layer.
    expect(pairFor(document, 'Reference')?.value).toContain('quoted-printable encoder at seventy-six');
    // The HTML part: rendered, its table-row pairs pointing into the decoded HTML source.
    expect(email.parts[1]!.textLayer).toBe('mime:2:html-text');
    const htmlAmount = document.keyValues.find((pair) => pair.key === 'Amount due' && pair.source === 'html-table-row')!;
    expect(htmlAmount.value).toBe('€ 1.250,00');
    expect(htmlAmount.keySpan.layer).toBe('mime:2');
    // An unencoded text attachment is structured in place in the input.
    const purchaseOrder = pairFor(document, 'PO Number')!;
    expect(purchaseOrder.valueSpan.layer).toBe('input');
    expect(eml.slice(purchaseOrder.valueSpan.start, purchaseOrder.valueSpan.end)).toBe('PO-5521');
    // The (truncated) PDF attachment is not read as text; pdf.js fails on it with a warning.
    expect(document.lines.some((line) => line.text.startsWith('JVBERi0'))).toBe(false);
    expect(document.warnings.join(' ')).toMatch(/E-mail part 4: PDF could not be parsed/);
  });

  it('reads the text of a PDF attachment', async () => {
    const pdf = shared('eval/invoice2data/cases/oyo.pdf');
    const base64 = Buffer.from(pdf).toString('base64').replace(/.{76}/g, '$&\r\n');
    const eml = [
      'From: bookings@hotel.example',
      'Subject: Your receipt',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain',
      '',
      'Please find your receipt attached.',
      '--b1',
      'Content-Type: application/octet-stream; name="receipt.pdf"',
      'Content-Transfer-Encoding: base64',
      '',
      base64,
      '--b1--',
      '',
    ].join('\r\n');
    const document = await buildDocument(eml);
    expect(document.warnings).toEqual([]);
    expect(document.email!.parts.map((part) => [part.contentType, part.layer])).toEqual([
      ['text/plain', 'input'],
      ['application/pdf', 'mime:2:pdf-text'],
    ]);
    expect(document.keyValues.find((pair) => pair.key === 'Grand Total')).toMatchObject({ value: 'Rs 1939', valueSpan: { layer: 'mime:2:pdf-text' } });
    expect(spanProblems(document)).toEqual([]);
  });

  it('reads a single-part message body in place', async () => {
    const document = await buildDocument(shared('eval/synthetic-invoices/cases/invoice_email.txt'));
    expect(document.kind).toBe('email');
    // The body alone is the text to search; its pairs point into the input.
    expect(document.primaryLayer).toBe('mime:1');
    expect(document.layers['mime:1']!.text.startsWith('Hi AP team,')).toBe(true);
    const start = document.layers['mime:1']!.text.indexOf('$1,250.00');
    const mapped = mapSpanToInput(document, { start, end: start + 9, layer: 'mime:1' })!;
    expect(mapped.exact).toBe(true);
    expect(sliceOf(document, mapped.span)).toBe('$1,250.00');
    expect(pairFor(document, 'Platform fee')?.valueSpan.layer).toBe('input');
    expect(spanProblems(document)).toEqual([]);
    expect(pairFor(document, 'Subject')?.value).toBe('Invoice INV-2026-005678 from ACME Corp');
    expect(pairFor(document, 'Platform fee')?.value).toBe('$200.00');
    expect(pairFor(document, 'Tax')?.value).toBe('$50.00');
  });

  it('unfolds folded headers but keeps the raw span', async () => {
    const eml = 'From: a@example.com\nSubject: Invoice\n  number 5\nContent-Type: text/plain\n\nTotal: 3.00\n';
    const document = await buildDocument(eml, { inputType: 'email' });
    const subject = document.email!.headers.find((header) => header.name === 'subject')!;
    expect(subject.value).toBe('Invoice number 5');
    expect(eml.slice(subject.span.start, subject.span.end)).toBe('Invoice\n  number 5');
    expect(pairFor(document, 'Total')?.value).toBe('3.00');
  });
});

describe('CSV', () => {
  it('reads quoted cells, `;` delimiters, embedded line breaks and leading blank lines', async () => {
    const csv = fixture('invoice-semicolon.csv');
    const document = await buildDocument(csv);
    expect(document.kind).toBe('csv');
    expect(spanProblems(document)).toEqual([]);
    expect(document.csv!.header.map((cell) => cell.text)).toEqual(['invoice_number', 'supplier', 'description', 'total']);
    const [first, second] = document.csv!.rows as [(typeof document.csv & object)['rows'][number], (typeof document.csv & object)['rows'][number]];
    expect(first.map((cell) => cell.value ?? cell.text)).toEqual(['INV-1', 'Acme "Best" Tools', 'Hammers; nails\nand screws', '1.234,56']);
    expect(first[1]!.text).toBe('Acme ""Best"" Tools');
    expect(second.map((cell) => cell.text)).toEqual(['INV-2', 'Globex', 'Widgets', '99,00']);
    expect(document.tables[0]!.source).toBe('csv');
    expect(document.keyValues).toEqual([]);
  });

  it('reads the eval CSV rows', async () => {
    const document = await buildDocument(shared('eval/synthetic-invoices/cases/invoice_csv_row1.csv'));
    expect(document.kind).toBe('csv');
    expect(document.csv!.rows[0]!.map((cell) => cell.text)).toEqual(['ACME Corp', 'US', 'USD', '811.88', '61.88', '3']);
  });

  it('reads a tab-delimited grid given as text', async () => {
    const document = await buildDocument('sku\tqty\tprice\nA\t1\t2.50\nB\t3\t1.00\n', { inputType: 'text' });
    expect(document.kind).toBe('csv');
    expect(document.csv!.rows[1]!.map((cell) => cell.text)).toEqual(['B', '3', '1.00']);
  });
});

describe('JSON', () => {
  it('lists a node per value with paths, value spans and key spans', async () => {
    const json = fixture('invoice-nested.json');
    const document = await buildDocument(json);
    expect(document.kind).toBe('json');
    expect(spanProblems(document)).toEqual([]);
    const root = document.json!.root as { invoice: { total: number } };
    expect(root).toEqual(JSON.parse(json));
    const byPath = new Map(document.json!.nodes.map((node) => [node.path, node]));
    const total = byPath.get('$.invoice.total')!;
    expect(total.value).toBe(1250.5);
    expect(json.slice(total.span.start, total.span.end)).toBe('1250.50');
    expect(json.slice(total.keySpan!.start, total.keySpan!.end)).toBe('total');
    expect(json.slice(byPath.get('$.items[1].amount')!.span.start, byPath.get('$.items[1].amount')!.span.end)).toBe('250.5');
    expect(byPath.get('$.invoice.supplier["vat id"]')?.value).toBe('DE123456789');
    expect(byPath.get('$.items[0]')?.keySpan).toBeNull();
    expect(byPath.get('$.meta')?.value).toBeNull();
    expect(document.json!.nodes[0]!.path).toBe('$');
    expect(Object.isFrozen(root)).toBe(true);
  });

  it('reads invalid JSON as text, with a warning', async () => {
    const document = await buildDocument('{"total": 12,, }\nTotal: 12', { inputType: 'json' });
    expect(document.kind).toBe('text');
    expect(document.json).toBeNull();
    expect(document.warnings.join(' ')).toMatch(/not valid JSON/);
    expect(pairFor(document, 'Total')?.value).toBe('12');
  });
});

describe('empty, binary and unknown input', () => {
  it('builds an empty document for empty input', async () => {
    const document = await buildDocument('');
    expect(document).toMatchObject({ kind: 'empty', lines: [], keyValues: [], tables: [] });
    expect(document.layers.input!.text).toBe('');
  });

  it('gives binary input an empty text and a warning', async () => {
    const bytes = Uint8Array.from({ length: 512 }, (_, index) => (index * 37) % 256);
    const document = await buildDocument(bytes);
    expect(document.kind).toBe('binary');
    expect(document.layers.input!.text).toBe('');
    expect(document.warnings).toHaveLength(1);
  });

  it('replaces invalid UTF-8 and lone surrogates with U+FFFD', async () => {
    const bytes = Uint8Array.from([...new TextEncoder().encode('Total: 5 '), 0xff, 0x0a]);
    expect((await buildDocument(bytes)).layers.input!.text).toBe('Total: 5 \uFFFD\n');
    expect((await buildDocument('Total: \uD800 5')).layers.input!.text).toBe('Total: \uFFFD 5');
  });

  it('is deeply frozen', async () => {
    const document = await buildDocument('Total: 5');
    expect(Object.isFrozen(document)).toBe(true);
    expect(Object.isFrozen(document.keyValues[0])).toBe(true);
    expect(Object.isFrozen(document.keyValues[0]!.valueSpan)).toBe(true);
    expect(Object.isFrozen(document.layers)).toBe(true);
  });

  it('structures only the head of a huge text, with a warning, ending on a whole line', () => {
    const block = 'Invoice No: 12345    Total: 99.00\nItem   Qty   Price\nA      1     2.00\n';
    const text = block.repeat(1_000);
    const structure = analyzeText(text, 'input', { characterLimit: 10_000 });
    expect(structure.warnings.join(' ')).toMatch(/cover only the first 10000/);
    const last = structure.lines.at(-1)!;
    expect(last.span.end).toBeLessThanOrEqual(10_000);
    expect(text[last.span.end]).toBe('\n');
    expect(structure.keyValues.filter((pair) => pair.key === 'Total')).toHaveLength(Math.ceil(structure.lines.length / 3));
  });
});

describe('HTML layout details', () => {
  it('keeps a table row on one line even when its cells hold blocks', async () => {
    const html = '<table><tr><td><div>Invoice</div><div>number</div></td><td><p>INV-9</p></td></tr></table>';
    const document = await buildDocument(html, { inputType: 'html' });
    expect(document.layers['html-text']!.text).toBe('Invoice number\tINV-9\n');
    expect(pairFor(document, 'Invoice number')).toMatchObject({ value: 'INV-9', source: 'html-table-row' });
    expect(spanProblems(document)).toEqual([]);
  });
});

describe('declared input types', () => {
  it('reads an HTML fragment declared as text as HTML', async () => {
    const document = await buildDocument('<div><p>Total: <b>5.00</b></p></div>', { inputType: 'text' });
    expect(document.kind).toBe('html');
    expect(pairFor(document, 'Total')?.value).toBe('5.00');
  });

  it('trusts the declared type otherwise', async () => {
    const document = await buildDocument('{"a": 1}', { inputType: 'text' });
    expect(document.kind).toBe('text');
    expect(document.json).toBeNull();
  });
});

describe('HTML label/value rows', () => {
  it('reads label/value/label/value rows and leaves item rows alone', async () => {
    const html =
      '<table><tr><th>Invoice No</th><td>INV-4</td><th>Date</th><td>2026-05-01</td></tr>' +
      '<tr><td>Widget</td><td>2</td><td>Gadget</td><td>3</td></tr>' +
      '<tr><td>Paper A4</td><td>10</td><td>4.00</td><td>40.00</td></tr></table>';
    const document = await buildDocument(html, { inputType: 'html' });
    expect(document.keyValues.map((pair) => [pair.key, pair.value, pair.source])).toEqual([
      ['Invoice No', 'INV-4', 'html-table-row'],
      ['Date', '2026-05-01', 'html-table-row'],
      ['Widget', '2', 'html-table-row'],
      ['Gadget', '3', 'html-table-row'],
    ]);
    expect(spanProblems(document)).toEqual([]);
  });
});

describe('receipt layouts', () => {
  it('reads a value under its label across a lone separator or currency line', async () => {
    const document = await buildDocument('TOTAL\n:\n55.10\nPAID\nRM\n60.00\n', { inputType: 'text' });
    expect(document.keyValues.map((pair) => [pair.key, pair.value, pair.source])).toEqual([
      ['TOTAL', '55.10', 'above'],
      ['PAID', '60.00', 'above'],
    ]);
  });

  it('pairs a block of labels with the block of as many values under it, by order', async () => {
    const document = await buildDocument('TOTAL SALES (INCLUSIVE GST)\nCASH\nCHANGE\nRM\nRM\nRM\n3.70\n10.00\n6.30\nGST SUMMARY\n', { inputType: 'text' });
    expect(document.keyValues.map((pair) => [pair.key, pair.value, pair.source])).toEqual([
      ['TOTAL SALES (INCLUSIVE GST)', '3.70', 'block'],
      ['CASH', '10.00', 'block'],
      ['CHANGE', '6.30', 'block'],
    ]);
    expect(spanProblems(document)).toEqual([]);
    // Four labels over three values: which label a value belongs to would be a guess.
    const uneven = await buildDocument('SUBTOTAL\nTOTAL\nCASH\nCHANGE\n3.70\n10.00\n6.30\n', { inputType: 'text' });
    expect(uneven.keyValues.filter((pair) => pair.source === 'block')).toEqual([]);
  });

  it('marks the pairs of a tax summary block', async () => {
    const document = await buildDocument('TOTAL : 16.96\nGST SUMMARY\nTAX CODE\nTOTAL : 16.00\n', { inputType: 'text' });
    expect(document.keyValues.map((pair) => [pair.value, pair.region ?? null])).toEqual([
      ['16.96', null],
      ['16.00', 'summary'],
    ]);
  });

  it('lists the rows of a text table that stand under a tax summary heading', async () => {
    const text = 'Sub-total              88.97\nCASH                  100.00\nGST Summary     Amount     Tax\nSR @ 6%          83.93    5.04\nTotal            83.93    5.04\n';
    const document = await buildDocument(text, { inputType: 'text' });
    const table = document.tables.find((candidate) => candidate.rows.some((row) => row[0]?.text === 'Total'));
    expect(table).toBeDefined();
    const totalRow = table!.rows.findIndex((row) => row[0]?.text === 'Total');
    expect(table!.summaryRows).toContain(totalRow);
    expect(table!.summaryRows).not.toContain(table!.rows.findIndex((row) => row[0]?.text === 'CASH'));
  });
});

describe('label and value lines split by the layout', () => {
  it('joins a currency printed in its own column to the amount, and drops a separator standing alone', async () => {
    const document = await buildDocument('TOTAL            RM      33.92\nCASH        :       50.00\nQTY  ABCDE  3\nCHANGE :      RM     16.08\n', { inputType: 'text' });
    expect(document.keyValues.map((pair) => [pair.key, pair.value])).toEqual([
      ['TOTAL', 'RM      33.92'],
      ['CASH', '50.00'],
      ['CHANGE', 'RM     16.08'],
    ]);
  });

  it('splits "label 1" before its number when a pair follows on the line', async () => {
    const document = await buildDocument('Item Count 1       Change Amt        44.10\n', { inputType: 'text' });
    expect(document.keyValues.map((pair) => [pair.key, pair.value])).toEqual([
      ['Item Count', '1'],
      ['Change Amt', '44.10'],
    ]);
  });
});

describe('signature blocks', () => {
  it('marks the lines of a signature block', async () => {
    const text = 'TITLE: SUPPLY AGREEMENT\n\nThe parties agree as follows.\nIN WITNESS WHEREOF the parties sign below.\n\nBy: /s/ Jane Doe\nName: Jane Doe\nTitle: President and CEO\nDate: May 1, 2020\n';
    const document = await buildDocument(text, { inputType: 'text' });
    expect(document.keyValues.map((pair) => [pair.key, pair.region ?? null])).toEqual([
      ['TITLE', null],
      ['By', 'signature'],
      ['Name', 'signature'],
      ['Title', 'signature'],
      ['Date', 'signature'],
    ]);
  });
});

describe('receipts transcribed column by column', () => {
  it('pairs a label alone on its line with an amount alone under it, and a currency marker with the amount on the next line', async () => {
    const document = await buildDocument('SUBTOTAL :\n15.90\nTOTAL AMT ROUNDED\n15.90\nCASH.................... RM\n50.00\n', { inputType: 'text' });
    expect(pairFor(document, 'TOTAL AMT ROUNDED')).toMatchObject({ value: '15.90', source: 'above' });
    expect(pairFor(document, 'CASH')).toMatchObject({ value: '50.00', source: 'above' });
  });
});
