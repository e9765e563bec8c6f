/**
 * Parties an agreement names only as those who sign it (ADR 0043): read through
 * `readPartyList` (the opening's signatory words from the record knowledge, the blocks' companies),
 * and `signatoryCompanies` alone with a small set of words, to pin what starts and stops a name.
 * Every text is made up.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { readPartyList } from './read-party-list.js';
import { type SignatoryWords, signatoryCompanies, signatoryOpening } from './party-signatories.js';
import { foldedWords } from './party-text.js';

async function listOf(text: string): Promise<{ source: string | undefined; signatories: boolean; names: string[] }> {
  const list = readPartyList(await buildDocument(text));
  return { source: list?.source, signatories: list?.signatories === true, names: (list?.parties ?? []).map((party) => party.name) };
}

const JOINT_FILING = `EXHIBIT 1 JOINT FILING AGREEMENT

The undersigned hereby agree that the statement on Schedule 13G with respect to the shares of Orrin Tools, Inc. is filed on behalf of each of the undersigned. This agreement may be signed in counterparts.

Dated: 3/4/2021 KESTREL VALUE PARTNERS LP

By: /s/ Mary Poe Mary Poe Chief Financial Officer KESTREL CAPITAL HOLDING CORPORATION

By: /s/ Mary Poe Mary Poe Chief Financial Officer Kestrel Fund Offshore, Ltd. By: Kestrel Advisors GP, LLC Its: General Partner By: /s/ Mary Poe Date: 3/4/2021 Mary Poe Chief Compliance Officer`;

describe('readPartyList: parties the opening calls its signatories', () => {
  it('reads the companies a joint filing signs for, on the key line or over it, and not the general partner a key introduces', async () => {
    const list = await listOf(JOINT_FILING);
    expect(list.source).toBe('signature');
    expect(list.signatories).toBe(true);
    expect(list.names).toEqual(['KESTREL VALUE PARTNERS LP', 'KESTREL CAPITAL HOLDING CORPORATION', 'Kestrel Fund Offshore, Ltd.']);
  });

  it('reads two blocks a text layer sets side by side, and names after a prefix up to their key without a legal form', async () => {
    const text = `CONSORTIUM AGREEMENT made between and among the Parties signatory hereto.

1. Scope. The Parties shall build the cable.

IN WITNESS WHEREOF, the Parties have signed this Agreement on 2 May 2021. ALDER FUND L.P. ALDER MANAGEMENT L.P. By: Alder GP LLC, its general partner By: /s/ John Roe Name: John Roe

For and on behalf of Korea Cable Network
By:
For and on behalf of Birch Telecom Berhad (123456-K)
By:`;
    const list = await listOf(text);
    expect(list.signatories).toBe(true);
    expect(list.names).toEqual(['ALDER FUND L.P.', 'ALDER MANAGEMENT L.P.', 'Korea Cable Network', 'Birch Telecom Berhad']);
  });

  it('reads a German opening of the undersigned, the office before a company left out', async () => {
    const text = `Vereinbarung über die gemeinsame Meldung

Die Unterzeichnenden vereinbaren, die Meldung gemeinsam abzugeben.

Datum: 4. Mai 2021 Linden Beteiligungs GmbH Name: Erika Muster Geschäftsführer Eichen Verwaltungs AG Name: Erika Muster`;
    expect((await listOf(text)).names).toEqual(['Linden Beteiligungs GmbH', 'Eichen Verwaltungs AG']);
  });

  it('reads no signatory list where the opening names its parties otherwise, or the blocks sign for one company', async () => {
    const signatureOnly = `SERVICES AGREEMENT

1. Services. The provider shall provide the services.

IN WITNESS WHEREOF the parties have signed.

ALDER CORP.
By: /s/ Jane Roe

BIRCH LLC
By: /s/ John Roe`;
    expect((await listOf(signatureOnly)).signatories).toBe(false);
    const one = `The undersigned hereby agree to file jointly. Dated: 3/4/2021 KESTREL VALUE PARTNERS LP By: /s/ Mary Poe /s/ John Roe`;
    expect((await listOf(one)).signatories).toBe(false);
  });
});

/** English words for `signatoryCompanies` alone: "By" and "Name" keys, one prefix, two office titles, three legal forms. */
const words: SignatoryWords = {
  signatories: [{ term: 'the undersigned hereby agree', concept: '' }],
  signatureKeys: ['by', 'name'],
  namePrefixes: ['for and on behalf of'],
  offices: ['officer', 'president'],
  legalForms: ['Inc.', 'LLC', 'L.P.'].map(foldedWords),
};

function companiesOf(text: string): string[] {
  return signatoryCompanies(text, 0, words).map((name) => text.slice(name.start, name.end));
}

describe('signatoryCompanies', () => {
  it('finds where an opening calls its parties those who sign, and nothing in an opening that does not', () => {
    expect(signatoryOpening('Joint filing. The undersigned hereby agree to file.', words)).not.toBeNull();
    expect(signatoryOpening('This Agreement is made between Alder Inc. and Birch LLC.', words)).toBeNull();
  });

  it('ends a name at a date, a sentence, an office title or, in capitals, a word that is not', () => {
    expect(companiesOf('Signed on 4 May 2021. Alder Holdings Inc. By: /s/ Jo Roe')).toEqual(['Alder Holdings Inc.']);
    expect(companiesOf('By: /s/ Jo Roe Jo Roe Vice President Birch Capital LLC By: /s/ Jo Roe')).toEqual(['Birch Capital LLC']);
    expect(companiesOf('By: /s/ Jo Roe Jo Roe Treasurer CEDAR FUND L.P. By: /s/ Jo Roe')).toEqual(['CEDAR FUND L.P.']);
  });

  it('leaves out a company a key introduces and a name that ends in no legal form without a prefix', () => {
    expect(companiesOf('Alder Fund L.P. By: Alder GP LLC Name: Jo Roe')).toEqual(['Alder Fund L.P.']);
    expect(companiesOf('Signed. Alder Partners By: /s/ Jo Roe')).toEqual([]);
  });
});
