/**
 * Clause packs on an instance: the built-in packs (English, German, French, Latvian) read contracts in
 * each language and are named in every artifact; a user's clause pack for another language is
 * added to them, one with a built-in pack's id replaces it, and replay checks them all.
 */
import { builtInClausePacks, contractClauses, packFingerprint } from '@paxman/knowledge';
import { afterAll, describe, expect, it } from 'vitest';
import { createPaxman } from './create-paxman.js';

const contract = {
  id: 'clauses',
  version: '1',
  fields: [
    { name: 'agreement_date', type: 'DATE', required: false, description: 'Date of the agreement (the date it is made or dated as of).' },
    { name: 'jurisdiction', type: 'STRING', required: false, description: 'State or country whose law governs the agreement.' },
  ],
};
const german = 'LIEFERVERTRAG\n\nZwischen der A GmbH und der B AG wird am 3. Juni 2025 folgender Vertrag geschlossen:\n\n§ 1 Gegenstand\nA liefert Holz.\n\n§ 5 Schlussbestimmungen\nEs gilt deutsches Recht. Gerichtsstand ist München.\n';
const english = 'SUPPLY AGREEMENT\n\nThis Supply Agreement is made and entered into as of June 3, 2025 by and between A Inc. and B LLC.\n\n9. This Agreement shall be governed by the laws of the State of New York.\n';
/** A user's pack for a made-up language, built on the German one: "Vertrag datiert <date>". */
const germanPack = builtInClausePacks().find((pack) => pack.id === 'contract-clauses-de')!;
const userPack = {
  ...germanPack,
  id: 'contract-clauses-xx',
  version: '0.1.0',
  language: 'xx',
  examples: undefined,
  patterns: { ...germanPack.patterns, ...germanPack.leads, 'agreement-date-leads': [{ source: String.raw`\bdatiert\s+`, flags: 'gi' }] },
};
const userText = 'Vertrag datiert 4. Mai 2026 zwischen A und B.\n';
const plain = createPaxman({});
afterAll(() => plain.close());

describe('clause packs on an instance', () => {
  it('reads German and English contracts with the built-in packs, and names every clause pack in the artifact', async () => {
    const de = await plain.normalize(german, { contract });
    expect(de.normalizedData).toEqual({ agreement_date: '2025-06-03', jurisdiction: 'Deutschland' });
    const en = await plain.normalize(english, { contract });
    expect(en.normalizedData).toEqual({ agreement_date: '2025-06-03', jurisdiction: 'New York' });
    for (const pack of builtInClausePacks()) expect(en.versions.knowledge![`${pack.id}@${pack.version}`]).toBe(packFingerprint(pack));
    expect(Object.keys(en.versions.knowledge!)).toEqual(expect.arrayContaining(['contract-clauses-en@1.2.0', 'contract-clauses-de@1.0.0', 'contract-clauses-fr@1.0.0', 'contract-clauses-lv@1.0.0']));
  });

  it("adds a user's clause pack for another language to the built-in ones, and replay needs it", async () => {
    const px = createPaxman({ knowledge: [userPack] });
    try {
      const artifact = await px.normalize(userText, { contract });
      expect(artifact.normalizedData).toEqual({ agreement_date: '2026-05-04' });
      expect(artifact.versions.knowledge!['contract-clauses-xx@0.1.0']).toMatch(/^[0-9a-f]{64}$/);
      // The built-in packs still read: a German contract on the same instance.
      expect((await px.normalize(german, { contract })).normalizedData).toEqual({ agreement_date: '2025-06-03', jurisdiction: 'Deutschland' });
      expect((await plain.normalize(userText, { contract })).normalizedData).toEqual({});
      await expect(px.replay(artifact, { contract })).resolves.toMatchObject({ replayHash: artifact.replayHash });
      await expect(plain.replay(artifact, { contract })).rejects.toMatchObject({ code: 'VERSION_MISMATCH', message: expect.stringContaining('contract-clauses-xx@0.1.0 (not loaded)') });
    } finally {
      await px.close();
    }
  });

  it("replaces a built-in clause pack with a user's pack of the same id", async () => {
    const english = contractClauses();
    // The English pack, edited: its agreement-date leads read only "datiert".
    const edited = { ...english, version: '9.0.0', patterns: { ...english.patterns, ...english.leads, 'agreement-date-leads': [{ source: String.raw`\bdatiert\s+`, flags: 'gi' }] } };
    const px = createPaxman({ knowledge: [edited] });
    try {
      const artifact = await px.normalize('This Agreement is made as of June 3, 2025 by A and B.', { contract });
      expect(artifact.normalizedData).toEqual({});
      expect(artifact.versions.knowledge!['contract-clauses-en@9.0.0']).toMatch(/^[0-9a-f]{64}$/);
      expect(artifact.versions.knowledge!['contract-clauses-en@1.2.0']).toBeUndefined();
      expect((await px.normalize(userText, { contract })).normalizedData).toEqual({ agreement_date: '2026-05-04' });
      await expect(plain.replay(artifact, { contract })).rejects.toMatchObject({ code: 'VERSION_MISMATCH' });
    } finally {
      await px.close();
    }
  });

  it('refuses an invalid clause pack, naming the problem', () => {
    expect(() => createPaxman({ knowledge: [{ ...userPack, patterns: { ...userPack.patterns, salutation: { source: '(', flags: '' } } }] })).toThrow(/not a valid regular expression/);
  });
});
