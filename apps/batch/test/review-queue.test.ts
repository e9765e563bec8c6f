/** The batch's review queue: documents with fields that need a person, in order, linked to the inspector in the report. */
import { describe, expect, it } from 'vitest';
import type { SummaryRow } from '../src/normalize-task.js';
import { inspectorLink, reviewQueue, summarize, summaryHtml } from '../src/summary.js';

const row = (name: string, review?: SummaryRow['review']): SummaryRow => ({ name, path: `/in/${name}`, status: 'PARTIAL_SUCCESS', resolvedFields: 3, totalFields: 4, confidence: 0.9, ms: 5, replayHash: 'a'.repeat(64), ...(review === undefined ? {} : { review }) });

describe('the review queue of a batch', () => {
  const summary = summarize([row('b.pdf', [{ fieldPath: 'total_amount', reason: 'BELOW_THRESHOLD' }]), row('a.txt'), row('c.png', [{ fieldPath: 'supplier_name', reason: 'UNRESOLVED_REQUIRED' }, { fieldPath: 'invoice_date', reason: 'CONFLICT' }])], 1);

  it('lists the documents needing a person in name order, with their fields and reasons', () => {
    expect(summary.review).toEqual({ documents: 2, fields: 3 });
    const queue = reviewQueue(summary, 'http://127.0.0.1:8080/inspector/');
    expect(queue.map((entry) => entry.name)).toEqual(['b.pdf', 'c.png']);
    expect(queue[1]).toEqual({
      name: 'c.png',
      path: '/in/c.png',
      artifact: 'c.png.artifact.json',
      fields: [
        { fieldPath: 'supplier_name', reason: 'UNRESOLVED_REQUIRED' },
        { fieldPath: 'invoice_date', reason: 'CONFLICT' },
      ],
      inspector: 'http://127.0.0.1:8080/inspector/?review=c.png',
    });
    expect(reviewQueue(summary)[0]!.inspector).toBeUndefined();
  });

  it('links each document needing review to the inspector in the report', () => {
    const html = summaryHtml(summary, 'http://127.0.0.1:8080/inspector/');
    expect(html).toContain('<h2>Needs a person</h2>');
    expect(html).toContain(`<a href="${inspectorLink('http://127.0.0.1:8080/inspector/', 'b.pdf')}">b.pdf</a>`);
    expect(html).toMatch(/supplier_name <small>\(UNRESOLVED_REQUIRED\)<\/small>/);
    expect(html).not.toContain('data-review="a.txt"');
    expect(summaryHtml(summarize([row('a.txt')], 1))).toContain('No field needs a person.');
  });
});
