import { EvidenceKind } from '@paxman/core';
import { defineContract } from '@paxman/contract';
import { buildDocument } from '@paxman/document';
import { recordKnowledge } from '@paxman/knowledge';
import { describe, expect, it } from 'vitest';
import { runCapability, spansSliceBack } from '../__fixtures__/run-capability.js';
import { configureRecordReading, createRecordReadingCapability } from './record-reading.js';
import { bindPartyMember, isPartyListField } from './party-lists.js';

const capability = createRecordReadingCapability();
const contract = defineContract({
  id: 'agreement',
  fields: [
    { path: 'parties', type: 'ARRAY', itemType: 'STRING', tags: ['party'], fields: [{ path: 'parties[]', type: 'STRING' }] },
    {
      path: 'vertragsparteien',
      type: 'ARRAY',
      itemType: 'OBJECT',
      fields: [
        { path: 'vertragsparteien[].name', type: 'STRING', required: true },
        { path: 'vertragsparteien[].role', type: 'STRING' },
        { path: 'vertragsparteien[].address', type: 'STRING' },
      ],
    },
    { path: 'keywords', type: 'ARRAY', itemType: 'STRING', description: 'Words the agreement is filed under.', fields: [{ path: 'keywords[]', type: 'STRING' }] },
  ],
});
const field = (path: string) => contract.fields.flatMap((entry) => [entry, ...entry.fields]).find((entry) => entry.path === path)!;

const AGREEMENT = `LICENSE AGREEMENT

This License Agreement is made as of May 2, 2024 by and between Quillon Robotics, Inc., a Delaware corporation
("Licensor"), and Marisol Foods S.A., a company organised under the laws of Spain ("Licensee").

1. Grant. Licensor grants Licensee a licence to the Software.

IN WITNESS WHEREOF, the parties have signed this Agreement.

QUILLON ROBOTICS, INC.
By: /s/ A. Smith
Title: CEO
`;

describe('record_reading: party lists', () => {
  it('knows a party list field by its tags or name, in the languages of the knowledge, and a member by its name', () => {
    const knowledge = recordKnowledge();
    expect(isPartyListField(field('parties'), knowledge)).toBe(true);
    expect(isPartyListField(field('vertragsparteien'), knowledge)).toBe(true);
    expect(isPartyListField(field('keywords'), knowledge)).toBe(false);
    expect(bindPartyMember(field('vertragsparteien[].role'), knowledge)).toBe('party-role');
    expect(configureRecordReading(field('parties'))).toEqual({ config: { list: 'parties' } });
    expect(configureRecordReading(field('keywords'))).toHaveProperty('skip');
  });

  it('proposes the names of the preamble, each with its span and layout grounds', async () => {
    const document = await buildDocument(AGREEMENT, { inputType: 'text' });
    const result = await runCapability(capability, contract, 'parties', document);
    expect(result.candidates).toHaveLength(1);
    expect(result.candidates[0]!.value).toEqual(['Quillon Robotics, Inc.', 'Marisol Foods S.A.']);
    const cells = result.evidence.filter((record) => record.kind === EvidenceKind.RECORD_CELL);
    expect(cells.map((record) => [record.text, record.label, record.grounds])).toEqual([
      ['Quillon Robotics, Inc.', 'Licensor', [{ kind: 'layout', role: 'preamble', unique: true, confirmed: true }]],
      ['Marisol Foods S.A.', 'Licensee', [{ kind: 'layout', role: 'preamble', unique: true, confirmed: false }]],
    ]);
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('fills objects with the name and the role the agreement calls the party by', async () => {
    const document = await buildDocument(AGREEMENT, { inputType: 'text' });
    const result = await runCapability(capability, contract, 'vertragsparteien', document);
    expect(result.candidates[0]!.value).toEqual([
      { name: 'Quillon Robotics, Inc.', role: 'Licensor' },
      { name: 'Marisol Foods S.A.', role: 'Licensee' },
    ]);
    const roles = result.evidence.filter((record) => record.detail?.['member'] === 'role');
    expect(roles.map((record) => record.text)).toEqual(['Licensor', 'Licensee']);
    expect(spansSliceBack(result, document)).toBe(true);
  });

  it('says in each party\'s evidence whether a term or a legal form bounds its name, and whether a legal form ends it (a company)', async () => {
    const text = `COLLABORATION AGREEMENT

BETWEEN

HALDEN THERAPEUTICS, INC.

and

BRISK

WHEREAS the parties wish to collaborate.`;
    const document = await buildDocument(text, { inputType: 'text' });
    const result = await runCapability(capability, contract, 'parties', document);
    const cells = result.evidence.filter((record) => record.kind === EvidenceKind.RECORD_CELL);
    expect(cells.map((record) => [record.text, record.detail?.['bounded'], record.detail?.['company']])).toEqual([
      ['HALDEN THERAPEUTICS, INC.', true, true],
      ['BRISK', false, false],
    ]);
  });

  it('proposes nothing for a document that names no parties', async () => {
    const document = await buildDocument('Invoice 12\nTotal: 12.00\n', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'parties', document);
    expect(result.candidates).toEqual([]);
  });
});
