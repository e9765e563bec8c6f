/**
 * The inspector in a real browser: Chromium (Debian's `chromium` package, or the binary in
 * PAXMAN_CHROMIUM) driven by playwright-core. Opens `/inspector/?example=demo`, clicks
 * `total_amount` and checks that the highlighted text is the total's evidence; picks a cell
 * of the line items table (by click and by keyboard) and checks that exactly that cell's
 * evidence is highlighted; runs a made-up invoice whose rows miss their printed subtotal
 * and checks that the table says so. Saves screenshots under test-output/. Without a
 * Chromium binary the suite is skipped and says why.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, demoContract, demoText, startService } from './support.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
const json = (response: Response): Promise<any> => response.json();

const CHROMIUM = [process.env['PAXMAN_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => path !== undefined && existsSync(path));
if (CHROMIUM === undefined) console.warn('inspector browser test SKIPPED: no Chromium found (apt-get install -y chromium, or set PAXMAN_CHROMIUM).');
const OUTPUT = new URL('../test-output/', import.meta.url);

describe.skipIf(CHROMIUM === undefined)('the inspector in Chromium', () => {
  let service: RunningService;
  let browser: Browser;
  beforeAll(async () => {
    service = await startService();
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await service?.server.shutdown();
  });

  it('loads the demo, and a click on total_amount highlights the total’s evidence in the document', async () => {
    const artifact = await json(await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract }));
    const result = artifact.fieldResults.total_amount;
    const evidence = artifact.evidence.filter((record: { id: string }) => result.evidenceIds.includes(record.id));
    const expectedTexts = evidence.flatMap((record: { spans: { layer: string; start: number; end: number }[] }) => record.spans.filter((span) => span.layer === 'input').map((span) => demoText.slice(span.start, span.end)));
    expect(expectedTexts.length).toBeGreaterThan(0);

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${service.url}/inspector/?example=demo`);
    const row = page.locator('tr[data-field="total_amount"]');
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    const marks = page.locator('#document-view mark[data-evidence-id]:not(.lost)');
    await marks.first().waitFor();
    const highlighted = await marks.allTextContents();
    expect(highlighted).toEqual(expect.arrayContaining(expectedTexts));
    const ids = await marks.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-evidence-id')));
    expect(ids.every((id) => result.evidenceIds.includes(id))).toBe(true);
    expect(await row.getAttribute('aria-selected')).toBe('true');
    // Keyboard: the next row takes focus with ArrowDown and is selected with Enter.
    await row.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.locator('tr[aria-selected="true"]').count()).toBe(1);
    mkdirSync(OUTPUT, { recursive: true });
    await row.click();
    const screenshot = new URL('inspector-total-amount.png', OUTPUT).pathname;
    await page.screenshot({ path: screenshot, fullPage: true });
    console.log(`inspector screenshot: ${screenshot}`);
    expect(existsSync(screenshot)).toBe(true);
  }, 90_000);

  it('shows the demo\'s line items as a table, and a click on a cell highlights that cell\'s evidence', async () => {
    const artifact = await json(await service.post('/v1/normalize', { input: { text: demoText }, contract: demoContract }));
    const items = artifact.fieldResults.line_items.items;
    expect(items).toHaveLength(3);
    const cellTexts = (item: number, member: string): string[] => {
      const ids: string[] = items[item].members[member].evidenceIds;
      return artifact.evidence
        .filter((record: { id: string }) => ids.includes(record.id))
        .flatMap((record: { spans: { layer: string; start: number; end: number }[] }) => record.spans.filter((span) => span.layer === 'input').map((span) => demoText.slice(span.start, span.end)));
    };

    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${service.url}/inspector/?example=demo`);
    const table = page.locator('table[data-items="line_items"]');
    await table.waitFor({ timeout: 30_000 });
    // A real table: column headers for the members, a row header per item, the set's confidence in the caption.
    expect(await table.locator('thead th[scope="col"]').allTextContents()).toEqual(expect.arrayContaining(['description', 'quantity', 'unit_price', 'amount']));
    expect(await table.locator('tbody tr').count()).toBe(3);
    expect(await table.locator('tbody th[scope="row"]').allTextContents()).toEqual(['1', '2', '3']);
    expect(await table.locator('caption').textContent()).toContain(artifact.fieldResults.line_items.band);
    // The members of the items are no field rows of their own.
    expect(await page.locator('#fields tbody tr[data-field*="[]"]').count()).toBe(0);

    const cell = table.locator('button.cell[data-item="1"][data-member="amount"]');
    expect(await cell.textContent()).toContain('147');
    await cell.click();
    const marks = page.locator('#document-view mark[data-evidence-id]:not(.lost)');
    await marks.first().waitFor();
    expect(await marks.allTextContents()).toEqual(cellTexts(1, 'amount'));
    expect((await marks.allTextContents()).join(' ')).toContain('147.00');
    const ids = await marks.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-evidence-id')));
    expect(ids).toEqual(items[1].members.amount.evidenceIds);
    expect(await cell.getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('tr[data-field="line_items"]').getAttribute('aria-selected')).toBe('true');
    mkdirSync(OUTPUT, { recursive: true });
    await page.screenshot({ path: new URL('inspector-items-cell.png', OUTPUT).pathname, fullPage: true });

    // Keyboard: ArrowUp moves to the cell above, Enter picks it; its evidence replaces the other's.
    await cell.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    const above = table.locator('button.cell[data-item="0"][data-member="amount"]');
    expect(await above.getAttribute('aria-pressed')).toBe('true');
    expect(await cell.getAttribute('aria-pressed')).toBe('false');
    expect(await marks.allTextContents()).toEqual(cellTexts(0, 'amount'));
    await page.close();
  }, 90_000);

  it('says so under the items table when the rows do not add up to the printed subtotal', async () => {
    const text = demoText.replace('Subtotal:     EUR 1,446.00', 'Subtotal:     EUR 1,546.00');
    expect(text).not.toBe(demoText);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${service.url}/inspector/`);
    await page.locator('#document-text').fill(text);
    await page.locator('#contract-text').fill(JSON.stringify(demoContract));
    await page.locator('#run').click();
    const warning = page.locator('section.items[data-items="line_items"] .items-warnings li[data-code="RECORDS_DO_NOT_ADD_UP"]');
    await warning.waitFor({ timeout: 30_000 });
    expect(await warning.textContent()).toMatch(/1446.*1546\.00/);
    // The rows are still shown, as read, each cell with its evidence.
    const table = page.locator('table[data-items="line_items"]');
    expect(await table.locator('tbody tr').count()).toBe(3);
    await table.locator('button.cell[data-item="2"][data-member="description"]').click();
    const marks = page.locator('#document-view mark[data-evidence-id]:not(.lost)');
    await marks.first().waitFor();
    expect((await marks.allTextContents()).join(' ')).toContain('Calibration service');
    await page.close();
  }, 90_000);
});
