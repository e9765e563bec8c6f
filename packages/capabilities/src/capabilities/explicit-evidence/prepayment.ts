/**
 * Prepayments: where a document prints an amount already paid (a deposit, an advance
 * payment: "Erhaltene Anzahlungen -50,00", "Acompte : 10,00", "Amount paid 200.00") between
 * its total and what is left to pay, the two are different amounts. Most documents print no
 * prepayment, and then "Zahlbetrag", "Net à payer" or "Amount due" is the total too; after
 * a non-zero prepayment it is only the amount due, and the total printed before the
 * prepayment is not what is due. Which labels say what comes from the knowledge packs
 * (concepts `total`, `amount-due` and `amount-paid`); this module only knows the order.
 */
import { amountIn, conceptsOf, type SearchContext } from './search-context.js';

/** Concepts of a label that make an amount paid a payment of the whole, not a prepayment. */
const SETTLING_CONCEPTS: readonly string[] = ['total', 'tendered', 'change'];

/** Where a non-zero prepayment is printed: the start of its label, in its layer. */
interface PrepaymentPlace {
  readonly layer: string;
  readonly start: number;
}

/** The document's non-zero prepayments: labelled pairs and table rows ("Acompte | 300,00"). */
function prepayments(context: SearchContext): readonly PrepaymentPlace[] {
  const places: PrepaymentPlace[] = [];
  const add = (value: string, place: PrepaymentPlace): void => {
    const amount = amountIn(context, value);
    if (amount !== null && amount !== 0) places.push(place);
  };
  // Each distinct key and first cell is judged once (a long document repeats them); only the pairs and rows of a prepayment label are read.
  const paidKey = context.index.keyFact('prepayment-label', (key) => isPrepaymentLabel(context, key));
  context.index.keyValues.forEach((pair, position) => {
    if (pair.region === undefined && paidKey(position)) add(pair.value, { layer: pair.keySpan.layer, start: pair.keySpan.start });
  });
  const { tables } = context.index.document;
  for (const { text, rows } of context.index.rowLabels()) {
    if (!isPrepaymentLabel(context, text)) continue;
    for (const [tableIndex, rowIndex] of rows) {
      const row = tables[tableIndex]!.rows[rowIndex]!;
      add(row[row.length - 1]!.text, { layer: row[0]!.span.layer, start: row[0]!.span.start });
    }
  }
  return places;
}

/** A label of an amount paid that does not settle the whole (a deposit, an advance payment). */
function isPrepaymentLabel(context: SearchContext, label: string): boolean {
  const concepts = conceptsOf(context, label);
  return concepts.includes('amount-paid') && !concepts.some((concept) => SETTLING_CONCEPTS.includes(concept));
}

/**
 * A test of the field's labelled readings when the document prints a prepayment, or null
 * when it does not (or the field names no total). Given a reading's label (as printed) and
 * where the label starts, it says whether the field may take it: a total field sets aside
 * an amount-due label printed after the first prepayment; an amount-due field sets aside a
 * total label that is not an amount-due label, printed before the last prepayment.
 */
export function prepaymentFilter(context: SearchContext): ((label: string, layer: string, start: number) => boolean) | null {
  if (!context.labels.concepts.includes('total')) return null;
  // A fact of the document: read once per run and reading type, whatever the field.
  const places = context.index.memo(`prepayments\u0000${context.reading.fieldType}`, () => prepayments(context));
  if (places.length === 0) return null;
  const namesAmountDue = (label: string): boolean => conceptsOf(context, label).includes('amount-due');
  if (context.labels.concepts.includes('amount-due')) {
    return (label, layer, start) => !places.some((place) => place.layer === layer && start < place.start) || namesAmountDue(label);
  }
  return (label, layer, start) => !places.some((place) => place.layer === layer && start > place.start) || !namesAmountDue(label);
}
