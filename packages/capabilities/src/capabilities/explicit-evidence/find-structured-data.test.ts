import { defineContract } from '@paxman/contract';
import { createPolicy } from '@paxman/core';
import { buildDocument } from '@paxman/document';
import { compileStructuredData, validateKnowledgePack } from '@paxman/knowledge';
import { describe, expect, it } from 'vitest';
import { evidenceOf, runCapability, spansSliceBack } from '../__fixtures__/run-capability.js';
import { DEFAULT_RECOGNIZERS } from '../shared/default-recognizers.js';
import { createExplicitEvidenceCapability } from './explicit-evidence.js';

const capability = createExplicitEvidenceCapability({ recognizers: DEFAULT_RECOGNIZERS });

const CII = `<?xml version="1.0"?>
<x:CrossIndustryInvoice xmlns:x="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:a="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:u="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
  <x:ExchangedDocument><a:ID>F-1</a:ID><a:IssueDateTime><u:DateTimeString format="102">20240229</u:DateTimeString></a:IssueDateTime></x:ExchangedDocument>
  <x:SupplyChainTradeTransaction>
    <a:ApplicableHeaderTradeSettlement>
      <a:InvoiceCurrencyCode>CHF</a:InvoiceCurrencyCode>
      <a:SpecifiedTradePaymentTerms><a:DueDateDateTime><u:DateTimeString format="102">20240315</u:DateTimeString></a:DueDateDateTime></a:SpecifiedTradePaymentTerms>
      <a:SpecifiedTradePaymentTerms><a:DueDateDateTime><u:DateTimeString format="102">20240415</u:DateTimeString></a:DueDateDateTime></a:SpecifiedTradePaymentTerms>
      <a:SpecifiedTradeSettlementHeaderMonetarySummation>
        <a:TaxTotalAmount currencyID="EUR">7.00</a:TaxTotalAmount>
        <a:TaxTotalAmount currencyID="CHF">7.70</a:TaxTotalAmount>
        <a:GrandTotalAmount>107.70</a:GrandTotalAmount>
      </a:SpecifiedTradeSettlementHeaderMonetarySummation>
    </a:ApplicableHeaderTradeSettlement>
  </x:SupplyChainTradeTransaction>
</x:CrossIndustryInvoice>`;

const contract = defineContract({
  id: 'e-invoice',
  fields: [
    { path: 'total_amount', type: 'MONEY' },
    { path: 'tax_amount', type: 'MONEY' },
    { path: 'invoice_date', type: 'DATE' },
    { path: 'zahlungsziel', type: 'DATE', tags: ['bt-9'] },
    { path: 'invoice_number', type: 'STRING' },
  ],
});

describe('explicit_evidence: structured data', () => {
  it('binds fields to business terms in the step config, by name or by a term tag', () => {
    const configOf = (path: string) => capability.configure!(contract.fields.find((field) => field.path === path)!, contract);
    expect(configOf('total_amount')).toMatchObject({ config: { structuredTerm: 'BT-112' } });
    expect(configOf('zahlungsziel')).toMatchObject({ config: { structuredTerm: 'BT-9' } });
  });

  it('reads terms whatever the prefixes, in the invoice currency, the first of repeated elements, with exact spans', async () => {
    const document = await buildDocument(CII);
    const read = async (path: string) => {
      const result = await runCapability(capability, contract, path, document);
      expect(spansSliceBack(result, document)).toBe(true);
      return { value: result.candidates[0]?.value, evidence: evidenceOf(result, result.candidates[0])[0], count: result.candidates.length };
    };
    const total = await read('total_amount');
    expect(total.value).toEqual({ amount: '107.70', currency: 'CHF' });
    expect(total.evidence).toMatchObject({ kind: 'STRUCTURED_DATA', text: '107.70', detail: { term: 'BT-112', syntax: 'CII', path: '/x:CrossIndustryInvoice/x:SupplyChainTradeTransaction/a:ApplicableHeaderTradeSettlement/a:SpecifiedTradeSettlementHeaderMonetarySummation/a:GrandTotalAmount' } });
    expect(await read('tax_amount')).toMatchObject({ value: { amount: '7.70', currency: 'CHF' }, count: 1 });
    expect(await read('invoice_date')).toMatchObject({ value: '2024-02-29' });
    expect(await read('zahlungsziel')).toMatchObject({ value: '2024-03-15', count: 1 });
    expect(await read('invoice_number')).toMatchObject({ value: 'F-1' });
  });

  it('reads nothing from structured data under policy ignore, or with no pack', async () => {
    const document = await buildDocument(CII);
    const field = contract.fields.find((candidate) => candidate.path === 'total_amount')!;
    const configuration = capability.configure!(field, contract);
    if (!('config' in configuration)) throw new Error('skipped');
    const ignored = await capability.invoke({ field, contract, config: configuration.config, document, resolved: new Map(), tables: {}, policy: createPolicy({ structuredData: 'ignore' }) });
    expect(ignored.candidates).toEqual([]);
    const withoutPack = createExplicitEvidenceCapability({ recognizers: DEFAULT_RECOGNIZERS, structuredData: null });
    expect((await runCapability(withoutPack, contract, 'total_amount', document)).candidates.filter((candidate) => JSON.stringify(candidate.value).includes('107.70'))).toEqual([]);
  });

  it('reads XML of no known syntax like JSON keys, leaving repeated elements (items) alone', async () => {
    const document = await buildDocument('<order xmlns="urn:shop"><orderNumber>SO-9</orderNumber><total currency="EUR">12.50</total><item><total>3.00</total></item><item><total>9.50</total></item></order>');
    const number = await runCapability(capability, defineContract({ id: 'o', fields: [{ path: 'order_number', type: 'STRING' }] }), 'order_number', document);
    expect(number.candidates.map((candidate) => candidate.value)).toEqual(['SO-9']);
    expect(evidenceOf(number, number.candidates[0])[0]).toMatchObject({ kind: 'STRUCTURED_KEY', detail: { structure: 'xml-element', path: '/order/orderNumber' } });
    const total = await runCapability(capability, defineContract({ id: 'o', fields: [{ path: 'total', type: 'MONEY' }] }), 'total', document);
    expect(total.candidates.map((candidate) => candidate.value)).toEqual([{ amount: '12.50', currency: 'EUR' }]);
  });

  it('reads a user pack for another standard', async () => {
    const pack = validateKnowledgePack({
      id: 'acme-orders',
      version: '1.0.0',
      description: 'ACME order confirmations.',
      structuredData: {
        standard: 'ACME',
        attributes: { dateFormat: 'format' },
        syntaxes: [{ id: 'ACME', name: 'ACME order', root: 'o:Order', namespaces: { o: 'urn:acme:order' } }],
        terms: [{ id: 'ACME-7', name: 'Delivery week', valueType: 'date', fieldNames: ['delivery date'], paths: { ACME: ['o:Delivery/o:When'] } }],
        dateFormats: { W: 'yyyyMMdd' },
      },
    });
    const acme = createExplicitEvidenceCapability({ recognizers: DEFAULT_RECOGNIZERS, structuredData: compileStructuredData(pack) });
    const document = await buildDocument('<o:Order xmlns:o="urn:acme:order"><o:Delivery><o:When format="W">20250102</o:When></o:Delivery></o:Order>');
    const result = await runCapability(acme, defineContract({ id: 'a', fields: [{ path: 'delivery_date', type: 'DATE' }] }), 'delivery_date', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['2025-01-02']);
    expect(evidenceOf(result, result.candidates[0])[0]?.detail).toMatchObject({ pack: 'acme-orders@1.0.0', term: 'ACME-7' });
  });
});
