/// <reference lib="dom" />
/**
 * The review queue of a batch in the inspector (Chromium, as the other browser tests): the
 * service serves a batch output folder (`--review-folder`) whose `review-queue.json` lists
 * two documents; `/inspector/?review=<first>` opens the first with its field needing a
 * person picked, a correction is saved (and kept beside the artifact, replaying clean), and
 * the inspector moves on to the next document of the queue. Skipped without Chromium.
 */
import { generateKeyPairSync } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fieldsForReview, replay } from 'paxman';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningService, demoContract, startService } from './support.js';

const CHROMIUM = [process.env['PAXMAN_CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((path) => path !== undefined && existsSync(path));
if (CHROMIUM === undefined) console.warn('review queue browser test SKIPPED: no Chromium found (apt-get install -y chromium, or set PAXMAN_CHROMIUM).');
const OUTPUT = new URL('../test-output/', import.meta.url);
const invoicePdf = fileURLToPath(new URL('../../../examples/pages/northwind-invoice.pdf', import.meta.url));

describe.skipIf(CHROMIUM === undefined)('the review queue in the inspector', () => {
  let service: RunningService;
  let browser: Browser;
  const folder = mkdtempSync(join(tmpdir(), 'paxman-review-'));
  const contractFile = join(folder, 'contract.json');
  // The demo contract's scalar fields with a floor over the letterhead's grade (HIGH, 0.93): the supplier's name, read from the letterhead, needs a person.
  const reviewContract = {
    ...demoContract,
    fields: (demoContract['fields'] as { type: string }[]).filter((field) => field.type !== 'ARRAY'),
    policy: { ...(demoContract['policy'] as object), confidence_floor: 0.95 },
  };
  beforeAll(async () => {
    // A batch's output folder, as paxman-batch writes it: artifacts and review-queue.json.
    writeFileSync(contractFile, JSON.stringify(reviewContract));
    const maker = await startService();
    const queue = [];
    for (const name of ['first.pdf', 'second.pdf']) {
      const input = join(folder, name);
      copyFileSync(invoicePdf, input);
      const artifact = await (await maker.post('/v1/normalize', { input: { base64: readFileSync(input).toString('base64'), filename: name }, contract: reviewContract })).json();
      writeFileSync(join(folder, `${name}.artifact.json`), JSON.stringify(artifact));
      queue.push({ name, path: input, artifact: `${name}.artifact.json`, contract: contractFile, fields: fieldsForReview(artifact).map(({ fieldPath, reason }) => ({ fieldPath, reason })) });
    }
    await maker.server.shutdown();
    expect(queue[0]!.fields).toEqual([{ fieldPath: 'supplier_name', reason: 'BELOW_THRESHOLD' }]);
    writeFileSync(join(folder, 'review-queue.json'), JSON.stringify(queue));
    const key = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    service = await startService({ reviewerKeyEnv: 'PAXMAN_REVIEWER_KEY', reviewFolder: folder }, { PAXMAN_REVIEWER_KEY: key });
    browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    mkdirSync(OUTPUT, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.server.shutdown();
  });

  it('opens the first document with its field needing review picked, and moves to the next after the decision', async () => {
    const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
    await page.goto(`${service.url}/inspector/?review=first.pdf`);
    await page.locator('#page-view[data-rendered="true"]').waitFor({ timeout: 60_000 });
    const row = page.locator('tr[data-field="supplier_name"]');
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    expect(await row.getAttribute('class')).toContain('needs-review');
    expect(await page.locator('#review-position').textContent()).toContain('document 1 of 2');
    expect(await page.locator('#verdict').textContent()).toMatch(/^Verified/);
    await page.locator('#amend-action').selectOption('CORRECT');
    await page.locator('#amend-value').fill('Northwind Traders GmbH');
    await page.locator('#amend-reason').fill('the letterhead on page 1');
    await page.locator('#amend-reviewer').fill('Ada Reviewer');
    await page.screenshot({ path: new URL('review-queue-first.png', OUTPUT).pathname });
    await page.locator('#amend-save').click();
    await page.waitForURL(/\?review=second\.pdf$/, { timeout: 30_000 });
    await expect.poll(async () => page.locator('#review-position').textContent()).toContain('document 2 of 2');
    await page.close();

    const chainFile = join(folder, 'first.pdf.artifact.amendments.json');
    expect(existsSync(chainFile)).toBe(true);
    const replayed = await replay(readFileSync(join(folder, 'first.pdf.artifact.json'), 'utf8'), { contract: reviewContract, amendments: readFileSync(chainFile, 'utf8') });
    expect(replayed.review?.data['supplier_name']).toBe('Northwind Traders GmbH');
    expect(replayed.review?.amendedFields['supplier_name']).toMatchObject({ action: 'CORRECT', reviewerName: 'Ada Reviewer' });
  }, 120_000);
});
