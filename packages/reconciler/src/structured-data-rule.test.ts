import { defineContract } from '@paxman/contract';
import type { StructuredDataPolicy } from '@paxman/core';
import { describe, expect, it } from 'vitest';
import { currencyGrounds, policy, recognizerGrounds, resultOf, sighting, type Sighting } from '../test/support.js';
import { reconcile } from './reconcile.js';
import { STRUCTURED_DATA_DISPUTED_CAP } from './rubric.js';

const contract = defineContract({ id: 'invoice', fields: [{ path: 'total', type: 'MONEY', required: true }] });
const eur = (amount: string) => ({ amount, currency: 'EUR' });
const xml = (amount: string): Sighting => sighting('total', { kind: 'STRUCTURED_DATA', value: eur(amount), at: [500, 506], grounds: [{ kind: 'structured-data' }], detail: { term: 'BT-112' } });
const page = (amount: string, at: readonly [number, number] = [10, 16]): Sighting => sighting('total', { kind: 'EXACT_LABEL', value: eur(amount), at, grounds: [currencyGrounds('code')] });

function settle(sightings: readonly Sighting[], structuredData?: StructuredDataPolicy) {
  const [result] = reconcile({ contract, candidateResults: [resultOf('total', sightings)], policy: policy(structuredData === undefined ? {} : { structuredData }) });
  return result!;
}

const mismatchOf = (result: ReturnType<typeof settle>) => result.diagnostics.find((diagnostic) => diagnostic.code === 'STRUCTURED_DATA_MISMATCH');

describe('structured data against the page', () => {
  it('agreement of the XML and the page is CERTAIN, with no mismatch', () => {
    const result = settle([xml('119.00'), page('119.00')]);
    expect(result).toMatchObject({ status: 'SUCCESS', value: eur('119.00'), band: 'CERTAIN' });
    expect(mismatchOf(result)).toBeUndefined();
  });

  it('prefer (default): the XML value wins a disagreement, below CERTAIN, and the diagnostic names both sources', () => {
    const result = settle([xml('119.00'), page('191.00')]);
    expect(result).toMatchObject({ status: 'SUCCESS', value: eur('119.00') });
    expect(result.confidence).toBeLessThanOrEqual(STRUCTURED_DATA_DISPUTED_CAP);
    expect(result.band).toBe('HIGH');
    expect(mismatchOf(result)?.context).toMatchObject({ policy: 'prefer', structuredData: [{ value: eur('119.00') }], page: [{ value: eur('191.00') }] });
    expect(result.conflict?.values.map((entry) => entry.value)).toEqual([eur('119.00'), eur('191.00')]);
  });

  it('prefer: a weak page value below the noise floor is no dispute', () => {
    const weak = sighting('total', { kind: 'RECOGNIZER', value: eur('5.00'), at: [40, 44], grounds: [recognizerGrounds(false), currencyGrounds('code')] });
    const result = settle([xml('119.00'), weak]);
    expect(result.band).toBe('CERTAIN');
    expect(mismatchOf(result)).toBeUndefined();
  });

  it('crossCheckOnly: the XML confirms the page, disputes it as a strong conflict, and never fills a field alone', () => {
    expect(settle([xml('119.00'), page('119.00')], 'crossCheckOnly')).toMatchObject({ status: 'SUCCESS', band: 'CERTAIN' });
    const disputed = settle([xml('119.00'), page('191.00')], 'crossCheckOnly');
    expect(disputed).toMatchObject({ status: 'UNRESOLVED', unresolvedReason: 'CONFLICT' });
    expect(mismatchOf(disputed)?.context).toMatchObject({ policy: 'crossCheckOnly' });
    expect(settle([xml('119.00')], 'crossCheckOnly')).toMatchObject({ status: 'UNRESOLVED', unresolvedReason: 'NO_CANDIDATE' });
  });

  it('ignore: structured values are left out', () => {
    expect(settle([xml('119.00'), page('191.00')], 'ignore')).toMatchObject({ status: 'SUCCESS', value: eur('191.00') });
    expect(settle([xml('119.00')], 'ignore')).toMatchObject({ status: 'UNRESOLVED' });
  });

  it('structured data alone is as strong as a structured key', () => {
    expect(settle([xml('119.00')])).toMatchObject({ status: 'SUCCESS', band: 'CERTAIN' });
  });
});
