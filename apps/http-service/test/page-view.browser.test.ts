/// <reference lib="dom" />
/**
 * The inspector's page view in a real browser (Chromium driven by playwright-core, as the
 * inspector test): a two-page PDF invoice (`?example=pdf`) and a receipt photo uploaded in
 * the page are shown as pages; selecting `total_amount` draws its box over the printed
 * total — checked against the positions of the value's glyphs (pdf.js's text positions
 * for the PDF, the ink of the printed amount in the photo's pixels), never against a
 * recorded screenshot. Then a reviewer corrects the total, saves the signed amendment, and
 * `paxman replay` on the artifact with it reports the amended value and the reviewer;
 * one byte changed in the amendment makes it fail with AMENDMENT_INVALID. Screenshots are
 * kept under test-output/. Without a Chromium binary the suite is skipped and says why.
 */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { main } from '@paxman/cli';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, demoContract, startService } from './support.js';

const CHROMIUM = [process.env['PAXMAN_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => path !== undefined && existsSync(path));
if (CHROMIUM === undefined) console.warn('inspector page-view browser test SKIPPED: no Chromium found (apt-get install -y chromium, or set PAXMAN_CHROMIUM).');
const OUTPUT = new URL('../test-output/', import.meta.url);
const receiptPhoto = readFileSync(new URL('../../../examples/pages/receipt-photo.png', import.meta.url));

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** Area of the intersection of two rectangles over the area of their union. */
function overlap(a: Rect, b: Rect): number {
  const width = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const height = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const area = (rect: Rect) => (rect.right - rect.left) * (rect.bottom - rect.top);
  return (width * height) / (area(a) + area(b) - width * height);
}

/** The drawn boxes of the selected field's winning evidence, in page units (as the page's data-scale says). */
async function drawnBoxes(page: Page): Promise<(Rect & { page: number })[]> {
  return page.locator('#page-view .page .box:not(.lost)').evaluateAll((elements) =>
    elements.map((element) => {
      const box = element as HTMLElement;
      const scale = Number((box.parentElement as HTMLElement).dataset['scale']);
      const left = parseFloat(box.style.left) / scale;
      const top = parseFloat(box.style.top) / scale;
      return { page: Number(box.dataset['page']), left, top, right: left + parseFloat(box.style.width) / scale, bottom: top + parseFloat(box.style.height) / scale };
    }),
  );
}

async function run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: { write: (text: string) => ((stdout += text), true) } as never, stderr: { write: (text: string) => ((stderr += text), true) } as never, stdin: new PassThrough() as never });
  return { code, stdout, stderr };
}

describe.skipIf(CHROMIUM === undefined)('the inspector page view in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  beforeAll(async () => {
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    service = await startService({ reviewerKeyEnv: 'PAXMAN_REVIEWER_KEY' }, { PAXMAN_REVIEWER_KEY: key });
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    mkdirSync(OUTPUT, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await service?.server.shutdown();
  });

  it('renders a two-page PDF, draws the total over its glyphs on page 2, and a correction replays with its reviewer', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(`${service.url}/inspector/?example=pdf`);
    await page.locator('#page-view[data-rendered="true"]').waitFor({ timeout: 60_000 });
    expect(await page.locator('#page-view .page').count()).toBe(2);
    expect(await page.locator('#document-view').isHidden()).toBe(true);
    const row = page.locator('tr[data-field="total_amount"]');
    await row.click();
    await page.locator('#page-view .box:not(.lost)').first().waitFor();
    const boxes = await drawnBoxes(page);
    expect(boxes.length).toBeGreaterThan(0);
    expect(boxes.every((box) => box.page === 2)).toBe(true);

    // Where pdf.js places the glyphs of the printed total on page 2 (page units, y downwards).
    // A string, so the test runner's transform leaves its dynamic import alone.
    const glyphs: Rect = await page.evaluate(`(async () => {
      const pdfjs = await import('/inspector/vendor/pdfjs/pdf.min.mjs');
      pdfjs.GlobalWorkerOptions.workerSrc = '/inspector/vendor/pdfjs/pdf.worker.min.mjs';
      const example = await (await fetch('/v1/examples/pdf')).json();
      const bytes = Uint8Array.from(atob(example.base64), (character) => character.charCodeAt(0));
      const pdfPage = await (await pdfjs.getDocument({ data: bytes }).promise).getPage(2);
      const viewport = pdfPage.getViewport({ scale: 1 });
      const item = (await pdfPage.getTextContent()).items.find((entry) => entry.str === 'EUR 1,234.49');
      const [, , , size, x, y] = item.transform;
      const [left, top, right, bottom] = viewport.convertToViewportRectangle([x, y - 0.2 * size, x + item.width, y + 0.8 * size]);
      return { left: Math.min(left, right), top: Math.min(top, bottom), right: Math.max(left, right), bottom: Math.max(top, bottom) };
    })()`);
    const best = Math.max(...boxes.map((box) => overlap(box, glyphs)));
    expect(best).toBeGreaterThan(0.8);

    // And the pixels: the box drawn over the canvas holds the ink of the amount, and no ink of it spills out.
    const ink = await page.evaluate((target) => {
      const element = document.querySelector('#page-view .page[data-page="2"]') as HTMLElement;
      const canvas = element.querySelector('canvas') as HTMLCanvasElement;
      const ratio = canvas.width / element.clientWidth;
      const scale = Number(element.dataset['scale']) * ratio;
      const margin = 4 * scale;
      const x0 = Math.floor(target.left * scale - margin);
      const y0 = Math.floor(target.top * scale - margin);
      const width = Math.ceil((target.right - target.left) * scale + 2 * margin);
      const height = Math.ceil((target.bottom - target.top) * scale + 2 * margin);
      const data = canvas.getContext('2d')!.getImageData(x0, y0, width, height).data;
      let found: { left: number; top: number; right: number; bottom: number; dark: number } | null = null;
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          if (data[(y * width + x) * 4 + 3]! < 128 || data[(y * width + x) * 4]! > 128) continue;
          const px = (x0 + x) / scale;
          const py = (y0 + y) / scale;
          found ??= { left: px, top: py, right: px, bottom: py, dark: 0 };
          found.left = Math.min(found.left, px);
          found.top = Math.min(found.top, py);
          found.right = Math.max(found.right, px);
          found.bottom = Math.max(found.bottom, py);
          found.dark += 1;
        }
      }
      return found;
    }, boxes.reduce((chosen, box) => (overlap(box, glyphs) > overlap(chosen, glyphs) ? box : chosen)));
    expect(ink).not.toBeNull();
    expect(ink!.dark).toBeGreaterThan(50);
    const drawn = boxes.reduce((chosen, box) => (overlap(box, glyphs) > overlap(chosen, glyphs) ? box : chosen));
    expect(ink!.left).toBeGreaterThanOrEqual(drawn.left - 1.5);
    expect(ink!.right).toBeLessThanOrEqual(drawn.right + 1.5);
    expect(ink!.top).toBeGreaterThanOrEqual(drawn.top - 1.5);
    expect(ink!.bottom).toBeLessThanOrEqual(drawn.bottom + 1.5);

    await page.screenshot({ path: new URL('page-view-pdf-total.png', OUTPUT).pathname, fullPage: false });

    // Keyboard as in the text view: ArrowUp then Enter picks tax_amount, whose boxes replace the total's.
    const evidenceIds = () => page.locator('#page-view .box:not(.lost)').evaluateAll((elements) => elements.map((element) => (element as HTMLElement).dataset['evidenceId']));
    const totalIds = await evidenceIds();
    await row.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    expect(await page.locator('tr[data-field="tax_amount"]').getAttribute('aria-selected')).toBe('true');
    const taxIds = await evidenceIds();
    expect(taxIds.length).toBeGreaterThan(0);
    expect(taxIds.some((id) => totalIds.includes(id))).toBe(false);
    await row.click();
    await page.locator('#page-view .box:not(.lost)').first().waitFor();

    // Zoom keeps the box on the glyphs.
    await page.locator('#zoom-in').click();
    await page.locator('#page-view[data-rendered="true"]').waitFor();
    const zoomed = await drawnBoxes(page);
    expect(Math.max(...zoomed.map((box) => overlap(box, glyphs)))).toBeGreaterThan(0.8);
    await page.screenshot({ path: new URL('page-view-pdf-zoomed.png', OUTPUT).pathname, fullPage: false });

    // Correct the total, point at it, save the amendment.
    await page.locator('#amend-action').selectOption('CORRECT');
    await page.locator('#amend-value').fill('1234.50 EUR');
    await page.locator('#amend-reason').fill('the printed total, checked on page 2');
    await page.locator('#amend-reviewer').fill('Ada Reviewer');
    await page.locator('#page-view .page[data-page="2"]').click({ position: { x: 20, y: 20 } });
    await page.locator('#amend-save').click();
    await page.locator('#amendments:not([hidden])').waitFor();
    expect(await row.getAttribute('class')).toContain('amended');
    await page.screenshot({ path: new URL('page-view-amended.png', OUTPUT).pathname, fullPage: false });
    const artifactText = await page.evaluate(async () => (await fetch((document.querySelector('#artifact-download') as HTMLAnchorElement).href)).text());
    const amendmentsText = await page.locator('#amendments-json').textContent();
    await page.close();

    const folder = mkdtempSync(join(tmpdir(), 'paxman-page-view-'));
    const artifactFile = join(folder, 'northwind.json');
    const amendmentsFile = join(folder, 'northwind.amendments.json');
    const contractFile = join(folder, 'contract.json');
    writeFileSync(artifactFile, artifactText);
    writeFileSync(amendmentsFile, amendmentsText!);
    writeFileSync(contractFile, JSON.stringify(demoContract));
    const replayed = await run('replay', artifactFile, '--contract', contractFile, '--amendments', amendmentsFile);
    expect(replayed.stderr).toBe('');
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/amended total_amount: CORRECT \{"amount":"1234.49","currency":"EUR"\} -> \{"amount":"1234.5","currency":"EUR"\} by Ada Reviewer \([0-9a-f]{16}\)/);
    const chain = JSON.parse(amendmentsText!);
    expect(chain[0].box.page).toBe(2);

    // One byte of the amendment changed: replay fails with the typed error.
    const tampered = amendmentsText!.replace('checked on page 2', 'checked on page 3');
    expect(tampered).not.toBe(amendmentsText);
    writeFileSync(amendmentsFile, tampered);
    const refused = await run('replay', artifactFile, '--contract', contractFile, '--amendments', amendmentsFile);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/AMENDMENT_INVALID/);
  }, 120_000);

  it('shows an uploaded receipt photo and draws the total over the printed amount', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(`${service.url}/inspector/`);
    await page.locator('#document-file').setInputFiles({ name: 'receipt-photo.png', mimeType: 'image/png', buffer: receiptPhoto });
    await page.locator('#contract-text').fill(JSON.stringify(demoContract));
    await page.locator('#run').click();
    await page.locator('#page-view[data-rendered="true"]').waitFor({ timeout: 90_000 });
    await page.locator('tr[data-field="total_amount"]').click();
    await page.locator('#page-view .box:not(.lost)').first().waitFor();
    const boxes = await drawnBoxes(page);
    // The printed amount, from the photo's own pixels: the ink right of x = 430 on the total's row (y 205–250).
    const printed: Rect = await page.evaluate(() => {
      const image = document.querySelector('#page-view .page img') as HTMLImageElement;
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const data = context.getImageData(430, 205, 200, 45).data;
      let left = Infinity;
      let top = Infinity;
      let right = -Infinity;
      let bottom = -Infinity;
      for (let y = 0; y < 45; y += 1) {
        for (let x = 0; x < 200; x += 1) {
          if (data[(y * 200 + x) * 4]! > 128) continue;
          left = Math.min(left, 430 + x);
          right = Math.max(right, 431 + x);
          top = Math.min(top, 205 + y);
          bottom = Math.max(bottom, 206 + y);
        }
      }
      return { left, top, right, bottom };
    });
    expect(printed.right - printed.left).toBeGreaterThan(50);
    const box = boxes.reduce((chosen, candidate) => (overlap(candidate, printed) > overlap(chosen, printed) ? candidate : chosen));
    expect(box.page).toBe(1);
    expect(overlap(box, printed)).toBeGreaterThan(0.6);
    // OCR boxes come from the recogniser's steps (PP-OCR) or Tesseract's glyphs: within a few pixels of the ink.
    expect(box.left).toBeLessThanOrEqual(printed.left + 4);
    expect(box.right).toBeGreaterThanOrEqual(printed.right - 4);
    await page.screenshot({ path: new URL('page-view-receipt.png', OUTPUT).pathname, fullPage: false });
    await page.close();
  }, 150_000);

  it('draws the boxes of one cell of the PDF\'s line items when that cell is picked', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
    const example: any = await (await fetch(`${service.url}/v1/examples/pdf`)).json();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
    const artifact: any = await (await service.post('/v1/normalize', { input: { base64: example.base64, filename: example.name }, contract: example.contract })).json();
    const items = artifact.fieldResults.line_items?.items ?? [];
    expect(items.length).toBeGreaterThan(0);
    const cellIds: string[] = items[0].members.amount.evidenceIds;
    const withBoxes = artifact.evidence.filter((record: { id: string; boxes?: unknown[] }) => cellIds.includes(record.id) && (record.boxes?.length ?? 0) > 0);
    expect(withBoxes.length).toBeGreaterThan(0);

    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(`${service.url}/inspector/?example=pdf`);
    await page.locator('#page-view[data-rendered="true"]').waitFor({ timeout: 60_000 });
    const cell = page.locator('table[data-items="line_items"] button.cell[data-item="0"][data-member="amount"]');
    await cell.click();
    const boxes = page.locator('#page-view .page .box:not(.lost)');
    await boxes.first().waitFor();
    const ids = await boxes.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-evidence-id')));
    expect(new Set(ids)).toEqual(new Set(withBoxes.map((record: { id: string }) => record.id)));
    const drawn = await drawnBoxes(page);
    const expected = withBoxes.flatMap((record: { boxes: { page: number; x: number; y: number; width: number; height: number }[] }) => record.boxes);
    expect(drawn).toHaveLength(expected.length);
    for (const [index, box] of expected.entries()) expect(overlap(drawn[index]!, { left: box.x, top: box.y, right: box.x + box.width, bottom: box.y + box.height })).toBeGreaterThan(0.95);
    await page.screenshot({ path: new URL('page-view-items-cell.png', OUTPUT).pathname });
    await page.close();
  }, 120_000);
});
