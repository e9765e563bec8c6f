/**
 * Party lists (issue "Line items, tables and lists", ADR 0025): a made-up agreement is
 * normalized end to end with a contract that asks for its parties, as names and as objects
 * with their roles. The parties come back with evidence whose spans slice the names out of
 * the input, the artifact replays, and a French agreement is read the same way.
 */
import { normalize, replay } from 'paxman';
import { describe, expect, it } from 'vitest';

const contract = {
  id: 'agreement',
  version: '1',
  fields: [
    { name: 'parties', type: 'ARRAY', required: false, tags: ['party'], description: 'The parties to the agreement, by name.', items: { type: 'STRING' } },
    {
      name: 'signatories',
      type: 'ARRAY',
      required: false,
      description: 'The parties and the term each is called by.',
      fields: [
        { name: 'name', type: 'STRING', required: true },
        { name: 'role', type: 'STRING', required: false },
      ],
    },
  ],
};

const AGREEMENT = `DISTRIBUTION AGREEMENT

This Distribution Agreement (the "Agreement") is entered into as of January 9, 2025 by and between
Tallowmere Instruments, Inc., a Delaware corporation having its principal office at 40 Elm Street, Boston,
MA 02110 ("Supplier"), and Brightwater Supply GmbH, a company organised under the laws of Germany
("Distributor").

1. Appointment. Supplier appoints Distributor as its distributor in the Territory.

IN WITNESS WHEREOF, the parties have executed this Agreement.

TALLOWMERE INSTRUMENTS, INC.
By: /s/ Jane Holt
Name: Jane Holt
Title: President

BRIGHTWATER SUPPLY GMBH
By: /s/ Max Weber
Name: Max Weber
Title: Geschäftsführer
`;

describe('party lists end to end', () => {
  it('returns the parties of the preamble, each with evidence that slices its name out of the input, and replays', async () => {
    const artifact = await normalize(AGREEMENT, { contract });
    expect(artifact.normalizedData['parties']).toEqual(['Tallowmere Instruments, Inc.', 'Brightwater Supply GmbH']);
    expect(artifact.unresolvedFields).toEqual([]);
    const result = artifact.fieldResults['parties']!;
    expect(result.status).toBe('SUCCESS');
    expect(result.items).toHaveLength(2);
    for (const [index, item] of (result.items ?? []).entries()) {
      const evidence = artifact.evidence.find((record) => item.evidenceIds.includes(record.id))!;
      const span = evidence.spans[0]!;
      expect(AGREEMENT.slice(span.start, span.end).replace(/\s+/g, ' ')).toBe((artifact.normalizedData['parties'] as string[])[index]);
      expect(evidence.grounds).toEqual([{ kind: 'layout', role: 'preamble', unique: true, confirmed: true }]);
    }
    expect(artifact.normalizedData['signatories']).toEqual([
      { name: 'Tallowmere Instruments, Inc.', role: 'Supplier' },
      { name: 'Brightwater Supply GmbH', role: 'Distributor' },
    ]);
    await expect(replay(JSON.stringify(artifact), { contract })).resolves.toBeTruthy();
  });

  it('reads a French agreement the same way', async () => {
    const text = `CONTRAT DE LICENCE

Entre la société Lumière Logiciels SAS, au capital de 50 000 euros, dont le siège est 3 rue Lafayette, 75009 Paris
(ci-après « le Concédant »), et la société Atelier Morel SARL, 8 quai Perrache, 69002 Lyon (ci-après « le Licencié »).

Article 1 – Objet`;
    const artifact = await normalize(text, { contract });
    expect(artifact.normalizedData['parties']).toEqual(['Lumière Logiciels SAS', 'Atelier Morel SARL']);
    expect(artifact.normalizedData['signatories']).toEqual([
      { name: 'Lumière Logiciels SAS', role: 'Concédant' },
      { name: 'Atelier Morel SARL', role: 'Licencié' },
    ]);
  });

  it('leaves the parties unresolved when the document names none', async () => {
    const artifact = await normalize('Meeting notes\n\nWe discussed the budget between the two offices.\n', { contract });
    expect(artifact.normalizedData['parties'] ?? null).toBeNull();
  });
});
