import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { textPdf } from '../../document/src/__fixtures__/text-pdf.js';
import { readRecordSets } from './read-record-sets.js';
import type { RecordSet } from './record-set.js';

/** Each row as concept → number or text, for readable expectations. */
function rowsOf(set: RecordSet | undefined): Record<string, string>[] {
  return (set?.rows ?? []).map((row) => Object.fromEntries(Object.entries(row.cells).map(([concept, cell]) => [concept, cell.number ?? cell.text])));
}

const TEXT_INVOICE = (total: string) => `NORTHWIND OPTICS GmbH

Description                          Qty    Unit Price       Amount
-------------------------------------------------------------------
Achromatic lens 50 mm                 12       EUR 84.50    EUR 1,014.00
Mounting ring, anodised               12       EUR 12.25      EUR 147.00
Calibration service for the           3       EUR 95.00      EUR 285.00
lens set
-------------------------------------------------------------------
                                          Subtotal:     EUR ${total}
                                          VAT 19%:        EUR 274.74
`;

describe('readRecordSets: text tables', () => {
  it('reads each row under its header concept, with a description wrapped over two lines, and a sum that agrees', async () => {
    const document = await buildDocument(TEXT_INVOICE('1,446.00'));
    const sets = readRecordSets(document);
    expect(sets).toHaveLength(1);
    expect(rowsOf(sets[0])).toEqual([
      { description: 'Achromatic lens 50 mm', quantity: '12', unit_price: '84.50', line_amount: '1014.00' },
      { description: 'Mounting ring, anodised', quantity: '12', unit_price: '12.25', line_amount: '147.00' },
      { description: 'Calibration service for the lens set', quantity: '3', unit_price: '95.00', line_amount: '285.00' },
    ]);
    expect(sets[0]!.rows.map((row) => row.check)).toEqual(['agrees', 'agrees', 'agrees']);
    expect(sets[0]!.sum).toMatchObject({ sum: '1446', printed: '1446.00', agrees: true });
    // Every cell is exactly its source text.
    for (const row of sets[0]!.rows) for (const cell of Object.values(row.cells).filter((cell) => cell.number !== null)) expect(document.layers.input!.text.slice(cell.span.start, cell.span.end)).toBe(cell.text);
  });

  it('joins a description wrapped over lines: a code broken after its hyphen, a line opening with a number or a bracket, words run into the reference column', async () => {
    const text = `Pos  Reference         Description                Qty    Unit Price     Amount
1                       GWDSTG-DIN976-               25          2.06      51.50
     Ref: A-77          A-4.8-(A2K)-M10X1000
2                       Frostschutzschicht aus        2          8.00      16.00
                        Mineralgemisch 0/45
                        15 cm, Verdichtung
                        (DPr 1)
3                       Pflaster, Mess-               1          5.00       5.00
                        und Regeltechnik
4                       Delivery and mounting         1          1.00       1.00
     Ref: ARNR2-SOLAR-7 of solar holders with
                        system tiles
     Gross price: 1.00
                                   Subtotal:      73.50
`;
    const sets = readRecordSets(await buildDocument(text));
    expect(rowsOf(sets[0]).map((row) => row['description'])).toEqual([
      'GWDSTG-DIN976-A-4.8-(A2K)-M10X1000',
      'Frostschutzschicht aus Mineralgemisch 0/45 15 cm, Verdichtung (DPr 1)',
      'Pflaster, Mess- und Regeltechnik',
      'Delivery and mounting of solar holders with system tiles',
    ]);
    expect(sets[0]!.sum).toMatchObject({ printed: '73.50', agrees: true });
  });

  it('takes a description printed above its row beside a note, or above and repeated below it, and a row number under its own narrow column', async () => {
    const facturx = `Line  Description                          Unit Price     Qty      Amount
      SUPPORT SERVICE - Description               -1.00 (RE)
  1                                          60.00     1.00       60.00
  2   PAPER SUPPLIES - Description               30.00     2.00       60.00
`;
    expect(rowsOf(readRecordSets(await buildDocument(facturx))[0]).map((row) => [row['description'], row['line_amount']])).toEqual([
      ['SUPPORT SERVICE', '60.00'],
      ['PAPER SUPPLIES', '60.00'],
    ]);
    const repeated = `   #    Line item description                    Quantity   Unit   Unit price        Net
        GWDSTG-DIN976-A-4.8                     0595810
     1                                            25.00    pcs         2.06      51.50
        GWDSTG-DIN976-A-4.8                     7711231
        MUELLSACK-BLAU-700X1100                 0589980
     2                                           150.00    pcs        49.29   7,393.50
        MUELLSACK-BLAU-700X1100                 7748539
`;
    expect(rowsOf(readRecordSets(await buildDocument(repeated))[0]).map((row) => [row['item_number'], row['description'], row['line_amount']])).toEqual([
      ['1', 'GWDSTG-DIN976-A-4.8', '51.50'],
      ['2', 'MUELLSACK-BLAU-700X1100', '7393.50'],
    ]);
  });

  it('ends a table at a tax breakdown whose header line ends with the items total', async () => {
    const text = `Description            Quantité   Prix Unitaire HT    TVA        Total HT
Chambre double             6        205,90 €          10 %    1.235,40 €
Taxe de séjour             6          1,65             0 %        9,90 €
Taux TVA      Prix HT      TVA     Montant total     Montant Total HT    1.245,30 €
10,00 %     1.235,40 €   123,54 €   1.358,80 €        Remise HT              0,00 €
`;
    const [set] = readRecordSets(await buildDocument(text));
    expect(set!.rows).toHaveLength(2);
    expect(set!.adjustments).toHaveLength(0);
    expect(set!.sum).toMatchObject({ printed: '1245.30', agrees: true });
  });

  it('says when the rows do not add up to the printed items total, with both sums', async () => {
    const sets = readRecordSets(await buildDocument(TEXT_INVOICE('1,546.00')));
    expect(sets[0]!.sum).toMatchObject({ sum: '1446', printed: '1546.00', agrees: false });
  });

  it('reads German headers and numbers, and a row that does not multiply out', async () => {
    const text = ['Pos.  Bezeichnung              Menge    Einzelpreis    Betrag', '1     Schreibtischstuhl, blau      3         191,00    573,00', '2     Lampe                        2          10,00     25,00', '                         Zwischensumme              598,00'].join('\n');
    const sets = readRecordSets(await buildDocument(text));
    expect(rowsOf(sets[0])).toEqual([
      { item_number: '1', description: 'Schreibtischstuhl, blau', quantity: '3', unit_price: '191.00', line_amount: '573.00' },
      { item_number: '2', description: 'Lampe', quantity: '2', unit_price: '10.00', line_amount: '25.00' },
    ]);
    expect(sets[0]!.rows.map((row) => row.check)).toEqual(['agrees', 'disagrees']);
    expect(sets[0]!.sum.agrees).toBe(true);
  });

  it('finds no record set in prose or in a key-value document', async () => {
    expect(readRecordSets(await buildDocument('Total: 12.00\nInvoice number: 12\nThe price and the amount are stated below.'))).toEqual([]);
  });
});

describe('readRecordSets: HTML, CSV and JSON', () => {
  const html = (total: string) =>
    `<html><body><table><tr><th>Article</th><th>Quantité</th><th>Prix unitaire</th><th>Montant</th></tr><tr><td>Lentille</td><td>2</td><td>10,00</td><td>20,00</td></tr><tr><td>Bague</td><td>1</td><td>5,00</td><td>5,00</td></tr><tr><td>Sous-total</td><td></td><td></td><td>${total}</td></tr></table></body></html>`;

  it('reads an HTML table in French, with its totals row', async () => {
    const sets = readRecordSets(await buildDocument(html('25,00')));
    expect(sets.map((set) => set.source)).toEqual(['html-table']);
    expect(rowsOf(sets[0])).toEqual([
      { description: 'Lentille', quantity: '2', unit_price: '10.00', line_amount: '20.00' },
      { description: 'Bague', quantity: '1', unit_price: '5.00', line_amount: '5.00' },
    ]);
    expect(sets[0]!.sum).toMatchObject({ agrees: true });
  });

  it('says when an HTML table does not add up', async () => {
    const sets = readRecordSets(await buildDocument(html('35,00')));
    expect(sets[0]!.sum).toMatchObject({ sum: '25', printed: '35.00', agrees: false });
  });

  it('reads CSV rows and JSON arrays of objects', async () => {
    const csv = readRecordSets(await buildDocument('description,qty,unit price,amount\nLens,2,10.00,20.00\nRing,1,5.00,5.00\n', { inputType: 'csv' }));
    expect(rowsOf(csv.find((set) => set.source === 'csv'))).toEqual([
      { description: 'Lens', quantity: '2', unit_price: '10.00', line_amount: '20.00' },
      { description: 'Ring', quantity: '1', unit_price: '5.00', line_amount: '5.00' },
    ]);
    const json = readRecordSets(await buildDocument(JSON.stringify({ invoice: { lines: [{ description: 'Lens', quantity: 2, unitPrice: 10, amount: 20 }, { description: 'Ring', quantity: 1, unitPrice: 5, amount: 5 }] } })));
    expect(rowsOf(json[0])).toEqual([
      { description: 'Lens', quantity: '2', unit_price: '10', line_amount: '20' },
      { description: 'Ring', quantity: '1', unit_price: '5', line_amount: '5' },
    ]);
  });
});

describe('readRecordSets: PDF text layer', () => {
  const page = (lines: [string, number, number][]) => ({ width: 595, height: 842, lines: lines.map(([text, x, y]) => ({ text, x, y, size: 10 })) });
  const header: [string, number, number][] = [
    ['Description', 50, 700],
    ['Qty', 300, 700],
    ['Unit price', 380, 700],
    ['Amount', 480, 700],
  ];
  const row = (y: number, description: string, quantity: string, price: string, amount: string): [string, number, number][] => [
    [description, 50, y],
    [quantity, 305, y],
    [price, 385, y],
    [amount, 485, y],
  ];
  const pdf = (subtotal: string) =>
    textPdf([
      page([...header, ...row(680, 'Lens', '2', '10.00', '20.00'), ...row(665, 'Ring', '1', '5.00', '5.00')]),
      page([...header, ...row(680, 'Tripod', '1', '30.00', '30.00'), ['Subtotal', 380, 640], [subtotal, 485, 640]]),
    ]);

  it('reads columns by position, and a table continued under a repeated header is one table', async () => {
    const sets = readRecordSets(await buildDocument(pdf('55.00')));
    expect(sets).toHaveLength(1);
    expect(rowsOf(sets[0])).toEqual([
      { description: 'Lens', quantity: '2', unit_price: '10.00', line_amount: '20.00' },
      { description: 'Ring', quantity: '1', unit_price: '5.00', line_amount: '5.00' },
      { description: 'Tripod', quantity: '1', unit_price: '30.00', line_amount: '30.00' },
    ]);
    expect(sets[0]!.sum).toMatchObject({ sum: '55', agrees: true });
  });

  it('says when the PDF rows do not add up', async () => {
    const sets = readRecordSets(await buildDocument(pdf('65.00')));
    expect(sets[0]!.sum).toMatchObject({ sum: '55', printed: '65.00', agrees: false });
  });
});

describe('readRecordSets: receipt item lines', () => {
  it('reads an item whose name is also a short label of a card number ("Pan" is bread, "PAN" a card number)', async () => {
    const receipt = ['PANADERIA EJEMPLO S.L.', '', 'Leche 1L                                1,78', 'Pan                                     0,65', 'Aceite 1L                               8,95', '-----------------------------------------', 'TOTAL                          EUR     11,38'].join('\n');
    const sets = readRecordSets(await buildDocument(receipt, { inputType: 'text' }));
    expect(rowsOf(sets[0]).map((row) => row['description'])).toEqual(['Leche 1L', 'Pan', 'Aceite 1L']);
  });
});
