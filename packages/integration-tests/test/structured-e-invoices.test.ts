/**
 * Structured e-invoices end to end (ADR 0015): standalone UBL and CII invoices from the
 * XRechnung test suite are read with element-path evidence; hybrid PDFs (made here with
 * pdf-lib: a printed page plus an embedded `factur-x.xml`) are cross-checked — agreement
 * is CERTAIN, a disagreement is a `STRUCTURED_DATA_MISMATCH` with no CERTAIN value for the
 * disputed field, and `Policy.structuredData` decides what wins. Hostile XML (entity
 * expansion, external entities) is refused with a typed diagnostic.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createPaxman, replay, type ExecutionArtifact } from 'paxman';
import { afterAll, describe, expect, it } from 'vitest';

const fixtures = join(import.meta.dirname, '__fixtures__/xrechnung');
const contract = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../shared/eval/einvoices-dev/contract.json'), 'utf8')) as Record<string, unknown>;
const px = createPaxman();
afterAll(() => px.close());

const DETERMINISTIC = { allowLocalInference: false, allowRemoteInference: false } as const;

function valueOf(artifact: ExecutionArtifact, field: string): unknown {
  return (artifact.normalizedData as Record<string, unknown>)[field];
}

/** The fields whose result carries a STRUCTURED_DATA_MISMATCH. */
function mismatchedFields(artifact: ExecutionArtifact): string[] {
  return Object.entries(artifact.fieldResults)
    .filter(([, result]) => result.diagnostics.some((diagnostic) => diagnostic.code === 'STRUCTURED_DATA_MISMATCH'))
    .map(([path]) => path);
}

function evidenceOf(artifact: ExecutionArtifact, field: string): ExecutionArtifact['evidence'][number][] {
  const ids = new Set(artifact.fieldResults[field]!.evidenceIds);
  return artifact.evidence.filter((record) => ids.has(record.id));
}

/** A CII invoice (Factur-X / ZUGFeRD 2) with the given number, date (yyyyMMdd) and totals. */
function ciiInvoice(options: { readonly number: string; readonly date: string; readonly total: string; readonly tax: string; readonly seller: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <rsm:ExchangedDocument>
    <ram:ID>${options.number}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${options.date}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>${options.seller}</ram:Name></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Kunde &amp; Partner AG</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxTotalAmount currencyID="EUR">${options.tax}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${options.total}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${options.total}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** A one-page PDF printing `lines`, with `xml` embedded as factur-x.xml. */
async function hybridPdf(lines: readonly string[], xml: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 20, size: 11, font }));
  await pdf.attach(new TextEncoder().encode(xml), 'factur-x.xml', { mimeType: 'text/xml', description: 'Factur-X invoice' });
  return pdf.save({ useObjectStreams: false });
}

const PAGE = (total: string, number = 'RE-2024-100'): string[] => [
  'Muster GmbH',
  'Rechnung',
  `Rechnungsnummer: ${number}`,
  'Rechnungsdatum: 05.03.2024',
  'Nettobetrag: 100,00 EUR',
  'MwSt: 19,00 EUR',
  `Gesamtbetrag: ${total} EUR`,
];

describe('standalone UBL and CII invoices (XRechnung test suite)', () => {
  for (const [file, root] of [
    ['01.01a-INVOICE_ubl.xml', '/ubl:Invoice/cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount'],
    ['01.01a-INVOICE_uncefact.xml', '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:GrandTotalAmount'],
  ] as const) {
    it(`reads ${file} with element-path evidence, and replays`, async () => {
      const input = readFileSync(join(fixtures, file));
      const artifact = await px.normalize(new Uint8Array(input), { contract, policy: DETERMINISTIC });
      expect(valueOf(artifact, 'invoice_number')).toBe('123456XX');
      expect(valueOf(artifact, 'invoice_date')).toBe('2016-04-04');
      expect(valueOf(artifact, 'total_amount')).toEqual({ amount: '336.90', currency: 'EUR' });
      expect(valueOf(artifact, 'tax_amount')).toEqual({ amount: '22.04', currency: 'EUR' });
      expect(valueOf(artifact, 'seller_name')).toBe('[Seller name]');
      expect(valueOf(artifact, 'buyer_name')).toBe('[Buyer name]');
      expect(valueOf(artifact, 'currency_code')).toBe('EUR');
      expect(artifact.fieldResults.total_amount!.band).toBe('CERTAIN');
      const [total] = evidenceOf(artifact, 'total_amount');
      expect(total).toMatchObject({ kind: 'STRUCTURED_DATA', label: 'BT-112 Invoice total amount with VAT', detail: { path: root, term: 'BT-112', pack: 'en16931@1.0.0', source: 'input' } });
      // The span is the value's text in the input.
      const text = input.toString('utf8');
      expect(text.slice(total!.spans[0]!.start, total!.spans[0]!.end)).toBe('336.9');
      expect((await replay(JSON.stringify(artifact), { contract })).replayHash).toBe(artifact.replayHash);
    });
  }

  it('reads a UBL invoice whose due date and amount due differ from its total', async () => {
    const artifact = await px.normalize(new Uint8Array(readFileSync(join(fixtures, '01.05a-INVOICE_ubl.xml'))), { contract, policy: DETERMINISTIC });
    expect(valueOf(artifact, 'invoice_number')).toBe('PRG1502112');
    expect(valueOf(artifact, 'invoice_date')).toBe('2015-04-24');
    expect(valueOf(artifact, 'tax_amount')).toEqual({ amount: '1685.30', currency: 'EUR' });
    expect(evidenceOf(artifact, 'tax_amount')[0]?.detail?.path).toBe('/ubl:Invoice/cac:TaxTotal/cbc:TaxAmount');
  });
});

describe('hybrid PDFs: the embedded XML cross-checked against the page', () => {
  it('agreement: the page and the XML state the same total, which is CERTAIN and cites both', async () => {
    const pdf = await hybridPdf(PAGE('119,00'), ciiInvoice({ number: 'RE-2024-100', date: '20240305', total: '119.00', tax: '19.00', seller: 'Muster GmbH' }));
    const artifact = await px.normalize(pdf, { contract, policy: DETERMINISTIC });
    expect(valueOf(artifact, 'total_amount')).toEqual({ amount: '119.00', currency: 'EUR' });
    expect(artifact.fieldResults.total_amount!.band).toBe('CERTAIN');
    const kinds = evidenceOf(artifact, 'total_amount').map((record) => record.kind);
    expect(kinds).toContain('STRUCTURED_DATA');
    expect(kinds.some((kind) => kind !== 'STRUCTURED_DATA')).toBe(true);
    expect(evidenceOf(artifact, 'total_amount').find((record) => record.kind === 'STRUCTURED_DATA')?.spans[0]?.layer).toBe('attachment:factur-x.xml');
    expect(mismatchedFields(artifact)).toEqual([]);
  });

  it('the total changed on the page: a mismatch, the XML value kept below CERTAIN, both sources named', async () => {
    const pdf = await hybridPdf(PAGE('191,00'), ciiInvoice({ number: 'RE-2024-100', date: '20240305', total: '119.00', tax: '19.00', seller: 'Muster GmbH' }));
    const artifact = await px.normalize(pdf, { contract, policy: DETERMINISTIC });
    const result = artifact.fieldResults.total_amount!;
    expect(result.value).toEqual({ amount: '119.00', currency: 'EUR' });
    expect(result.band).not.toBe('CERTAIN');
    const mismatch = result.diagnostics.find((diagnostic) => diagnostic.code === 'STRUCTURED_DATA_MISMATCH');
    expect(mismatch?.context).toMatchObject({ policy: 'prefer', structuredData: [{ value: { amount: '119.00', currency: 'EUR' } }], page: [{ value: { amount: '191.00', currency: 'EUR' } }] });
    // Fields the two agree on stay CERTAIN.
    expect(artifact.fieldResults.invoice_number!.band).toBe('CERTAIN');
  });

  it('XML of another invoice: every disputed field is flagged and none of them is CERTAIN', async () => {
    const pdf = await hybridPdf(PAGE('119,00'), ciiInvoice({ number: 'RE-2023-999', date: '20231201', total: '4284.00', tax: '684.00', seller: 'Muster GmbH' }));
    const artifact = await px.normalize(pdf, { contract, policy: DETERMINISTIC });
    const disputed = new Set(mismatchedFields(artifact));
    expect([...disputed].sort()).toEqual(expect.arrayContaining(['invoice_date', 'invoice_number', 'tax_amount', 'total_amount']));
    for (const field of disputed) expect(artifact.fieldResults[field!]!.band, field).not.toBe('CERTAIN');
  });

  it('crossCheckOnly: the page decides, a disputed value is a conflict, and the XML never fills a field alone', async () => {
    const pdf = await hybridPdf(PAGE('191,00'), ciiInvoice({ number: 'RE-2024-100', date: '20240305', total: '119.00', tax: '19.00', seller: 'Muster GmbH' }));
    const artifact = await px.normalize(pdf, { contract, policy: { ...DETERMINISTIC, structuredData: 'crossCheckOnly' } });
    expect(artifact.fieldResults.total_amount!.status).toBe('UNRESOLVED');
    expect(artifact.fieldResults.total_amount!.unresolvedReason).toBe('CONFLICT');
    // The buyer is printed nowhere on the page: the XML alone does not fill it.
    expect(artifact.fieldResults.buyer_name!.status).toBe('UNRESOLVED');
    expect(artifact.fieldResults.invoice_number!.band).toBe('CERTAIN');
  });

  it("ignore: the page alone, as if nothing were embedded", async () => {
    const pdf = await hybridPdf(PAGE('191,00'), ciiInvoice({ number: 'RE-2024-100', date: '20240305', total: '119.00', tax: '19.00', seller: 'Muster GmbH' }));
    const artifact = await px.normalize(pdf, { contract, policy: { ...DETERMINISTIC, structuredData: 'ignore' } });
    expect(valueOf(artifact, 'total_amount')).toEqual({ amount: '191.00', currency: 'EUR' });
    expect(artifact.evidence.some((record) => record.kind === 'STRUCTURED_DATA')).toBe(false);
    expect(mismatchedFields(artifact)).toEqual([]);
  });
});

describe('hostile XML', () => {
  it('refuses entity expansion (billion laughs) with XML_REFUSED and reads the text as text', async () => {
    const entities = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol0 "lol">${entities}]><Invoice xmlns="urn:x"><Total>&lol9;</Total></Invoice>`;
    const artifact = await px.normalize(bomb, { contract, policy: DETERMINISTIC });
    const refused = artifact.diagnostics.find((diagnostic) => diagnostic.code === 'XML_REFUSED');
    expect(refused?.message).toMatch(/entities/);
    expect(artifact.fieldResults.total_amount!.status).toBe('UNRESOLVED');
  });

  it('refuses an external entity without fetching it', async () => {
    const xxe = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice xmlns="urn:x"><Total>&x;</Total></Invoice>';
    const artifact = await px.normalize(xxe, { contract, policy: DETERMINISTIC });
    expect(artifact.diagnostics.some((diagnostic) => diagnostic.code === 'XML_REFUSED')).toBe(true);
    expect(JSON.stringify(artifact)).not.toContain('root:x:0:0');
  });
});
