/** Photos through the real pipeline: OCR on the instance's pool, evidence boxes on the page, replay, close(). */
import { createCanvas } from '@napi-rs/canvas';
import { computeReplayHash } from '@paxman/artifact';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaxman } from './create-paxman.js';

const contract = {
  id: 'receipt',
  version: '1',
  fields: [
    { name: 'invoice_number', type: 'STRING', required: true },
    { name: 'total_amount', type: 'MONEY', required: true },
  ],
};

/** A receipt photo: known text drawn on a canvas; returns the PNG and where "42.50" was drawn. */
async function receiptPhoto(): Promise<{ image: Uint8Array; amountBox: { x: number; y: number; width: number; height: number } }> {
  const canvas = createCanvas(640, 300);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, 640, 300);
  context.fillStyle = '#000000';
  context.font = '24px sans-serif';
  context.fillText('CORNER BAKERY LTD', 40, 50);
  context.fillText('Invoice No: INV-20931', 40, 120);
  context.fillText('Total', 40, 220);
  context.fillText('EUR 42.50', 440, 220);
  const metrics = context.measureText('EUR 42.50');
  const amountBox = { x: 440, y: 220 - metrics.actualBoundingBoxAscent, width: metrics.width, height: metrics.actualBoundingBoxAscent + metrics.actualBoundingBoxDescent };
  return { image: new Uint8Array(await canvas.encode('png')), amountBox };
}

const px = createPaxman({ ocr: { workers: 1 } });
afterAll(() => px.close());

describe('normalize a photo', () => {
  it('resolves the values with page boxes on their evidence, and the artifact replays', async () => {
    const { image, amountBox } = await receiptPhoto();
    const artifact = await px.normalize(image, { contract });
    expect(artifact.input.inputType).toBe('unknown');
    expect(artifact.normalizedData).toEqual({ invoice_number: 'INV-20931', total_amount: { amount: '42.50', currency: 'EUR' } });
    const totalEvidence = artifact.evidence.filter((record) => artifact.fieldResults['total_amount']!.evidenceIds.includes(record.id));
    expect(totalEvidence.length).toBeGreaterThan(0);
    for (const record of totalEvidence) {
      const box = record.boxes?.[0];
      expect(box?.page).toBe(1);
      // The box holds the amount's words (3 px of slack for anti-aliasing).
      expect(box!.x).toBeLessThanOrEqual(amountBox.x + amountBox.width / 2);
      expect(box!.x + box!.width).toBeGreaterThanOrEqual(amountBox.x + amountBox.width - 3);
      expect(box!.y).toBeLessThanOrEqual(amountBox.y + 3);
      expect(box!.y + box!.height).toBeGreaterThanOrEqual(amountBox.y + amountBox.height - 3);
      expect(record.detail?.['ocrConfidence']).toEqual(expect.any(Number));
      expect(record.detail?.['ocrAllWordsConfidence']).toEqual(expect.any(Number));
      // The page is read by both engines; Tesseract reads the amount's place the same as PP-OCR.
      expect(record.detail?.['ocrSecondReading']).toBe('agrees');
    }
    const replayed = await px.replay(JSON.parse(JSON.stringify(artifact)), { contract });
    expect(computeReplayHash(replayed)).toBe(artifact.replayHash);
  }, 120_000);

  it('starts workers again after close()', async () => {
    await px.close();
    const { image } = await receiptPhoto();
    const artifact = await px.normalize(image, { contract });
    expect(artifact.fieldResults['invoice_number']!.status).toBe('SUCCESS');
  }, 120_000);
});
