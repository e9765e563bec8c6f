/**
 * The inspector in a real browser: Chromium (Debian's `chromium` package, or the binary in
 * PAXMAN_CHROMIUM) driven by playwright-core. Opens `/inspector/?example=demo`, clicks
 * `total_amount` and checks that the highlighted text is the total's evidence; saves a
 * screenshot under test-output/. Without a Chromium binary the suite is skipped and says why.
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
});
