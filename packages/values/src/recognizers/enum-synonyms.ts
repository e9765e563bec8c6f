/**
 * Built-in synonyms for common ENUM values of business documents: how receipts and
 * invoices name a payment method. A declared value (or one of its declared synonyms)
 * that names one of these concepts ("card", "credit_card", "cash", "bank transfer")
 * also matches the words documents print for it ("VISA", "Barzahlung", "virement").
 * English first, then common German, French, Spanish, Dutch, Italian and Polish terms.
 */

interface ValueConcept {
  /** Declared values (normalized: lower case, `_`/`-` as spaces) that name the concept. */
  readonly names: readonly string[];
  /** What documents print for it. */
  readonly terms: readonly string[];
}

const CONCEPTS: readonly ValueConcept[] = [
  {
    names: ['card', 'credit card', 'debit card', 'bank card', 'payment card', 'credit or debit card', 'credit debit card'],
    terms: ['card', 'credit card', 'debit card', 'bank card', 'payment card', 'visa', 'visa debit', 'visa electron', 'mastercard', 'master card', 'maestro', 'amex', 'american express', 'discover', 'diners club', 'jcb', 'unionpay', 'v pay', 'girocard', 'ec-karte', 'ec karte', 'kreditkarte', 'bankkarte', 'carte bancaire', 'carte bleue', 'carte de crédit', 'tarjeta', 'tarjeta de crédito', 'tarjeta de débito', 'creditcard', 'pinpas', 'bankpas', 'carta di credito', 'karta płatnicza'],
  },
  {
    names: ['cash'],
    terms: ['cash', 'in cash', 'bar', 'barzahlung', 'bargeld', 'espèces', 'en espèces', 'efectivo', 'en efectivo', 'contant', 'contanten', 'contanti', 'gotówka'],
  },
  {
    names: ['bank transfer', 'transfer', 'wire', 'wire transfer', 'bank'],
    terms: ['bank transfer', 'wire transfer', 'wire', 'sepa transfer', 'sepa credit transfer', 'überweisung', 'banküberweisung', 'virement', 'virement bancaire', 'transferencia', 'transferencia bancaria', 'overschrijving', 'bankoverschrijving', 'bonifico', 'bonifico bancario', 'przelew'],
  },
  { names: ['direct debit', 'debit order'], terms: ['direct debit', 'sepa direct debit', 'lastschrift', 'sepa-lastschrift', 'bankeinzug', 'prélèvement', 'prélèvement automatique', 'domiciliación', 'domiciliación bancaria', 'automatische incasso', 'incasso', 'addebito diretto'] },
  { names: ['cheque', 'check'], terms: ['cheque', 'check', 'scheck', 'chèque', 'cheque bancario', 'assegno'] },
  { names: ['paypal'], terms: ['paypal'] },
];

function normalizeName(text: string): string {
  return text.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
}

/** The built-in synonyms for a declared ENUM value and its declared synonyms; empty when it names no known concept. */
export function builtInEnumSynonyms(value: string, declaredSynonyms: readonly string[]): readonly string[] {
  const names = [value, ...declaredSynonyms].map(normalizeName);
  const found: string[] = [];
  for (const concept of CONCEPTS) {
    if (!names.some((name) => concept.names.includes(name))) continue;
    for (const term of concept.terms) if (!found.includes(term)) found.push(term);
  }
  return found;
}
