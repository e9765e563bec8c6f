import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { compileLexicon, builtInLexiconPacks, mergeRecordKnowledge, recordKnowledge, validateKnowledgePack } from '@paxman/knowledge';
import { createLexicon } from '@paxman/values';
import { readRecordSets } from './read-record-sets.js';
import type { RecordSet } from './record-set.js';

/** Each row as concept → number or text, for readable expectations. */
function rowsOf(rows: RecordSet['rows'] | undefined): Record<string, string>[] {
  return (rows ?? []).map((row) => Object.fromEntries(Object.entries(row.cells).map(([concept, cell]) => [concept, cell.number ?? cell.text])));
}

async function itemLines(text: string, options: Parameters<typeof readRecordSets>[1] = {}): Promise<RecordSet | undefined> {
  const document = await buildDocument(text);
  const sets = readRecordSets(document, options);
  const set = sets.find((candidate) => candidate.source === 'item-lines');
  // Every cell is exactly its source text.
  for (const row of [...(set?.rows ?? []), ...(set?.adjustments ?? [])]) for (const cell of Object.values(row.cells)) expect(document.layers.input!.text.slice(cell.span.start, cell.span.end)).toBe(cell.text);
  return set;
}

const GERMAN_RECEIPT = (total: string) => `REWE Markt GmbH
Domstr. 20, 50668 Köln

                          EUR
BIO BANANE              1,29 B
MILCH 1,5%              1,98 B
  2 Stk x 0,99
SMIRNOFF VODKA 0,7L    12,99 A
RABATT                 -0,50 A
BROT                    2,49 B
--------------------------------
SUMME           EUR    ${total}
Geg. EC-Cash    EUR    ${total}
`;

describe('readRecordSets: item lines without a header', () => {
  it('reads a German receipt: tax codes after the amounts, a quantity line under its item, a discount between items, a sum that agrees', async () => {
    const set = await itemLines(GERMAN_RECEIPT('18,25'));
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'BIO BANANE', line_amount: '1.29' },
      { description: 'MILCH 1,5%', quantity: '2', unit_price: '0.99', line_amount: '1.98' },
      { description: 'SMIRNOFF VODKA 0,7L', line_amount: '12.99' },
      { description: 'BROT', line_amount: '2.49' },
    ]);
    expect(rowsOf(set?.adjustments)).toEqual([{ description: 'RABATT', line_amount: '-0.50' }]);
    expect(set?.rows[1]?.check).toBe('agrees');
    expect(set?.sum).toMatchObject({ sum: '18.25', printed: '18.25', agrees: true });
  });

  it('reads a weighed item whose unit price is quoted per unit under its description, and a discount under the last item before the sum', async () => {
    const receipt = (total: string) => `Frischemarkt GmbH

Vollmilch 3,5% 1L                 1,15 B
Äpfel Elstar
   0,842 kg x 2,99 EUR/kg         2,52 B
Kaffee gemahlen 500g              5,99 B
   Rabatt                        -1,00 B
--------------------------------------
SUMME                       EUR   ${total}
`;
    const set = await itemLines(receipt('8,66'));
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Vollmilch 3,5% 1L', line_amount: '1.15' },
      { description: 'Äpfel Elstar', quantity: '0.842', unit_price: '2.99', line_amount: '2.52' },
      { description: 'Kaffee gemahlen 500g', line_amount: '5.99' },
    ]);
    expect(rowsOf(set?.adjustments)).toEqual([{ description: 'Rabatt', line_amount: '-1.00' }]);
    expect(set?.sum).toMatchObject({ sum: '8.66', printed: '8.66', agrees: true });
    // The same rows against a total that leaves the discount out do not add up: the discount is counted, never dropped.
    expect((await itemLines(receipt('9,66')))?.sum).toMatchObject({ sum: '8.66', agrees: false });
  });

  it('reads a count printed before the description, with the unit price before the amount when the count times it makes the amount', async () => {
    const set = await itemLines(`BOULANGERIE DU MARCHÉ SARL

2 x Croissant        1,20     2,40
3x Pain au chocolat           4,20
2 x Baguette 1,30             2,90
Tarte aux pommes              3,90
TOTAL TTC          EUR       13,40
`);
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Croissant', quantity: '2', unit_price: '1.20', line_amount: '2.40' },
      { description: 'Pain au chocolat', quantity: '3', line_amount: '4.20' },
      // 2 × 1,30 is not 2,90: the price stays in the description rather than be read as a unit price the amount contradicts.
      { description: 'Baguette 1,30', quantity: '2', line_amount: '2.90' },
      { description: 'Tarte aux pommes', line_amount: '3.90' },
    ]);
    expect(set?.sum).toMatchObject({ sum: '13.4', printed: '13.40', agrees: true });
  });

  it('says the rows do not add up when the printed sum is more than the items (a line it could not read is missing)', async () => {
    const set = await itemLines(GERMAN_RECEIPT('19,25'));
    expect(set?.rows).toHaveLength(4);
    expect(set?.sum).toMatchObject({ sum: '18.25', printed: '19.25', agrees: false });
  });

  it('joins a quantity line to the item under it when it makes its amount, and a description printed alone to the amount on the next line', async () => {
    const set = await itemLines(`ALDI SÜD

Joghurt Natur              0,49 A
2 x 1,29
Apfelsaft 1L               2,58 A
BANANEN
3 x 0,25                   0,75 A
Summe                      3,82
Bar                       10,00
Rückgeld                   6,18
`);
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Joghurt Natur', line_amount: '0.49' },
      { description: 'Apfelsaft 1L', quantity: '2', unit_price: '1.29', line_amount: '2.58' },
      { description: 'BANANEN', quantity: '3', unit_price: '0.25', line_amount: '0.75' },
    ]);
    expect(set?.sum).toMatchObject({ printed: '3.82', agrees: true });
  });

  it('reads quantity and unit price printed on the item line, a position number and a bullet dropped, a currency code after the amount', async () => {
    const set = await itemLines(`ACME Corp
Invoice #INV-2026-12345
Items:
  1. Widget Pro       10 x $50.00  = $500.00
  2. Gadget Plus       5 x $30.00  = $150.00
- Support (hours):              $80.00 USD
Subtotal: $730.00
Total: $790.23 USD
`);
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Widget Pro', quantity: '10', unit_price: '50.00', line_amount: '500.00' },
      { description: 'Gadget Plus', quantity: '5', unit_price: '30.00', line_amount: '150.00' },
      { description: 'Support (hours)', line_amount: '80.00' },
    ]);
    expect(set?.sum).toMatchObject({ printed: '730.00', agrees: true });
  });

  // A pack's records section adds the Swedish word that opens the totals line.
  const swedishTotals = mergeRecordKnowledge(recordKnowledge(), [{ totals: { grandTotal: { sv: ['summa'] } } }]);

  it('reads columns of quantity and unit price with no sign between them when they make the amount, and an amount whose thousands stand apart after its currency', async () => {
    const set = await itemLines(`NORR AB
Lins 50 mm            10    SEK 640,00    SEK 6 400,00
Kalibrering            2    SEK 950,00    SEK 1 900,00
Frakt                                     SEK    95,00
Summa:                                    SEK 8 395,00
`, { knowledge: swedishTotals });
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Lins 50 mm', quantity: '10', unit_price: '640.00', line_amount: '6400.00' },
      { description: 'Kalibrering', quantity: '2', unit_price: '950.00', line_amount: '1900.00' },
      { description: 'Frakt', line_amount: '95.00' },
    ]);
    expect(set?.sum).toMatchObject({ printed: '8395.00', agrees: true });
  });

  it('keeps numbers that do not make the amount in the description, and reads no item from a line whose price and currency it could not place', async () => {
    const set = await itemLines(`NORR AB
Lins 50 mm 10 pack     SEK 6 400,00
Kabel 2 m 3 EUR 4,50   EUR 12,00
Summa:                 SEK 6 400,00
`, { knowledge: swedishTotals });
    // "2 400,00" without a currency before it stays two numbers; "EUR 4,00" inside a description is a column the line did not place.
    expect(rowsOf(set?.rows)).toEqual([{ description: 'Lins 50 mm 10 pack', line_amount: '6400.00' }]);
    expect((await itemLines(`BUTIK\nKaffe 2 400,00\nSumma 400,00\n`, { knowledge: swedishTotals }))?.rows.map((row) => row.cells['line_amount']?.number)).toEqual(['400.00']);
  });

  it('keeps the items apart from the head, the summary and the payment lines', async () => {
    const set = await itemLines(`CAFE NORD
Table 4            Guests 2
2026-01-15 09:14
Latte        4.75
Croissant    3.25
Tax          0.64
TOTAL        8.64 USD
CASH        10.00
CHANGE       1.36
`);
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Latte', line_amount: '4.75' },
      { description: 'Croissant', line_amount: '3.25' },
    ]);
    // The grand total holds the tax: it settles nothing about the items' sum.
    expect(set?.sum.agrees).toBeNull();
  });

  it('reads no set from a document without a summary line, from one line that nothing confirms, or from column words and quantity fragments', async () => {
    expect(await itemLines('Latte        4.75\nCroissant    3.25\n')).toBeUndefined();
    expect(await itemLines('SHOP\nTIGER BUCKET 95.00\nTOTAL 96.00\n')).toBeUndefined();
    expect(await itemLines('SHOP\nITEM QTY 5.00\n2PC @ 9.89\nRM 5.83\nTOTAL 20.72\n')).toBeUndefined();
  });

  it('reads one item when the total under it confirms it', async () => {
    const set = await itemLines('SHOP\nESPRESSO 2.80\nTOTAL 2.80\n');
    expect(rowsOf(set?.rows)).toEqual([{ description: 'ESPRESSO', line_amount: '2.80' }]);
  });

  it('does not add up amounts printed in several currencies', async () => {
    const set = await itemLines(`Quotation
1. Consulting Services (160 hours)         $40,000.00 USD
2. Platform Subscription (annual)         €12,000.00 EUR
Subtotal (USD): $40,000.00
`);
    expect(set?.rows).toHaveLength(2);
    expect(set?.sum.agrees).toBeNull();
  });

  it("ends the items at a summary word of the instance's packs: a user's pack adds its language", async () => {
    const receipt = `BUTIK\nKaffe        32,00\nBulle        28,00\nSUMMERAT     60,00\nKort         60,00\n`;
    // The built-in packs do not know "summerat": the line reads as a third item.
    expect((await itemLines(receipt))).toBeUndefined();
    const pack = validateKnowledgePack({ id: 'lexicon-sv-test', version: '1.0.0', description: 'x', lexicon: { language: 'sv', concepts: { total: ['summerat'] }, words: {} } });
    const lexicon = createLexicon(compileLexicon([...builtInLexiconPacks(), pack]));
    const set = await itemLines(receipt, { lexicon });
    expect(rowsOf(set?.rows)).toEqual([
      { description: 'Kaffe', line_amount: '32.00' },
      { description: 'Bulle', line_amount: '28.00' },
    ]);
  });
});
