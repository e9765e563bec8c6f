/**
 * The built-in business lexicon: concepts that invoices, receipts, quotations and
 * orders name in many ways, each with the labels a document may use for it (English
 * first, then common German, French, Spanish and Dutch equivalents). A field is linked to
 * a concept when its name, a declared label or its description's noun phrase is one of
 * the concept's terms; the other terms then become the field's synonym labels.
 *
 * Concepts that no V1 field asks for (order date, tax id, quote number, …) are listed
 * too: they stop near-miss labels from matching ("VAT number" is a tax id, not a tax
 * amount; "Order date" is not the invoice date).
 */
import { lazyConstant } from '@paxman/core';
import { normalizeLabelText } from './normalize-label.js';

/** One business concept and the labels that name it. */
export interface LexiconConcept {
  readonly id: string;
  readonly terms: readonly string[];
}

const RAW_CONCEPTS: readonly LexiconConcept[] = [
  {
    id: 'invoice-number',
    terms: ['invoice number', 'invoice no', 'invoice #', 'invoice id', 'invoice ref', 'invoice reference', 'inv no', 'inv #', 'bill number', 'bill no', 'invoice', 'Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Rechnung', 'Facture n°', 'numéro de facture', 'n° de facture', 'facture', 'número de factura', 'factura n°', 'factura', 'factuurnummer', 'factuur nr', 'factuur', 'faktura nr', 'nr faktury', 'numer faktury', 'fattura n°', 'numero fattura', 'invoice no.', 'tax invoice number', 'document number', 'document no'],
  },
  {
    id: 'purchase-order',
    terms: ['purchase order', 'purchase order number', 'purchase order no', 'PO number', 'PO no', 'PO #', 'PO', 'P.O.', 'P.O. number', 'your order', 'your order number', 'your order no', 'your reference', 'customer PO', 'customer order number', 'buyer order number', 'Bestellnummer', 'Ihre Bestellung', 'Ihre Bestellnummer', 'bon de commande', 'n° de commande', 'votre commande', 'número de pedido', 'orden de compra', 'su pedido', 'inkoopordernummer', 'bestelnummer', 'uw bestelling', 'uw referentie'],
  },
  {
    id: 'total',
    terms: ['total', 'total due', 'amount due', 'grand total', 'balance due', 'total amount', 'total amount due', 'amount payable', 'total payable', 'invoice total', 'invoice amount', 'total to pay', 'amount to pay', 'total incl vat', 'total incl. tax', 'total including tax', 'total including vat', 'total inc vat', 'total with tax', 'total gross', 'gross amount', 'gross total', 'total (incl. VAT)', 'please pay', 'pay this amount', 'Gesamtbetrag', 'Rechnungsbetrag', 'Gesamtsumme', 'Endbetrag', 'Bruttobetrag', 'Gesamt', 'Summe brutto', 'zu zahlen', 'zahlbetrag', 'montant total', 'total TTC', 'montant TTC', 'net à payer', 'montant à payer', 'total a pagar', 'importe total', 'total factura', 'totaal', 'totaalbedrag', 'te betalen', 'totaal incl btw', 'somme à payer', 'razem do zapłaty', 'do zapłaty', 'totale', 'totale fattura', 'importo totale', 'total for this invoice', 'total paid', 'total charged', 'total facture', 'total de la facture', 'należność ogółem', 'należność', 'kwota do zapłaty', 'totaal te betalen', 'te betalen bedrag', 'importe a pagar', 'totale da pagare', 'Endsumme', 'Rechnungssumme', 'amount charged', 'total rounded', 'rounded total', 'total after rounding', 'total amount rounded', 'rounded total amount', 'total amt payable', 'total amount payable', 'nett total', 'nett amount', 'total incl gst', 'total incl. gst', 'total inc gst', 'total including gst', 'total inclusive gst', 'total (incl gst)', 'total inclusive of gst', 'total sales', 'total sales inclusive of gst', 'total sales including gst', 'total sales incl gst', 'total payable amount', 'total amount payable incl gst', 'total after adj', 'total after adjustment', 'total after adj incl gst', 'total after adjustment incl gst'],
  },
  {
    id: 'subtotal',
    terms: ['subtotal', 'sub total', 'sub-total', 'total excl gst', 'total excluding gst', 'total sales excluding gst', 'total sales excl gst', 'sub-total (ex)', 'subtotal excl gst', 'net amount', 'net total', 'total net', 'total excl vat', 'total excl. tax', 'total excluding tax', 'total excluding vat', 'total before tax', 'amount before tax', 'total ex vat', 'total HT', 'montant HT', 'sous-total', 'total hors taxes', 'Zwischensumme', 'Nettobetrag', 'Summe netto', 'Gesamt netto', 'netto', 'base imponible', 'importe neto', 'subtotaal', 'totaal excl btw', 'netto bedrag', 'exclusief btw', 'excl btw', 'excl. BTW', 'exkl. MwSt', 'ohne MwSt', 'netto', 'hors TVA', 'HT', 'sin IVA', 'total sin IVA', 'grondslag', 'Bemessungsgrundlage', 'base HT', 'wartość netto', 'imponibile', 'taxable amount'],
  },
  {
    id: 'tax',
    terms: ['tax', 'tax amount', 'taxes', 'total tax', 'tax total', 'VAT', 'VAT amount', 'total VAT', 'GST', 'GST amount', 'HST', 'sales tax', 'sales tax amount', 'MwSt', 'MwSt.-Betrag', 'Mehrwertsteuer', 'USt', 'Umsatzsteuer', 'Steuer', 'TVA', 'montant TVA', 'montant de la TVA', 'IVA', 'importe IVA', 'impuesto', 'impuestos', 'BTW', 'btw bedrag', 'BTW-bedrag', 'kwota VAT', 'podatek VAT', 'IVA importe', 'imposta', 'tax charged', 'vat total', 'total gst', 'gst tax', 'sst', 'total sst', 'sst amount', 'service tax'],
  },
  { id: 'discount', terms: ['discount', 'discount amount', 'rebate', 'Rabatt', 'Nachlass', 'remise', 'réduction', 'descuento', 'korting'] },
  { id: 'shipping', terms: ['shipping', 'shipping cost', 'shipping and handling', 'freight', 'delivery charge', 'postage', 'Versand', 'Versandkosten', 'frais de port', 'livraison', 'envío', 'gastos de envío', 'verzendkosten'] },
  {
    id: 'due-date',
    terms: ['due date', 'payment due', 'payment due date', 'pay by', 'due', 'due on', 'date due', 'payable by', 'Fälligkeitsdatum', 'fällig am', 'Fälligkeit', 'zahlbar bis', 'Zahlungsziel', 'date d\'échéance', 'échéance', 'à payer avant', 'fecha de vencimiento', 'vencimiento', 'vervaldatum', 'te betalen voor', 'date limite de paiement', 'termin płatności', 'termin platnosci', 'scadenza', 'data scadenza', 'payment date due'],
  },
  {
    id: 'issue-date',
    terms: ['invoice date', 'issue date', 'date of issue', 'issued', 'issued on', 'date issued', 'billing date', 'bill date', 'date', 'document date', 'Rechnungsdatum', 'Datum', 'Ausstellungsdatum', 'date de facture', 'date de facturation', 'date d\'émission', 'fecha de factura', 'fecha de emisión', 'fecha', 'factuurdatum', 'datum', 'data wystawienia', 'data faktury', 'data fattura', 'data', 'invoice issue date', 'tax point', 'factuur datum', 'rechnungs datum'],
  },
  {
    id: 'supplier',
    terms: ['supplier', 'supplier name', 'vendor', 'vendor name', 'seller', 'seller name', 'from', 'issued by', 'sold by', 'billed by', 'merchant', 'company', 'company name', 'payee', 'Lieferant', 'Verkäufer', 'Rechnungssteller', 'fournisseur', 'vendeur', 'émetteur', 'proveedor', 'vendedor', 'emisor', 'leverancier', 'verkoper', 'issuer', 'sprzedawca', 'fornitore', 'merchant name', 'shop', 'store', 'store name', 'service provider'],
  },
  {
    id: 'buyer',
    terms: ['buyer', 'buyer name', 'bill to', 'billed to', 'invoice to', 'customer', 'customer name', 'sold to', 'client', 'client name', 'to', 'Kunde', 'Rechnungsempfänger', 'Käufer', 'facturé à', 'acheteur', 'cliente', 'comprador', 'facturar a', 'klant', 'koper', 'factuur aan', 'nabywca', 'cliente', 'bill-to', 'recipient'],
  },
  { id: 'document-title', terms: ['document title', 'agreement title', 'contract title', 'title of the agreement', 'title of agreement', 'name of the agreement', 'agreement name', 'contract name', 'document name'] },
  {
    id: 'supplier-address',
    terms: ['supplier address', 'vendor address', 'seller address', 'merchant address', 'company address', 'store address', 'shop address', 'business address', 'issuer address', 'address of supplier', 'Lieferantenadresse', 'Firmenadresse', 'adresse du fournisseur', 'dirección del proveedor', 'adres leverancier'],
  },
  { id: 'ship-to', terms: ['ship to', 'deliver to', 'delivery address', 'shipping address', 'Lieferadresse', 'livrer à', 'enviar a', 'afleveradres'] },
  {
    id: 'payment-terms',
    terms: ['payment terms', 'terms', 'terms of payment', 'payment conditions', 'conditions', 'credit terms', 'Zahlungsbedingungen', 'Zahlungsziel', 'conditions de paiement', 'modalités de paiement', 'condiciones de pago', 'betalingsvoorwaarden', 'betalingstermijn', 'warunki płatności', 'condizioni di pagamento'],
  },
  {
    id: 'payment-method',
    terms: ['payment method', 'method of payment', 'payment type', 'payment mode', 'paid by', 'paid with', 'payment', 'tender', 'tender type', 'Zahlungsart', 'Zahlungsmethode', 'Zahlweise', 'Zahlungsform', 'mode de paiement', 'moyen de paiement', 'mode de règlement', 'règlement', 'método de pago', 'forma de pago', 'medio de pago', 'betaalmethode', 'betaalwijze', 'metodo di pagamento', 'forma płatności', 'sposób płatności'],
  },
  {
    id: 'payment-card',
    terms: ['card', 'card number', 'card no', 'card #', 'card last4', 'card last 4', 'card last four', 'last 4 digits', 'last four digits', 'last 4', 'card ending', 'card ending in', 'payment card', 'credit card number', 'masked card number', 'PAN', 'Kartennummer', 'numéro de carte', 'número de tarjeta', 'kaartnummer', 'numero carta', 'numer karty'],
  },
  { id: 'transaction-date', terms: ['transaction date', 'purchase date', 'date of purchase', 'sale date', 'date of sale', 'receipt date', 'date'] },
  {
    id: 'currency',
    terms: ['currency', 'currency code', 'invoice currency', 'all prices in', 'prices in', 'all amounts in', 'amounts in', 'all prices are in', 'prices are in', 'amounts are in', 'Währung', 'Preise in', 'alle Preise in', 'Beträge in', 'devise', 'monnaie', 'prix en', 'montants en', 'moneda', 'divisa', 'importes en', 'precios en', 'valuta', 'bedragen in', 'prijzen in'],
  },
  { id: 'iban', terms: ['IBAN', 'IBAN number', 'account IBAN', 'bank account IBAN', 'IBAN-Nummer', 'numéro IBAN', 'cuenta IBAN'] },
  { id: 'bic', terms: ['BIC', 'SWIFT', 'BIC/SWIFT', 'SWIFT code', 'BIC code', 'SWIFT/BIC'] },
  { id: 'email', terms: ['email', 'e-mail', 'email address', 'e-mail address', 'mail', 'courriel', 'adresse e-mail', 'correo', 'correo electrónico', 'E-Mail-Adresse'] },
  { id: 'phone', terms: ['phone', 'phone number', 'telephone', 'tel', 'tel.', 'mobile', 'cell', 'Telefon', 'Telefonnummer', 'téléphone', 'tél', 'teléfono', 'telefoon'] },
  { id: 'website', terms: ['website', 'web', 'url', 'homepage', 'site web', 'sitio web'] },
  // Concepts no V1 field asks for; listed so their labels never match a neighbour.
  { id: 'tax-id', terms: ['tax id', 'tax number', 'tax no', 'VAT number', 'VAT no', 'VAT id', 'VAT reg no', 'VAT registration number', 'VAT reg', 'GST number', 'GST no', 'ABN', 'EIN', 'TIN', 'USt-IdNr', 'USt-ID', 'Steuernummer', 'n° TVA', 'numéro de TVA', 'SIRET', 'NIF', 'CIF', 'btw nummer', 'btw nr'] },
  { id: 'tax-rate', terms: ['tax rate', 'VAT rate', 'GST rate', 'rate', 'Steuersatz', 'taux de TVA', 'tipo de IVA'] },
  // Contract clauses (read from prose by clause_reading).
  { id: 'agreement-date', terms: ['agreement date', 'date of agreement', 'date of this agreement', 'contract date', 'execution date', 'date of execution'] },
  { id: 'effective-date', terms: ['effective date', 'commencement date', 'effective as of'] },
  { id: 'governing-law', terms: ['governing law', 'jurisdiction', 'applicable law', 'choice of law', 'governing jurisdiction'] },
  { id: 'order-date', terms: ['order date', 'date of order', 'Bestelldatum', 'date de commande', 'fecha de pedido'] },
  { id: 'delivery-date', terms: ['delivery date', 'ship date', 'shipping date', 'date of delivery', 'date of supply', 'service date', 'Lieferdatum', 'date de livraison', 'fecha de entrega'] },
  { id: 'valid-until', terms: ['valid until', 'valid through', 'expiry date', 'expires', 'offer valid until', 'quote valid until', 'gültig bis', 'valable jusqu\'au', 'válido hasta'] },
  { id: 'quote-number', terms: ['quote number', 'quote no', 'quote #', 'quotation number', 'quotation no', 'quotation #', 'quotation', 'quote', 'estimate number', 'Angebotsnummer', 'Angebot Nr', 'devis n°', 'numéro de devis', 'presupuesto n°'] },
  { id: 'order-number', terms: ['order number', 'order no', 'order #', 'order id', 'sales order', 'Auftragsnummer', 'numéro de commande'] },
  { id: 'customer-number', terms: ['customer number', 'customer no', 'customer id', 'account number', 'account no', 'client number', 'Kundennummer', 'Kunden-Nr.', 'numéro client', 'número de cliente', 'klantnummer'] },
  { id: 'amount-paid', terms: ['amount paid', 'paid', 'payment received', 'payments', 'bezahlt', 'montant payé', 'pagado', 'betaald'] },
  { id: 'unit-price', terms: ['unit price', 'price', 'rate', 'price per unit', 'Einzelpreis', 'prix unitaire', 'precio unitario', 'stukprijs'] },
  { id: 'quantity', terms: ['quantity', 'qty', 'units', 'Menge', 'Anzahl', 'quantité', 'cantidad', 'aantal', 'total qty', 'total quantity', 'total items', 'total item', 'item(s)', 'qty(s)', 'no of items', 'number of items'] },
  // Receipt lines near the total that are not the total: never a fuzzy match for it.
  { id: 'rounding', terms: ['rounding', 'rounding adjustment', 'rounding adj', 'round adj', 'rounding amount', 'total before rounding'] },
  { id: 'tendered', terms: ['cash', 'cash tendered', 'tendered', 'amount tendered', 'cash received', 'cash paid', 'paid in cash', 'tender amount'] },
  { id: 'change', terms: ['change', 'change due', 'balance returned', 'change amount', 'cash change', 'change given'] },
  { id: 'line-amount', terms: ['amount', 'line total', 'line amount', 'Betrag', 'montant', 'importe', 'bedrag'] },
  { id: 'description', terms: ['description', 'item', 'item description', 'product', 'Beschreibung', 'Bezeichnung', 'désignation', 'descripción', 'omschrijving'] },
];

/**
 * The lexicon with every term normalized (`normalizeLabelText`), duplicates removed. Built
 * on first use rather than at import (a `lazyConstant`): normalizing the few hundred terms
 * is a measurable part of a cold `import('paxman')`, and a process that never plans a
 * field never needs it.
 */
export const businessLexicon: () => readonly LexiconConcept[] = lazyConstant(() =>
  Object.freeze(
    RAW_CONCEPTS.map((concept) =>
      Object.freeze({ id: concept.id, terms: Object.freeze([...new Set(concept.terms.map(normalizeLabelText).filter((term) => term.length > 0))]) }),
    ),
  ),
);

const conceptsByNormalizedTerm = lazyConstant((): ReadonlyMap<string, readonly string[]> => {
  const map = new Map<string, string[]>();
  for (const concept of businessLexicon()) {
    for (const term of concept.terms) {
      const list = map.get(term) ?? [];
      list.push(concept.id);
      map.set(term, list);
    }
  }
  return map;
});

/** Ids of the concepts a normalized label names exactly (usually zero or one). */
export function conceptsOfLabel(normalizedLabel: string): readonly string[] {
  return conceptsByNormalizedTerm().get(normalizedLabel) ?? [];
}

const termsById = lazyConstant((): ReadonlyMap<string, readonly string[]> => new Map(businessLexicon().map((concept) => [concept.id, concept.terms])));

/** The terms of one concept (none for an unknown id). */
export function termsOfConcept(id: string): readonly string[] {
  return termsById().get(id) ?? [];
}

/** The concept with this id, if any. */
export function lexiconConcept(id: string): LexiconConcept | undefined {
  return businessLexicon().find((concept) => concept.id === id);
}
