import { describe, expect, it } from 'vitest';
import { compileStructuredData, en16931Pack, normalizeFieldName, validateKnowledgePack } from './index.js';

const knowledge = compileStructuredData(en16931Pack())!;

describe('compiled structured-data knowledge', () => {
  it('binds fields to business terms by their names, the term id, or not at all when ambiguous', () => {
    expect(knowledge.bindField(['total amount'])?.id).toBe('BT-112');
    expect(knowledge.bindField(['amount due'])?.id).toBe('BT-115');
    expect(knowledge.bindField(['tax amount'])?.id).toBe('BT-110');
    expect(knowledge.bindField(['Seller Name'])?.id).toBe('BT-27');
    expect(knowledge.bindField(['BT-9'])?.id).toBe('BT-9');
    expect(knowledge.bindField(['bt 44'])?.id).toBe('BT-44');
    expect(knowledge.bindField(['shoe size'])).toBeNull();
    // The first name that the pack knows decides.
    expect(knowledge.bindField(['unknown', 'invoice date'])?.id).toBe('BT-2');
  });

  it('does not bind a name two terms share', () => {
    const pack = validateKnowledgePack({
      id: 'twins',
      version: '1.0.0',
      description: 'Two terms that both claim "date".',
      structuredData: {
        standard: 'test',
        syntaxes: [{ id: 'X', name: 'x', root: 'x:Doc', namespaces: { x: 'urn:x' } }],
        terms: [
          { id: 'A', name: 'a', valueType: 'date', fieldNames: ['date'], paths: { X: ['x:A'] } },
          { id: 'B', name: 'b', valueType: 'date', fieldNames: ['date', 'b date'], paths: { X: ['x:B'] } },
        ],
        dateFormats: {},
      },
    });
    const twins = compileStructuredData(pack)!;
    expect(twins.bindField(['date'])).toBeNull();
    expect(twins.bindField(['b date'])?.id).toBe('B');
  });

  it('resolves syntaxes by root namespace and compiles paths to namespace URIs with attribute conditions', () => {
    const cii = knowledge.syntaxOf('urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100', 'CrossIndustryInvoice');
    expect(cii?.syntax.id).toBe('CII');
    expect(knowledge.syntaxOf('urn:other', 'CrossIndustryInvoice')).toBeNull();
    const [path] = knowledge.pathsOf('BT-31', 'CII');
    expect(path!.at(-1)).toEqual({ namespace: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100', localName: 'ID', attribute: { localName: 'schemeID', value: 'VA' } });
    expect(knowledge.pathsOf('BT-10', 'CII-ZUGFeRD-1')).toEqual([]);
    expect(knowledge.dateFormat('102')).toBe('yyyyMMdd');
  });

  it('normalizes names as contract fields spell them', () => {
    expect(normalizeFieldName('invoiceNumber')).toBe('invoice number');
    expect(normalizeFieldName('  Total_Amount (incl. VAT) ')).toBe('total amount incl vat');
  });
});
