import { describe, expect, it } from 'vitest';
import { buildDocument } from './build-document.js';

const pairs = async (text: string) => (await buildDocument(text, { inputType: 'text' })).keyValues.map((pair) => [pair.key, pair.value]);

describe('pairs parted by a separator on one line', () => {
  it('are pairs of their own: a middle dot, a bullet or a bar between spaces', async () => {
    expect(await pairs('FACTURE\nDate : 20260815 · Échéance : 20260914\n')).toEqual([
      ['Date', '20260815'],
      ['Échéance', '20260914'],
    ]);
    expect(await pairs('Tel: 030 1234 | Fax: 030 1235 • Web: example.org\n')).toEqual([
      ['Tel', '030 1234'],
      ['Fax', '030 1235'],
      ['Web', 'example.org'],
    ]);
  });

  it('leave a value alone when no label follows the separator', async () => {
    expect(await pairs('Item: Bolts · 12 pcs\n')).toEqual([['Item', 'Bolts · 12 pcs']]);
    expect(await pairs('Subject: A·B testing\n')).toEqual([['Subject', 'A·B testing']]);
  });
});
