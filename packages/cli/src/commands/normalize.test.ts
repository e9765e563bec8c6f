/** `paxman normalize`: JSON when piped, a table on a terminal, usage errors, batch mode with --out. */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main.js';
import { captureIo } from './test-io.js';

const examples = resolve(import.meta.dirname, '../../../../examples');
const invoice = join(examples, 'invoice-northwind.txt');
const contract = join(examples, 'invoice-contract.json');
const folder = mkdtempSync(join(tmpdir(), 'paxman-normalize-'));

describe('paxman normalize', () => {
  it('prints the artifact JSON when piped', async () => {
    const capture = captureIo();
    expect(await main(['normalize', invoice, '--contract', contract], capture.io)).toBe(0);
    const artifact = JSON.parse(capture.stdout());
    expect(artifact.contract.id).toBe('demo-invoice');
    expect(artifact.replayHash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(artifact.fieldResults)).toContain('total_amount');
  });

  it('reads a PDF input as bytes', async () => {
    const shared = resolve(import.meta.dirname, '../../../../../shared/eval/invoice2data');
    const capture = captureIo();
    expect(await main(['normalize', join(shared, 'cases/AmazonWebServices.pdf'), '--contract', join(shared, 'contract.json')], capture.io)).toBe(0);
    const artifact = JSON.parse(capture.stdout());
    expect(artifact.input.inputType).toBe('pdf_text');
    expect(artifact.evidence.some((record: { spans: { layer: string }[] }) => record.spans.some((span) => span.layer === 'pdf-text'))).toBe(true);
  }, 30_000);

  it('prints a table with field, status, value, confidence and where found on a terminal', async () => {
    const capture = captureIo({ tty: true });
    expect(await main(['normalize', invoice, '--contract', contract], capture.io)).toBe(0);
    const table = capture.stdout();
    expect(table).toMatch(/FIELD\s+STATUS\s+VALUE\s+CONF\s+WHERE FOUND/);
    for (const field of ['supplier_name', 'invoice_number', 'total_amount', 'payment_terms']) expect(table).toContain(field);
    expect(table).toMatch(/replayHash [0-9a-f]{64}/);
  });

  it('prints JSON on a terminal with --json', async () => {
    const capture = captureIo({ tty: true });
    expect(await main(['normalize', invoice, '--contract', contract, '--json'], capture.io)).toBe(0);
    expect(JSON.parse(capture.stdout()).status).toBeTypeOf('string');
  });

  it('applies --policy and --budget given inline or as files', async () => {
    const budgetFile = join(folder, 'budget.json');
    writeFileSync(budgetFile, '{"maxInputBytes": 10}');
    const capture = captureIo();
    expect(await main(['normalize', invoice, '--contract', contract, '--budget', budgetFile, '--policy', '{"earlyStop": false}'], capture.io)).toBe(0);
    const artifact = JSON.parse(capture.stdout());
    expect(artifact.status).toBe('INPUT_TOO_LARGE');
    expect(artifact.plan.policy.earlyStop).toBe(false);
  });

  it.each([
    ['several inputs without --out', [invoice, invoice, '--contract', contract], /--out/],
    ['a missing contract file', [invoice, '--contract', join(folder, 'none.json')], /cannot read contract/],
    ['an invalid --policy', [invoice, '--contract', contract, '--policy', '{"confidenceFloor": 3}'], /confidenceFloor/],
    ['--policy that is not JSON', [invoice, '--contract', contract, '--policy', '{oops'], /not valid JSON/],
  ])('exits 2 for %s', async (_name, args, message) => {
    const capture = captureIo();
    expect(await main(['normalize', ...args], capture.io)).toBe(2);
    expect(capture.stderr()).toMatch(message);
  });

  it('exits 2 for an invalid contract, listing every problem with its path', async () => {
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, JSON.stringify({ id: 'broken', fields: [{ name: 'total', required: true }, { name: 'date', type: 'DAYTIME', required: true }] }));
    const capture = captureIo();
    expect(await main(['normalize', invoice, '--contract', broken], capture.io)).toBe(2);
    expect(capture.stderr()).toMatch(/invalid contract/);
    expect(capture.stderr()).toMatch(/fields\[0\]/);
    expect(capture.stderr()).toMatch(/fields\[1\]/);
  });

  it('writes one artifact per input with --out, keeps going past an unreadable input and summarizes', async () => {
    const out = join(folder, 'batch');
    const second = join(folder, 'second-invoice.txt');
    writeFileSync(second, 'Invoice No.: A-1\nTotal Due: EUR 10.00\n');
    const capture = captureIo({ tty: true });
    const code = await main(['normalize', invoice, join(folder, 'missing.txt'), second, '--contract', contract, '--out', out], capture.io);
    expect(code).toBe(1);
    expect(existsSync(join(out, 'invoice-northwind.artifact.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'second-invoice.artifact.json'), 'utf8')).contract.id).toBe('demo-invoice');
    expect(capture.stderr()).toMatch(/missing\.txt could not be processed/);
    expect(capture.stderr()).toMatch(/\[#+\] 3\/3/);
    expect(capture.stdout()).toMatch(/normalized 2\/3 inputs/);
    expect(capture.stdout()).toMatch(/fields resolved: \d+\/22/);
  });

  it('exits 0 for a batch where every input was processed, whatever the statuses', async () => {
    const out = join(folder, 'batch-ok');
    const empty = join(folder, 'empty.txt');
    writeFileSync(empty, '');
    const capture = captureIo();
    expect(await main(['normalize', invoice, empty, '--contract', contract, '--out', out], capture.io)).toBe(0);
    expect(JSON.parse(readFileSync(join(out, 'empty.artifact.json'), 'utf8')).status).toBe('UNRESOLVED');
  });

  it('refuses a batch whose inputs would overwrite each other', async () => {
    const other = join(folder, 'invoice-northwind.pdf');
    writeFileSync(other, 'x');
    const capture = captureIo();
    expect(await main(['normalize', invoice, other, '--contract', contract, '--out', join(folder, 'clash')], capture.io)).toBe(2);
    expect(capture.stderr()).toMatch(/invoice-northwind\.artifact\.json/);
  });
});
