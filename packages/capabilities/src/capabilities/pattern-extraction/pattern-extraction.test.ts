import { EvidenceKind, InvalidContractError } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { textPdf } from '../../../../document/src/__fixtures__/text-pdf.js';
import { evalContract, evalDocument, evidenceOf, runCapability, spansSliceBack } from '../__fixtures__/run-capability.js';
import { DEFAULT_RECOGNIZERS } from '../shared/default-recognizers.js';
import { configurePatternExtraction, createPatternExtractionCapability } from './pattern-extraction.js';

const capability = createPatternExtractionCapability({ recognizers: DEFAULT_RECOGNIZERS });
const invoices = evalContract('synthetic-invoices');

describe('pattern_extraction: unlabelled recognizer hits', () => {
  it('reports ENUM hits with how often each occurs and how many distinct values exist', async () => {
    const document = await evalDocument('synthetic-invoices', 'invoice_plain.txt');
    const result = await runCapability(capability, invoices, 'currency_code', document);
    expect(result.candidates.map((candidate) => candidate.value)).toContain('USD');
    const [evidence] = evidenceOf(result, result.candidates.find((candidate) => candidate.value === 'USD'));
    expect(evidence).toMatchObject({ kind: EvidenceKind.RECOGNIZER, pattern: expect.stringMatching(/^recognizer:/) });
    expect(evidence?.detail).toMatchObject({ occurrences: expect.any(Number), distinctValues: expect.any(Number) });
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('finds an IBAN and an e-mail anywhere for fields that hold them', async () => {
    const document = await buildDocument('Please pay to our account\nDE89 3704 0044 0532 0130 00\nQuestions: billing@globex.example\n', { inputType: 'text' });
    const contract = defineContract({ id: 'c', fields: [{ path: 'iban', type: 'STRING' }, { path: 'contact_email', type: 'STRING' }] });
    const iban = await runCapability(capability, contract, 'iban', document);
    expect(iban.candidates.map((candidate) => candidate.value)).toEqual(['DE89370400440532013000']);
    const email = await runCapability(capability, contract, 'contact_email', document);
    expect(email.candidates.map((candidate) => candidate.value)).toEqual(['billing@globex.example']);
    expect(spansSliceBack(iban, document) && spansSliceBack(email, document)).toBe(true);
  });

  it('offers a lone date for the document date, never for a due date, and refuses when dates differ', async () => {
    const single = await buildDocument('Thanks for your order of 2026-01-20.\n', { inputType: 'text' });
    expect((await runCapability(capability, invoices, 'invoice_date', single)).candidates.map((candidate) => candidate.value)).toEqual(['2026-01-20']);
    expect(configurePatternExtraction(invoices.fields.find((field) => field.path === 'due_date')!)).toHaveProperty('skip');
    const several = await buildDocument('Shipped 2026-01-20, delivered 2026-01-24.\n', { inputType: 'text' });
    const result = await runCapability(capability, invoices, 'invoice_date', several);
    expect(result.candidates).toEqual([]);
    expect(result.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['UNLABELLED_VALUE_NOT_UNIQUE']);
  });

  it('reads the last four digits of a masked card number for a card field', async () => {
    const contract = defineContract({ id: 'r', fields: [{ path: 'card_last4', type: 'STRING', description: 'Last four digits of the payment card.' }] });
    const document = await buildDocument('Corner Bakery\nBread 2.40\nTOTAL 2.40 EUR\nMaestro **** **** **** 7781\nTerminal 0042\n', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'card_last4', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['7781']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ kind: EvidenceKind.RECOGNIZER, pattern: 'recognizer:PAYMENT_CARD', detail: { distinctValues: 1 } });
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('never proposes an arbitrary amount for a MONEY or DECIMAL field', () => {
    for (const path of ['total_amount', 'subtotal', 'tax_amount']) {
      expect(configurePatternExtraction(invoices.fields.find((field) => field.path === path)!), path).toHaveProperty('skip');
    }
  });
});

describe('pattern_extraction: contract regexes on RE2', () => {
  const contract = defineContract({
    id: 'c',
    fields: [
      { path: 'order_ref', type: 'STRING', extractionPattern: 'Ref(?:erence)?[:#]?\\s*(?P<value>[A-Z]{2}-\\d{4,})' },
      { path: 'amount', type: 'DECIMAL', constraints: [{ kind: 'pattern', params: { regex: 'Amount due (?P<value>[\\d,.]+)' } }] },
      { path: 'hostile', type: 'STRING', extractionPattern: '(a+)+$' },
    ],
  });

  it('extracts the named group with CONTRACT_PATTERN evidence and exact spans', async () => {
    const document = await buildDocument('Our Reference: AB-12345\nAmount due 1,234.50 by Friday\n', { inputType: 'text' });
    const reference = await runCapability(capability, contract, 'order_ref', document);
    expect(reference.candidates.map((candidate) => candidate.value)).toEqual(['AB-12345']);
    expect(evidenceOf(reference, reference.candidates[0])[0]).toMatchObject({ kind: EvidenceKind.CONTRACT_PATTERN, text: 'AB-12345', detail: { origin: 'extraction-pattern' } });
    const amount = await runCapability(capability, contract, 'amount', document);
    expect(amount.candidates.map((candidate) => candidate.value)).toEqual(['1234.50']);
    expect(spansSliceBack(reference, document) && spansSliceBack(amount, document)).toBe(true);
  });

  it('runs a hostile pattern on the linear engine', async () => {
    const document = await buildDocument(`${'a'.repeat(50_000)}!`, { inputType: 'text' });
    const result = await runCapability(capability, contract, 'hostile', document);
    expect(result.candidates).toEqual([]);
  });

  it('rejects a pattern RE2 cannot run as a contract error', () => {
    const bad = defineContract({ id: 'c', fields: [{ path: 'x', type: 'STRING', extractionPattern: '(a)\\1' }] });
    expect(() => configurePatternExtraction(bad.fields[0]!)).toThrowError(InvalidContractError);
  });
});

describe('pattern_extraction: letterhead', () => {
  it('reads the first name-like line for a supplier field, skipping a title, as RECOGNIZER evidence', async () => {
    const document = await buildDocument('TAX INVOICE\nACME Corp\n123 Industrial Way\nInvoice Number: INV-1\n', { inputType: 'text' });
    const result = await runCapability(capability, invoices, 'supplier_name', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['ACME Corp']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ kind: EvidenceKind.RECOGNIZER, pattern: 'layout:letterhead', text: 'ACME Corp' });
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('says whether an address or the document title is printed right below the letterhead', async () => {
    const below = async (text: string) => {
      const document = await buildDocument(text, { inputType: 'text' });
      const result = await runCapability(capability, invoices, 'supplier_name', document);
      return evidenceOf(result, result.candidates[0])[0]?.detail?.followedBy ?? null;
    };
    expect(await below('Blue Heron Books\n42 Harbour Road\nPortsmouth PO1 3AX\n')).toBe('address');
    expect(await below('Müller Haustechnik GmbH\nIndustriestraße 7\n70565 Stuttgart\n')).toBe('address');
    expect(await below('Atelier Dubois\n75008 Paris\n')).toBe('address');
    expect(await below('Northwind Traders\nInvoice #NW-2025-118\n')).toBe('title');
    expect(await below('Northwind Traders\nThank you for your business\n')).toBeNull();
  });

  it('reads the first column of a head printed in two columns when a legal form ends it over its address', async () => {
    const head = (first: string, second: string) => `${first}\n${second}\n                    Tel. 040/1234-0          Fax 040/1234-9\n`;
    const values = async (text: string) => (await runCapability(capability, invoices, 'supplier_name', await buildDocument(text, { inputType: 'text' }))).candidates.map((candidate) => candidate.value);
    const twoColumns = head('                    Berghof Logistik GmbH            Niederlassung Nord', '                    Hafenstraße 12, 20457 Hamburg    Kaistraße 3');
    expect(await values(twoColumns)).toEqual(['Berghof Logistik GmbH']);
    const document = await buildDocument(twoColumns, { inputType: 'text' });
    const result = await runCapability(capability, invoices, 'supplier_name', document);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ pattern: 'layout:letterhead', detail: { legalForm: true, followedBy: 'address' } });
    expect(spansSliceBack(result, document)).toBe(true);
    // Its column goes on with no address: which column is the issuer's, the layout does not say.
    expect(await values(head('Berghof Logistik GmbH            Niederlassung Nord', 'Geschäftsführer Anna Berg        Kaistraße 3'))).not.toContain('Berghof Logistik GmbH');
    // The address under the name must be in the name's column, not under the other one.
    expect(await values(head('Berghof Logistik GmbH            Niederlassung Nord', '                                 Kaistraße 3'))).not.toContain('Berghof Logistik GmbH');
    // Only the page's first line: lower down, a name over its address beside another column is as often the buyer's.
    expect(await values(`Rechnung 2024-17\n${head('Berghof Logistik GmbH            Niederlassung Nord', 'Hafenstraße 12, 20457 Hamburg    Kaistraße 3')}`)).not.toContain('Berghof Logistik GmbH');
  });

  it('reads a PDF head\'s name without a legal form only when its foot prints it again over its address', async () => {
    const pdf = (foot: readonly string[]) => {
      const head = ['FACTURE', '12/03/2024', 'Maison Lambert Traiteur', '8, rue des Lilas', '69003 Lyon', 'Hôtel Bellevue', '14, quai Saint-Antoine', '69002 Lyon', 'Repas de groupe   1   450,00', 'Total TTC   450,00'];
      const lines = [...head, ...foot].map((text, index) => ({ text, x: 40, y: 800 - index * 18, size: 10 }));
      return buildDocument(textPdf([{ width: 595, height: 842, lines }]));
    };
    const values = async (foot: readonly string[]) => (await runCapability(capability, invoices, 'supplier_name', await pdf(foot))).candidates.map((candidate) => candidate.value);
    const document = await pdf(['Maison Lambert Traiteur', '8, rue des Lilas – 69003 Lyon – Tel: 04 72 00 00 00']);
    const result = await runCapability(capability, invoices, 'supplier_name', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['Maison Lambert Traiteur']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ pattern: 'layout:letterhead', detail: { followedBy: 'address', repeatedAtFoot: true } });
    expect(spansSliceBack(result, document)).toBe(true);
    // Printed once, or again with no address under it: a PDF's first name may be a department or a slogan.
    expect(await values(['Merci de votre confiance'])).toEqual([]);
    expect(await values(['Maison Lambert Traiteur', 'Merci de votre confiance'])).toEqual([]);
  });

  it('reads nothing when an address, a labelled line or prose comes first', async () => {
    for (const text of ['123 Main St\nACME Corp\n', 'Invoice Number: INV-1\nACME Corp\n', 'thanks for your order from us\n']) {
      const document = await buildDocument(text, { inputType: 'text' });
      expect((await runCapability(capability, invoices, 'supplier_name', document)).candidates, text).toEqual([]);
    }
  });
});

describe('pattern_extraction: the recipient in the address window under a sender line', () => {
  const buyers = defineContract({ id: 'b', fields: [{ path: 'buyer_name', type: 'STRING', description: 'Name of the buyer.' }] });
  const recipients = async (text: string) => {
    const document = await buildDocument(text, { inputType: 'text' });
    const result = await runCapability(capability, buyers, 'buyer_name', document);
    expect(spansSliceBack(result, document)).toBe(true);
    return result.candidates.map((candidate) => candidate.value);
  };

  it('reads the window\'s first line under a sender line whose parts are a name and its address, only its own column', async () => {
    expect(await recipients('Kraxi GmbH · Flugzeugallee 17 · 12345 Papierfeld\nPapierflieger-Vertriebs-GmbH\nHelga Musterfrau\nRabattstr. 25\n34567 Osterhausen\n')).toEqual(['Papierflieger-Vertriebs-GmbH']);
    const columns = [
      '       Alphabet, Lilienthalallee 26, 80786 München',
      '                                                    Debitorennummer:   63/00987654',
      '       Muster GmbH                                  Rechnungsnummer:   2015738820',
      '       z. Hd. Herr Mustermann                       Seite:             1',
      '       Musterweg 1',
      '       60325 Frankfurt am Main',
    ].join('\n');
    expect(await recipients(columns)).toEqual(['Muster GmbH']);
  });

  it('passes over how the letter addresses its recipient, alone on its line or before the name, in the languages of the packs', async () => {
    expect(await recipients('Musterbau GmbH · Industriestraße 7 · 70565 Stuttgart\n\nHerrn\nPeter Meier\nGartenweg 3\n12345 Berlin\n')).toEqual(['Peter Meier']);
    expect(await recipients('Musterbau GmbH · Industriestraße 7 · 70565 Stuttgart\n\nFrau Dr. Anna Weber\nLindenstraße 12\n80331 München\n')).toEqual(['Dr. Anna Weber']);
    expect(await recipients('Atelier Berthier SARL · 12 rue Victor Hugo · 69002 Lyon\n\nM. Jean Dupont\n8 avenue Foch\n75016 Paris\n')).toEqual(['Jean Dupont']);
    expect(await recipients('Bouwbedrijf Smit B.V. · Kerkstraat 4 · 1017 GC Amsterdam\n\nDe heer\nPieter de Vries\nDorpsstraat 9\n3511 AB Utrecht\n')).toEqual(['Pieter de Vries']);
  });

  it('reads nothing when the window does not say which line names the recipient, or has no address, or there is no sender line', async () => {
    // A single word the packs do not know over a name: a one-word company over its contact, or a greeting — the layout does not say.
    expect(await recipients('Musterbau GmbH · Industriestraße 7 · 70565 Stuttgart\n\nAlphabet\nPeter Meier\nGartenweg 3\n12345 Berlin\n')).toEqual([]);
    expect(await recipients('Musterbau GmbH · Industriestraße 7 · 70565 Stuttgart\nBeispiel AG\nThank you for your order\n')).toEqual([]);
    expect(await recipients('Musterbau GmbH\nBeispiel AG\nGartenweg 3\n12345 Berlin\n')).toEqual([]);
    // Commas part many lines: a town, its state and its country are no sender line.
    expect(await recipients('Springfield, IL 62704\nGlobex Industries\n456 Commerce Blvd\n')).toEqual([]);
  });
});

describe('pattern_extraction: the issuer address under the letterhead', () => {
  const receipts = defineContract({ id: 'r', fields: [{ path: 'merchant_address', type: 'STRING', description: 'Address of the company that issued the receipt.' }] });

  it('joins the lines under the name, skipping the registration number and a branch name, up to the first contact line', async () => {
    const document = await buildDocument('HARBOUR MART SDN BHD\n(123456-X)\nHARBOUR MART RIVERSIDE\nLOT 12, JALAN SUNGAI 3,\n41200 KLANG, SELANGOR.\nTEL: 03-1234 5678\nRECEIPT #889\nTOTAL 12.00\n', { inputType: 'text' });
    const result = await runCapability(capability, receipts, 'merchant_address', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['LOT 12, JALAN SUNGAI 3, 41200 KLANG, SELANGOR.']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ kind: EvidenceKind.RECOGNIZER, pattern: 'layout:address', detail: { bounded: true, lines: 2 } });
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('reads past a date, a company or tax registration printed under the name, and a house number written "NO:"', async () => {
    const values = async (text: string) => (await runCapability(capability, receipts, 'merchant_address', await buildDocument(text, { inputType: 'text' }))).candidates.map((candidate) => candidate.value);
    expect(await values('UNIHAKKA INTERNATIONAL SDN BHD\n05 MAR 2018 18:24\n(867388-U)\n12, JALAN TAMPOI 7/4,KAWASAN PERINDUSTRIAN\nTAMPOI,81200 JOHOR BAHRU,JOHOR\nTAX INVOICE\n')).toEqual([
      '12, JALAN TAMPOI 7/4,KAWASAN PERINDUSTRIAN TAMPOI,81200 JOHOR BAHRU,JOHOR',
    ]);
    expect(await values('MR.D.I.Y(M)SDN BHD\nCO-REG:860671-D\nGST REG. NO. : 000306020352\nLOT 1851-A & 1851-B, JALAN KPB 6,\nKAWASAN PERINDUSTRIAN BALAKONG,\n43300 SERI KEMBANGAN, SELANGOR\n(GST ID NO :000306020352)\n')).toEqual([
      'LOT 1851-A & 1851-B, JALAN KPB 6, KAWASAN PERINDUSTRIAN BALAKONG, 43300 SERI KEMBANGAN, SELANGOR',
    ]);
    expect(await values('LIGHTROOM GALLERY SDN BHD\nNO: 28, JALAN ASTANA 1C,\nBANDAR BUKIT RAJA, 41050\nKLANG SELANGOR D.E, MALAYSIA\nROC NO. : (1072825-A)\n')).toEqual(['NO: 28, JALAN ASTANA 1C, BANDAR BUKIT RAJA, 41050 KLANG SELANGOR D.E, MALAYSIA']);
    // A registration in brackets after its label, a store's code, a tax number printed in groups; a bill's title ends the address.
    expect(await values('SUN WONG KUT SDN BHD\nBR NO. :(20965-W)\nSITE: 1046\nGST REG NO : 0000 6771 0976\n176 JLN SUNGEI BESI,\n57100 KUALA LUMPUR.\nGUEST CHECK\nTABLE 5\n')).toEqual(['176 JLN SUNGEI BESI, 57100 KUALA LUMPUR.']);
    // A telephone number ends the address, with or without a comma after it.
    expect(await values('FUYI MINI MARKET SDN BHD\nNO 43, JALAN SEJATI,\n45600 BESTARI JAYA,\n03-3279 1851,\nTHANK YOU\n')).toEqual(['NO 43, JALAN SEJATI, 45600 BESTARI JAYA,']);
    // A labelled line still ends it ("Date: …", "Tel: …").
    expect(await values('ACME SDN BHD\nNO 5, JALAN SATU,\nDate: 05/03/2018\n')).toEqual(['NO 5, JALAN SATU,']);
  });

  it('says when nothing ends the address (its end is a guess), and finds nothing without a street or postal line', async () => {
    const open = await buildDocument('Alpine Tools AG\nBahnhofstrasse 7\n8001 Zürich\nMain Hall\n', { inputType: 'text' });
    const unbounded = await runCapability(capability, receipts, 'merchant_address', open);
    expect(evidenceOf(unbounded, unbounded.candidates[0])[0]!.detail).toMatchObject({ bounded: false });
    const none = await buildDocument('Alpine Tools AG\nThank you for shopping\nTotal: 12.00\n', { inputType: 'text' });
    expect((await runCapability(capability, receipts, 'merchant_address', none)).candidates).toEqual([]);
  });
});

describe('pattern_extraction: a letterhead over a registration number', () => {
  it('is confirmed by the address under the registration number, and a name over two lines is joined', async () => {
    const receipts = defineContract({ id: 'r', fields: [{ path: 'merchant_name', type: 'STRING', description: 'Name of the company that issued the receipt.' }] });
    const single = await buildDocument('MEI LAN BAKERY\n(551203-K)\n67,JLN MEWAH 25/63 TMN SRI MUDA,\n40400 SHAH ALAM.\n', { inputType: 'text' });
    const result = await runCapability(capability, receipts, 'merchant_name', single);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ pattern: 'layout:letterhead', detail: { followedBy: 'address' } });
    // A name ending in "CO" ends in a legal form of the en pack (ADR 0041): it is the letterhead whatever follows it.
    const company = await buildDocument('MEI LAN BAKERY CO\n(551203-K)\n67,JLN MEWAH 25/63 TMN SRI MUDA,\n40400 SHAH ALAM.\n', { inputType: 'text' });
    const withForm = await runCapability(capability, receipts, 'merchant_name', company);
    expect(withForm.candidates[0]?.value).toBe('MEI LAN BAKERY CO');
    expect(evidenceOf(withForm, withForm.candidates[0])[0]).toMatchObject({ pattern: 'layout:letterhead', detail: { legalForm: true } });
    const twoLines = await buildDocument('HOME MASTER HARDWARE &\nELECTRICAL\nNO.113G & 115G, JALAN SETIA GEMBILANG\n', { inputType: 'text' });
    expect((await runCapability(capability, receipts, 'merchant_name', twoLines)).candidates.map((candidate) => candidate.value)).toEqual(['HOME MASTER HARDWARE & ELECTRICAL']);
  });

  it('reads past a terminal number above the name, drops the registration after "S/B", and joins a name printed over three lines', async () => {
    const receipts = defineContract({ id: 'r', fields: [{ path: 'merchant_name', type: 'STRING', description: 'Name of the company that issued the receipt.' }] });
    const values = async (text: string): Promise<unknown[]> => (await runCapability(capability, receipts, 'merchant_name', await buildDocument(text, { inputType: 'text' }))).candidates.map((candidate) => candidate.value);
    expect(await values('3180303\nLIAN HING STATIONERY SDN BHD\n(162761-M)\nNO.32 & 33, JALAN SR 1/9\n')).toEqual(['LIAN HING STATIONERY SDN BHD']);
    expect(await values('99 SPEED MART S/B (519537-X)\nLOT P.T. 2811, JALAN ANGSA,\n41150 KLANG, SELANGOR\n')).toEqual(['99 SPEED MART S/B']);
    expect(await values('AIK HUAT HARDWARE\nENTERPRISE (SETIA\nALAM) SDN BHD\n822737-X\nNO. 17-G, JALAN SETIA INDAH\n')).toEqual(['AIK HUAT HARDWARE ENTERPRISE (SETIA ALAM) SDN BHD']);
    expect(await values('LIAN CHI PU TIAN VEGETARIAN\nRESTAURANT SDN BHD\n(1234567-X)\n12, JALAN SS 2/24\n')).toEqual(['LIAN CHI PU TIAN VEGETARIAN RESTAURANT SDN BHD']);
    // A legal form alone on its line continues the name above it; a registration number in angle brackets is one too.
    expect(await values('TSH POWER HARDWARE\nTRADING\n002458685-T\n13-1, JALAN PJU 5/10,\n')).toEqual(['TSH POWER HARDWARE TRADING']);
    expect(await values('TRADING\n13-1, JALAN PJU 5/10,\n')).toEqual([]);
    // A joined name's evidence text is its first line's, the slice of its first span; a concept's label above a bare legal form is not joined.
    const joined = await runCapability(capability, receipts, 'merchant_name', await buildDocument('TSH POWER HARDWARE\nTRADING\n002458685-T\n13-1, JALAN PJU 5/10,\n', { inputType: 'text' }));
    expect(evidenceOf(joined, joined.candidates[0])[0]).toMatchObject({ text: 'TSH POWER HARDWARE', spans: [{ start: 0, end: 18 }, { start: 19, end: 26 }] });
    expect(await values('Total\nBv\n')).toEqual([]);
    const sunfish = await runCapability(capability, receipts, 'merchant_name', await buildDocument('SUNFISH\n<484297-M>\n22 LRG PERUSAHAAN 4\n', { inputType: 'text' }));
    expect(evidenceOf(sunfish, sunfish.candidates[0])[0]).toMatchObject({ text: 'SUNFISH', detail: { followedBy: 'address' } });
    // A store's code ("Filiale 1234", an outlet word of the packs) stands between a name and its address as a registration number does.
    const store = await runCapability(capability, receipts, 'merchant_name', await buildDocument('ALDI SÜD\nFiliale 1234\nMusterstraße 5\n80331 München\n', { inputType: 'text' }));
    expect(evidenceOf(store, store.candidates[0])[0]).toMatchObject({ text: 'ALDI SÜD', detail: { followedBy: 'address' } });
    // So does a statement of the legal form ("EURL au capital de 5 000 €"); a name that starts with its legal form is no such statement.
    const capital = await runCapability(capability, receipts, 'merchant_name', await buildDocument('ÉLECTRICITÉ ROUSSEAU\nEURL au capital de 5 000 €\n22 avenue Victor Hugo\n33000 Bordeaux\n', { inputType: 'text' }));
    expect(evidenceOf(capital, capital.candidates[0])[0]).toMatchObject({ text: 'ÉLECTRICITÉ ROUSSEAU', detail: { followedBy: 'address' } });
    // A registration number under a label ("BR NO.:") stands between a name and its address as a bare one does.
    const labelled = await runCapability(capability, receipts, 'merchant_name', await buildDocument('FUYI MINI MARKET\nBR NO.: 0195932-X\nNO 43-45-47G, TAMAN SEJATI,\n', { inputType: 'text' }));
    expect(evidenceOf(labelled, labelled.candidates[0])[0]).toMatchObject({ detail: { followedBy: 'address' } });
  });

  it('finds the issuer under a scanner or cashier name, and ends the address at its country', async () => {
    const receipts = defineContract({ id: 'r', fields: [{ path: 'merchant_address', type: 'STRING', description: 'Address of the company that issued the receipt.' }] });
    const document = await buildDocument('TAN WOON YANN\nINDAH GIFT & HOME DECO\n27,JALAN DEDAP 13,\n81100 JOHOR BAHRU, MALAYSIA\nIOI MALL\nRECEIPT\n', { inputType: 'text' });
    const result = await runCapability(capability, receipts, 'merchant_address', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['27,JALAN DEDAP 13, 81100 JOHOR BAHRU, MALAYSIA']);
  });
});

describe('pattern_extraction: marks above the letterhead of a scan', () => {
  const receipts = defineContract({
    id: 'r',
    fields: [
      { path: 'merchant_name', type: 'STRING', description: 'Name of the company that issued the receipt.' },
      { path: 'merchant_address', type: 'STRING', description: 'Address of the company that issued the receipt.' },
    ],
  });
  const values = async (text: string, field = 'merchant_name'): Promise<unknown[]> =>
    (await runCapability(capability, receipts, field, await buildDocument(text, { inputType: 'text' }))).candidates.map((candidate) => candidate.value);

  it('reads past a number written or stamped on the page and a name in lower case above the capitals', async () => {
    expect(await values('A030/8\nUNIHAKKA INTERNATIONAL SDN BHD\n(867388-U)\n12, JALAN TAMPOI 7/4,\n')).toEqual(['UNIHAKKA INTERNATIONAL SDN BHD']);
    expect(await values('(481500-M)\nCW KHOO HARDWARE SDN BHD\nNO.50, JALAN PBS 14/11,\n')).toEqual(['CW KHOO HARDWARE SDN BHD']);
    expect(await values('tan woon yann\nINDAH GIFT & HOME DECO\n27,JALAN DEDAP 13,\n81100 JOHOR BAHRU, JOHOR.\n')).toEqual(['INDAH GIFT & HOME DECO']);
    expect(await values('tan woon yann\nINDAH GIFT & HOME DECO\n27,JALAN DEDAP 13,\n81100 JOHOR BAHRU, JOHOR.\nTEL: 07-3507405\n', 'merchant_address')).toEqual(['27,JALAN DEDAP 13, 81100 JOHOR BAHRU, JOHOR.']);
    // A speck with nothing to read, and a name that holds a number.
    expect(await values('’\nBENS INDEPENDENT GROCER SDN. BHD\n(913144-A)\nLot 6, Jalan Batai,\n')).toEqual(['BENS INDEPENDENT GROCER SDN. BHD']);
    expect(await values('Triple Six Point Enterprise 666\nNo 14318 Jalan Permas 4/3\n')).toEqual(['Triple Six Point Enterprise 666']);
    expect(await values('12 Main Street 5\nACME Corp\n')).toEqual([]);
    // A stray mark before the name is not part of it.
    expect(await values('+ UNIHAKKA INTERNATIONAL SDN BHD\n12, JALAN TAMPOI 7/4,\n')).toEqual(['UNIHAKKA INTERNATIONAL SDN BHD']);
    expect(await values('~~ L TWO FLORIST & HANDICRAFT  -\nNO 5, JALAN PJU 1/3,\n')).toEqual(['L TWO FLORIST & HANDICRAFT']);
    expect(await values('“ THAI DELICIOUS RESTAURANT\nNO 5, JALAN PJU 1/3,\n')).toEqual(['THAI DELICIOUS RESTAURANT']);
  });

  it('reads nothing when only the legal form is legible, and joins a name in small letters over its legal form', async () => {
    expect(await values('CO. (M) SDN BHD\n(Co. No. 113825-W)\nNo 8, Jalan 7/118B, Desa Tun Razak\n')).toEqual([]);
    expect(await values("Nando's Chickenland Malaysia\nSdn Bhd\n(Co. No. 123456-X)\n")).toEqual(["Nando's Chickenland Malaysia Sdn Bhd"]);
  });

  it('reads past a line the OCR read at a low confidence (a logo, a scribble)', async () => {
    const line = (text: string, row: number, confidence: number) => text.split(' ').map((word, index, words) => ({ text: word, x: 10 + words.slice(0, index).join(' ').length * 10 + (index > 0 ? 10 : 0), y: row * 30, width: word.length * 10, height: 20, confidence, line: row }));
    const words = [...line('Aorplis', 0, 0.2), ...line('PERNIAGAAN ZHENG HUI', 1, 0.9), ...line('NO.59 JALAN PERMAS 9/5', 2, 0.85), ...line('81760 JOHOR BAHRU', 3, 0.9)];
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const document = await buildDocument(png, { ocr: { recognize: async () => ({ status: 'read', words }), close: async () => undefined } });
    const result = await runCapability(capability, receipts, 'merchant_name', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['PERNIAGAAN ZHENG HUI']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ detail: { followedBy: 'address' } });
  });

  it('passes over specks and stray letters without counting them as marks', async () => {
    // Four marks (a number, stray letters, a speck) and specks: the name below is still read, its address too.
    const head = '21% (2010.   :\ny    )\nw\n«\n.\nSYARIKAT PERNIAGAAN GIN KEE\n(81109-A)\nNO 290, JALAN AIR PANAS,\nSETAPAK,\n53200, KUALA LUMPUR.\nTEL : 03-40210276\n';
    expect(await values(head)).toEqual(['SYARIKAT PERNIAGAAN GIN KEE']);
    expect(await values(head, 'merchant_address')).toEqual(['NO 290, JALAN AIR PANAS, SETAPAK, 53200, KUALA LUMPUR.']);
    // Five readable marks are more than a page's head holds: nothing is guessed.
    expect(await values('A1\nB2\nC3\nD4\nE5\nACME TRADING\n12 Main Street\n')).toEqual([]);
  });

  it('lets a name-like line the OCR read badly yield to the line below it that an address confirms', async () => {
    const line = (text: string, row: number, confidence: number) => text.split(' ').map((word, index, words) => ({ text: word, x: 10 + words.slice(0, index).join(' ').length * 10 + (index > 0 ? 10 : 0), y: row * 30, width: word.length * 10, height: 20, confidence, line: row }));
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const read = async (words: ReturnType<typeof line>) =>
      runCapability(capability, receipts, 'merchant_name', await buildDocument(png, { ocr: { recognize: async () => ({ status: 'read', words }), close: async () => undefined } }));
    // "Srna" / "yr" (a logo read at 0.55 and 0.6) above the name an address confirms.
    const logo = await read([...line('Srna', 0, 0.55), ...line('yr', 1, 0.6), ...line('SYARIKAT PERNIAGAAN GIN KEE', 2, 0.93), ...line('(81109-A)', 3, 0.9), ...line('NO 290, JALAN AIR PANAS,', 4, 0.9)]);
    expect(logo.candidates.map((candidate) => candidate.value)).toEqual(['SYARIKAT PERNIAGAAN GIN KEE']);
    expect(evidenceOf(logo, logo.candidates[0])[0]).toMatchObject({ detail: { followedBy: 'address' } });
    // Read well, the first line stays the letterhead (a brand over the company); read badly with nothing confirmed below, it stays too.
    const brand = await read([...line('TEALIVE', 0, 0.92), ...line('LOOB HOLDING', 1, 0.93), ...line('NO 290, JALAN AIR PANAS,', 2, 0.9)]);
    expect(brand.candidates.map((candidate) => candidate.value)).toEqual(['TEALIVE']);
    const plain = await read([...line('Brem Mall', 0, 0.5), ...line('Guardian', 1, 0.9), ...line('Thank you', 2, 0.9)]);
    expect(plain.candidates.map((candidate) => candidate.value)).toEqual(['Brem Mall']);
  });

  it('reads an address line past a mark set apart at its end', async () => {
    expect(await values('TRI SHAAS SDN BHD (728515-H)\n4-20, Jalan Ria 25/62 Taman Sri Muda\nSeksyen 25, 40400 Shah Alam Selangor      :\nTel : 03-51217970\n', 'merchant_address')).toEqual([
      '4-20, Jalan Ria 25/62 Taman Sri Muda Seksyen 25, 40400 Shah Alam Selangor',
    ]);
  });

  it('gives no address when the line where it starts does not read as a street', async () => {
    expect(await values('AEON CO. (M) BHD\nRG FLR, AON TAMAN MALURT SC\nJUN JEUAKA, TAMAN MALURT\nCHERAS, 55100 KUALA LUMPUR\nGST ID : 002017394688\n', 'merchant_address')).toEqual([]);
  });
});

describe('pattern_extraction: the head of a receipt in the languages of the packs', () => {
  const receipts = defineContract({
    id: 'r',
    fields: [
      { path: 'merchant_name', type: 'STRING', description: 'Name of the company that issued the receipt.' },
      { path: 'merchant_address', type: 'STRING', description: 'Address of the company that issued the receipt.' },
    ],
  });
  const read = async (text: string, field: string) => {
    const result = await runCapability(capability, receipts, field, await buildDocument(text, { inputType: 'text' }));
    return { values: result.candidates.map((candidate) => candidate.value), evidence: evidenceOf(result, result.candidates[0])[0] };
  };

  it('reads a legal form printed before a quoted name as the issuer, past its registration and tax numbers, to its address', async () => {
    const head = 'SIA "Zaļā Dārzs"\nReģ. Nr. 40103456789\nVeikals Nr. 12\nPVN reģ. Nr. LV40103456789\nBrīvības iela 118, Rīga, LV-1001\n\nPiens 2% 1l        0.99 A\n';
    const name = await read(head, 'merchant_name');
    expect(name.values).toEqual(['SIA "Zaļā Dārzs"']);
    expect(name.evidence).toMatchObject({ pattern: 'layout:letterhead', detail: { legalForm: true } });
    // A store's code between the name and the street is passed over (a number marker of the packs may stand before the code); the blank line ends the address.
    const address = await read(head, 'merchant_address');
    expect(address.values).toEqual(['Brīvības iela 118, Rīga, LV-1001']);
    expect(address.evidence!.detail).toMatchObject({ bounded: true });
  });

  it('does not take a quoted name after a word that is no legal form for a confirmed letterhead', async () => {
    const name = await read('Welcome "Guest"\nThank you for shopping\n', 'merchant_name');
    expect(name.evidence?.detail).not.toHaveProperty('legalForm');
  });

  it('reads a name after a legal form its language prints first, when a scan lost the quotes, and nothing else after such a form', async () => {
    const name = await read('SIA MEZA DRAUGS\nKr. Barona iela 40, Riga, LV-1011\n\nMaize rudzu     1.29 A\n', 'merchant_name');
    expect(name.values).toEqual(['SIA MEZA DRAUGS']);
    expect(name.evidence).toMatchObject({ pattern: 'layout:letterhead', detail: { legalForm: true } });
    // A legal form that follows names (GmbH) does not lead one; a form that leads names leads no sentence or number.
    for (const head of ['GMBH MEIER HANDEL\n', 'SIA 40103456789\n', 'AS per your order of today we deliver\n']) {
      const other = await read(`${head}Kr. Barona iela 40, Riga, LV-1011\n`, 'merchant_name');
      expect(other.evidence?.detail ?? {}).not.toHaveProperty('legalForm');
    }
  });

  it('starts the address at a street the packs have no word for, its house number last, right above the postal line', async () => {
    const address = await read('Markt Köhler GmbH\nZweigniederlassung Süd\nAm Markt 5\n90402 Nürnberg\nUID Nr.: DE812706034\n', 'merchant_address');
    expect(address.values).toEqual(['Am Markt 5 90402 Nürnberg']);
    // A line with a number that is not right above the postal line stays out.
    const apart = await read('Markt Köhler GmbH\nHaus Sonne 2\nZweigniederlassung Süd\n90402 Nürnberg\nUID Nr.: DE812706034\n', 'merchant_address');
    expect(apart.values).toEqual(['90402 Nürnberg']);
  });

  it('ends a typed address at the blank line after it, once its street is read', async () => {
    const address = await read('Frischemarkt Köhler GmbH\nLindenallee 27\n04109 Leipzig\n\nVollmilch 3,5% 1L     1,15 B\nDinkelbrot 750g       3,29 B\n', 'merchant_address');
    expect(address.values).toEqual(['Lindenallee 27 04109 Leipzig']);
    expect(address.evidence!.detail).toMatchObject({ bounded: true });
  });
});
