import { EvidenceKind, type Candidate, type JsonValue } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { runCapability } from '../__fixtures__/run-capability.js';
import { isValidEmail, isValidIban, passesLuhn } from './semantic-checks.js';
import { configureValidation, createValidationCapability } from './validation.js';

const capability = createValidationCapability();
const contract = defineContract({
  id: 'c',
  fields: [
    { path: 'iban', type: 'STRING' },
    { path: 'currency_code', type: 'ENUM', enumValues: [{ value: 'USD', synonyms: [] }, { value: 'EUR', synonyms: [] }], constraints: [{ kind: 'iso_4217', params: {} }] },
    { path: 'total', type: 'MONEY', constraints: [{ kind: 'min_value', params: { min: 0 } }] },
    { path: 'code', type: 'STRING', constraints: [{ kind: 'pattern', params: { regex: '^[A-Z]{3}-\\d+$' } }, { kind: 'max_length', params: { max: 8 } }] },
    { path: 'card_number', type: 'STRING' },
    { path: 'note', type: 'STRING' },
  ],
});

function candidate(path: string, value: JsonValue): Candidate {
  return { fieldPath: path, value, raw: String(value), capability: 'explicit_evidence@1.0.0', tier: 1, evidenceIds: [] };
}

async function verdicts(path: string, values: JsonValue[]): Promise<Record<string, string>> {
  const document = await buildDocument('', { inputType: 'text' });
  const result = await runCapability(capability, contract, path, document, { candidates: values.map((value) => candidate(path, value)) });
  expect(result.candidates).toEqual([]);
  for (const evidence of result.evidence) expect(evidence.kind).toBe(EvidenceKind.VALIDATION);
  return Object.fromEntries(result.evidence.map((evidence) => [`${JSON.stringify(evidence.detail?.value)} ${String(evidence.detail?.check)}`, evidence.verdict!]));
}

describe('validation', () => {
  it('checks IBAN checksums', async () => {
    expect(await verdicts('iban', ['DE89370400440532013000', 'DE89370400440532013001'])).toEqual({
      '"DE89370400440532013000" iban': 'SUPPORTS',
      '"DE89370400440532013001" iban': 'CONTRADICTS',
    });
  });

  it('checks enum, ISO 4217, money bounds, patterns and lengths', async () => {
    expect(await verdicts('currency_code', ['EUR', 'XYZ'])).toMatchObject({ '"EUR" enum': 'SUPPORTS', '"EUR" iso_4217': 'SUPPORTS', '"XYZ" enum': 'CONTRADICTS', '"XYZ" iso_4217': 'CONTRADICTS' });
    expect(await verdicts('total', [{ amount: '10.00', currency: 'USD' }, { amount: '-1.00', currency: 'USD' }])).toMatchObject({
      '{"amount":"10.00","currency":"USD"} min_value': 'SUPPORTS',
      '{"amount":"-1.00","currency":"USD"} min_value': 'CONTRADICTS',
    });
    expect(await verdicts('code', ['ABC-12', 'ABC-123456', 'abc'])).toEqual({
      '"ABC-12" pattern': 'SUPPORTS',
      '"ABC-12" max_length': 'SUPPORTS',
      '"ABC-123456" pattern': 'SUPPORTS',
      '"ABC-123456" max_length': 'CONTRADICTS',
      '"abc" pattern': 'CONTRADICTS',
      '"abc" max_length': 'SUPPORTS',
    });
  });

  it('runs Luhn on card-like fields', async () => {
    expect(await verdicts('card_number', ['4111 1111 1111 1111', '4111 1111 1111 1112'])).toEqual({
      '"4111 1111 1111 1111" luhn': 'SUPPORTS',
      '"4111 1111 1111 1112" luhn': 'CONTRADICTS',
    });
  });

  it('skips a field with nothing to check, and never invents a candidate', async () => {
    expect(configureValidation(contract.fields.find((field) => field.path === 'note')!)).toHaveProperty('skip');
    expect(await verdicts('iban', [])).toEqual({});
  });
});

describe('semantic checks', () => {
  it.each([
    ['GB82 WEST 1234 5698 7654 32', true],
    ['GB82 WEST 1234 5698 7654 33', false],
    ['NL91ABNA0417164300', true],
    ['not an iban', false],
  ])('IBAN %s → %s', (value, valid) => {
    expect(isValidIban(value)).toBe(valid);
  });
  it('Luhn and e-mail', () => {
    expect(passesLuhn('79927398713')).toBe(false); // too short for a card
    expect(passesLuhn('4012888888881881')).toBe(true);
    expect(isValidEmail('a.b@example.co.uk')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
    expect(isValidEmail('two@@example.com')).toBe(false);
  });
});
