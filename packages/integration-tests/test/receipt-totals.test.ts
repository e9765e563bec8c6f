/**
 * Receipt totals (issue "Real documents"): made-up receipts with the layouts that made the
 * total confidently wrong — a tax summary block with its own "TOTAL", a label and its value
 * transcribed on separate lines with a lone ":" between them, "TOTAL SALES (EXCLUDING GST)"
 * next to "(INCLUSIVE OF GST)", "TOTAL" before "TOTAL ROUNDED". Each either reads the
 * document's total or refuses; none gives a wrong value at a confident band.
 */
import { normalize } from 'paxman';
import { describe, expect, it } from 'vitest';

const contract = { id: 'receipt', fields: [{ name: 'total', type: 'DECIMAL', required: true, description: 'Total amount paid.' }] };

async function totalOf(text: string): Promise<{ value: unknown; band: string }> {
  const artifact = await normalize(text, { contract });
  const result = artifact.fieldResults['total']!;
  return { value: result.value, band: result.band };
}

describe('receipt totals', () => {
  it('does not take the total of a GST summary block for the receipt total', async () => {
    const receipt = ['KEDAI BUKU MAJU SDN BHD', 'ITEM A', '2', '8.00', 'SUB-TOTAL (EX)', ':', '16.00', 'TOTAL TAX', ':', '0.96', 'TOTAL', ':', '16.96', 'GST SUMMARY', 'TAX CODE', '%', 'SR', '6', 'TOTAL :', '16.00', '0.96'].join('\n');
    expect(await totalOf(receipt)).toEqual({ value: '16.96', band: expect.stringMatching(/CERTAIN|HIGH/) });
  });

  it('reads a value two lines under its label with a lone ":" between them', async () => {
    expect((await totalOf('SHOP ONE\nTOTAL\n:\n42.10\nTHANK YOU\n')).value).toBe('42.10');
  });

  it('keeps "(EXCLUDING GST)" and "(INCLUSIVE OF GST)" apart', async () => {
    const receipt = 'SHOP TWO\nTOTAL SALES (EXCLUDING GST) : 31.03\nTOTAL GST : 1.65\nTOTAL SALES (INCLUSIVE OF GST) : 32.70\nCASH : 40.00\n';
    expect((await totalOf(receipt)).value).toBe('32.70');
  });

  it('compares the total before rounding with the rounded total instead of trusting either blindly', async () => {
    const result = await totalOf('SHOP THREE\nTOTAL : 33.92\nROUNDING ADJUSTMENT : -0.02\nTOTAL ROUNDED : 33.90\n');
    expect(result.value === '33.90' || result.band === 'UNTRUSTED' || result.band === 'LOW').toBe(true);
    expect(result.value).not.toBe('33.92');
  });
});

describe('receipt letterheads', () => {
  const merchant = { id: 'receipt', fields: [{ name: 'merchant_name', type: 'STRING', required: true, description: 'Name of the company that issued the receipt.', tags: ['party'] }] };
  const nameOf = async (text: string) => (await normalize(text, { contract: merchant })).fieldResults['merchant_name']!.value;

  it('takes the line with a legal form for the issuer, not a name line above it, and drops the registration number', async () => {
    expect(await nameOf('JOHN APPLESEED\nACME HARDWARE SDN BHD (123456-X)\nNO 5, JALAN MAJU\nTEL: 03-1234567\nTOTAL: 5.00\n')).toBe('ACME HARDWARE SDN BHD');
  });

  it('joins a name printed over two lines', async () => {
    expect(await nameOf('GOLDEN PAGES BOOK\nCO. (M) SDN BHD\n(11111-K)\nLOT 2, JALAN X\nTOTAL: 5.00\n')).toBe('GOLDEN PAGES BOOK CO. (M) SDN BHD');
  });
});
