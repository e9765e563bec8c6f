import { createRunMemo } from '@paxman/capability-spi';
import { defineContract } from '@paxman/contract';
import { buildDocument } from '@paxman/document';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECOGNIZERS } from '../shared/default-recognizers.js';
import { configureClauseReading, createClauseReadingCapability } from './clause-reading.js';
import { EvidenceKind } from '@paxman/core';
import { evidenceOf, runCapability } from '../__fixtures__/run-capability.js';

const contract = defineContract({
  id: 'agreement',
  fields: [
    { path: 'agreement_date', type: 'DATE', description: 'Date of the agreement.' },
    { path: 'effective_date', type: 'DATE' },
    { path: 'governing_law', type: 'STRING' },
    { path: 'supplier_name', type: 'STRING' },
  ],
});
const capability = createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS });

async function read(text: string, path: string): Promise<unknown[]> {
  const field = contract.fields.find((candidate) => candidate.path === path)!;
  const step = configureClauseReading(field);
  if ('skip' in step) return [];
  const document = await buildDocument(text, { inputType: 'text' });
  const result = await capability.invoke({ field, contract, config: step.config, document, resolved: new Map(), tables: {}, memo: createRunMemo() });
  return result.candidates.map((candidate) => candidate.value);
}

describe('clause_reading', () => {
  it('configures only fields whose labels name a clause concept of their type', () => {
    expect(configureClauseReading(contract.fields[0]!)).toEqual({ config: { concepts: ['agreement-date'] } });
    expect(configureClauseReading(contract.fields[2]!)).toEqual({ config: { concepts: ['governing-law'] } });
    expect(configureClauseReading(contract.fields[3]!)).toHaveProperty('skip');
  });

  it('reads the date an agreement is made, dated or entered into', async () => {
    expect(await read('This SUPPLY AGREEMENT is made and entered into as of June 23, 2015 by and between A and B.', 'agreement_date')).toEqual(['2015-06-23']);
    expect(await read('THIS AGREEMENT, dated as of March 3, 2001, between X and Y.', 'agreement_date')).toEqual(['2001-03-03']);
    expect(await read('Signed this 11th day of January, 2012, by the parties.', 'agreement_date')).toEqual(['2012-01-11']);
    expect(await read('The fee is due within 30 days of December 1, 2008.', 'agreement_date')).toEqual([]);
  });

  it('reads the effective date from "effective as of" and from the defined term', async () => {
    expect(await read('This Agreement is effective as of April 1, 2019.', 'effective_date')).toEqual(['2019-04-01']);
    expect(await read('entered into on May 5, 2020 (the "Effective Date") by and between', 'effective_date')).toEqual(['2020-05-05']);
  });

  it('takes the agreement date as the effective date only when nothing speaks of taking effect otherwise', async () => {
    expect(await read('This Mutual Non-Disclosure Agreement is made as of the 4th day of May 2005 by and between A and B.', 'effective_date')).toEqual(['2005-05-04']);
    expect(await read('This Agreement is dated as of May 4, 2005. The Effective Date shall be the date of the first order.', 'effective_date')).toEqual([]);
    expect(await read('This Agreement is dated as of May 4, 2005 and shall become effective upon approval by the Board.', 'effective_date')).toEqual([]);
  });

  it('reads the governing law, the narrower place when two are named', async () => {
    expect(await read('This Agreement shall be governed by and construed in accordance with the laws of the State of New York, without regard to conflicts of law.', 'governing_law')).toEqual(['New York']);
    expect(await read('governed by the laws of the United States and the Commonwealth of Kentucky.', 'governing_law')).toEqual(['Kentucky']);
    expect(await read("shall be governed by the laws of the People's Republic of China.", 'governing_law')).toEqual(["People's Republic of China"]);
    expect(await read('The laws of nature are not the subject of this letter.', 'governing_law')).toEqual([]);
  });
});

describe('clause_reading: the document title', () => {
  const contracts = defineContract({ id: 'k', fields: [{ path: 'document_title', type: 'STRING', description: 'Title of the agreement as printed at its head.' }] });

  it('reads the heading in capitals that the preamble names, without the exhibit number', async () => {
    const document = await buildDocument('Exhibit 10.4\n\n      MASTER SERVICES AGREEMENT\n\nThis Master Services Agreement (the "Agreement") is entered into as of May 1, 2020 by and between A and B.\n\n1. DEFINITIONS\n', { inputType: 'text' });
    const result = await runCapability(capability, contracts, 'document_title', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['MASTER SERVICES AGREEMENT']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ kind: EvidenceKind.RECOGNIZER, pattern: 'clause:document-title', text: 'MASTER SERVICES AGREEMENT' });
  });

  it('offers nothing for a capitalised heading the preamble does not name (a section heading, a cited agreement)', async () => {
    const document = await buildDocument('SECTION 4. LICENSE\n\nThe parties to the Supply Agreement dated March 3 agree as follows.\n', { inputType: 'text' });
    expect((await runCapability(capability, contracts, 'document_title', document)).candidates).toEqual([]);
  });
});
