/**
 * The payment a receipt states, checked against its total: cash tendered minus change
 * given is the amount paid, which is the total (a cash payment that returns change covers
 * the whole amount). For a total field, every value the labels proposed is checked —
 * `DERIVED` evidence with verdict `SUPPORTS` (equal) or `CONTRADICTS` (off by more than a
 * rounding step) naming the value, spans on the cash and change amounts — and when no value
 * agrees, the amount paid is proposed itself (`DERIVED`, pattern `payment:cash-change`) when
 * the document prints that amount somewhere, so the reconciler compares the two readings
 * instead of trusting the label alone.
 *
 * Read only when the document states exactly one cash amount and one change amount, after
 * it, the change not above the cash, and no card or voucher payment beside them (a split
 * payment pays the total in parts). A difference within a rounding step (0.02) neither
 * supports nor contradicts: receipts print the total before and after cash rounding.
 */
import { canonicalJson, EvidenceKind, formatDecimal, parseDecimal, type Decimal, type JsonValue, type SourceSpan } from '@paxman/core';
import type { KeyValuePair } from '@paxman/document';
import { amountTextOf, currencyOf } from '../shared/read-typed-value.js';
import { conceptsOf, readValue, type SearchContext } from './search-context.js';

/** Largest difference read as cash rounding rather than another amount. */
const ROUNDING_STEP = parseDecimal('0.02');

interface StatedAmount {
  readonly amount: Decimal;
  readonly span: SourceSpan;
  /** Decimal places as printed. */
  readonly places: number;
}

/** The amount a key-value pair states, read as the field reads values; null when it is not one. */
function amountOf(context: SearchContext, pair: KeyValuePair): StatedAmount | null {
  const read = readValue(context, pair.value, null);
  if (read === null) return null;
  const text = amountTextOf(read.value);
  if (text === null) return null;
  try {
    return { amount: parseDecimal(text), places: /\.(\d+)$/.exec(text)?.[1]?.length ?? 0, span: { start: pair.valueSpan.start + read.start, end: pair.valueSpan.start + read.end, layer: pair.valueSpan.layer } };
  } catch {
    return null;
  }
}

/** Key-value pairs around the payment lines where another tender would be printed. */
const PAYMENT_BLOCK_REACH = 3;

/** The one cash amount and the one change amount after it, or null (none, several, or another tender beside them). */
function cashAndChange(context: SearchContext): { cash: StatedAmount; change: StatedAmount } | null {
  const pairs = context.index.keyValues;
  let cash: StatedAmount | null = null;
  let change: StatedAmount | null = null;
  let first = -1;
  let last = -1;
  // What a key names is judged once per distinct key (a long document repeats its keys): 1 cash, 2 change, 0 neither.
  const tender = context.index.keyFact('cash-or-change', (key) => {
    const concepts = conceptsOf(context, key);
    return concepts.includes('tendered') ? 1 : concepts.includes('change') ? 2 : 0;
  });
  for (let position = 0; position < pairs.length; position += 1) {
    const kind = tender(position);
    if (kind === 0) continue;
    const pair = pairs[position]!;
    if (pair.region !== undefined) continue;
    const isCash = kind === 1;
    const stated = amountOf(context, pair);
    if (stated === null) continue;
    if (isCash) {
      if (cash !== null && !cash.amount.equals(stated.amount)) return null;
      cash ??= stated;
    } else {
      if (cash === null || (change !== null && !change.amount.equals(stated.amount))) return null;
      change ??= stated;
    }
    if (first < 0) first = position;
    last = position;
  }
  if (cash === null || change === null || change.amount.greaterThan(cash.amount) || cash.amount.isZero()) return null;
  // A card, voucher or e-wallet amount printed with the cash: a split payment.
  for (const pair of pairs.slice(Math.max(0, first - PAYMENT_BLOCK_REACH), last + PAYMENT_BLOCK_REACH + 1)) {
    if (context.layout.mentions('other-tenders', pair.key) && amountOf(context, pair) !== null) return null;
  }
  return { cash, change };
}

/** Checks the total values proposed so far (`proposed`) against cash minus change; proposes the amount paid when none agrees. */
export function checkPayment(context: SearchContext, proposed: readonly JsonValue[]): void {
  if (!context.labels.concepts.includes('total')) return;
  const fieldType = context.reading.fieldType;
  if (fieldType !== 'MONEY' && fieldType !== 'DECIMAL') return;
  // The cash and change lines are the document's: read once per run and reading type, whatever the total field.
  const stated = context.index.memo(`cash-and-change\u0000${fieldType}`, () => cashAndChange(context));
  if (stated === null) return;
  // Written with the places the receipt prints ("70.30 − 10.00" is "60.30").
  const paid = parseDecimal(stated.cash.amount.minus(stated.change.amount).toFixed(Math.max(stated.cash.places, stated.change.places)));
  const spans = [stated.cash.span, stated.change.span];
  const detail = { relation: 'cash - change', cash: formatDecimal(stated.cash.amount), change: formatDecimal(stated.change.amount), computed: paid.toFixed(Math.max(stated.cash.places, stated.change.places)) };
  let agreed = false;
  let currency: string | null = null;
  for (const value of proposed) {
    const amount = amountTextOf(value);
    if (amount === null) continue;
    currency ??= currencyOf(value);
    const difference = parseDecimal(amount).minus(paid).abs();
    if (!difference.isZero() && difference.lessThanOrEqualTo(ROUNDING_STEP)) continue;
    agreed ||= difference.isZero();
    context.builder.evidence({
      kind: EvidenceKind.DERIVED,
      spans,
      verdict: difference.isZero() ? 'SUPPORTS' : 'CONTRADICTS',
      pattern: 'payment:cash-change',
      discriminator: `check:${canonicalJson(value)}`,
      detail: { ...detail, value, difference: formatDecimal(difference) },
    });
  }
  if (agreed) return;
  // Proposed only when the document prints that amount somewhere: a receipt prints what was paid,
  // and a cash or change amount misread or paired with the wrong label gives an amount printed nowhere.
  const written = paid.toFixed(Math.max(stated.cash.places, stated.change.places));
  if (!new RegExp(`(?<![\\d.,])${written.replace('.', '\\.')}(?![\\d])`).test(context.index.primary.text)) return;
  const value: JsonValue = fieldType === 'MONEY' ? { amount: paid.toFixed(Math.max(stated.cash.places, stated.change.places)), currency: currency ?? context.recognizerOptions.defaultCurrency ?? null } : paid.toFixed(Math.max(stated.cash.places, stated.change.places));
  context.builder.finding({ value, raw: paid.toFixed(Math.max(stated.cash.places, stated.change.places)), rank: 1, kind: EvidenceKind.DERIVED, spans, pattern: 'payment:cash-change', discriminator: 'fill', detail });
}
