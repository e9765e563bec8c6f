/**
 * Tests of the preamble shapes ADR 0042 adds to `readPartyList`: a title page's block that joins
 * a further company in a sentence of its own, a joined party whose term is printed before its
 * name, a title page's name that fills its line (bounded by the line when it has two words or
 * more), and a text layer's space before a hyphen inside a name. Made-up text only.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { readPartyList } from './read-party-list.js';
import type { PartyList } from './party-list.js';

async function listOf(text: string): Promise<PartyList | null> {
  return readPartyList(await buildDocument(text));
}

function namesOf(list: PartyList | null): { name: string; role: string | null }[] {
  return (list?.parties ?? []).map((party) => ({ name: party.name, role: party.role }));
}

describe('readPartyList: a title page block that joins a further company (ADR 0042)', () => {
  it('reads the company a numbered block joins after its first party\'s term', async () => {
    const text = `      SERVICES AGREEMENT

      BETWEEN

      1. Northgate Analytics Corp., a Delaware corporation ("Northgate"), having an address at 12 Elm Road, Dover, Delaware

      AND

      2. Harwick Press Limited a company registered in England ("Harwick"), whose registered office is
      4 Mill Lane, Leeds, England, and Tollund Forlag A/S, a company registered in Denmark
      ("Tollund"), having an address at 9 Havnegade, Aarhus, Denmark (together, the "Publishers")

      WHEREAS:

      A. The Publishers publish journals.`;
    expect(namesOf(await listOf(text))).toEqual([
      { name: 'Northgate Analytics Corp.', role: 'Northgate' },
      { name: 'Harwick Press Limited', role: 'Harwick' },
      { name: 'Tollund Forlag A/S', role: 'Tollund' },
    ]);
  });

  it('leaves out a party the block joins whose name no legal form ends', async () => {
    const text = `      SERVICES AGREEMENT

      BETWEEN

      1. Northgate Analytics Corp., a Delaware corporation ("Northgate"), having an address at 12 Elm Road, Dover

      AND

      2. Harwick Press Limited a company registered in England ("Harwick"), and Harwick Pension Trustees ("Trustees"), both at 4 Mill Lane, Leeds

      WHEREAS:

      A. Harwick publishes journals.`;
    expect(namesOf(await listOf(text)).map((party) => party.name)).toEqual(['Northgate Analytics Corp.', 'Harwick Press Limited']);
  });
});

describe('readPartyList: a joined party whose term is printed before its name (ADR 0042)', () => {
  it('reads the company after an unquoted term that follows the joining word', async () => {
    const text = `THIS DEVELOPMENT AGREEMENT is made March 3rd, 2021 by and between Quillfeather LLC, a Delaware limited liability company (Developer), and (Client) Marrow Lane Foods Inc. for the design of software as detailed herein.

1. Term. This Agreement commences on the Effective Date.`;
    expect(namesOf(await listOf(text))).toEqual([
      { name: 'Quillfeather LLC', role: 'Developer' },
      { name: 'Marrow Lane Foods Inc.', role: 'Client' },
    ]);
  });

  it('reads a quoted term before the name the same way', async () => {
    const text = `This Agreement is made by and between Quillfeather LLC ("Developer"), and ("Client") Marrow Lane Foods Inc., a Nevada corporation.`;
    expect(namesOf(await listOf(text))).toEqual([
      { name: 'Quillfeather LLC', role: 'Developer' },
      { name: 'Marrow Lane Foods Inc.', role: 'Client' },
    ]);
  });

  it('reads no party from a term before a name that no legal form ends', async () => {
    const text = `This Agreement is made by and between Quillfeather LLC ("Developer"), and (Client) the person named in the order form.`;
    expect(namesOf(await listOf(text)).map((party) => party.name)).not.toContain('the person named in the order form');
    expect((await listOf(text))?.parties.some((party) => party.role === 'Client') ?? false).toBe(false);
  });
});

describe('readPartyList: a title page name alone on its line (ADR 0042)', () => {
  it('takes a name of two words or more that fills its line as bounded', async () => {
    const text = `RESEARCH AGREEMENT

between

LOWLAND INSTITUTE OF SOIL RESEARCH

and

BRACKENRIDGE SEEDS, INC.

TABLE OF CONTENTS`;
    const list = await listOf(text);
    expect(list?.parties.map((party) => [party.name, party.bounded])).toEqual([
      ['LOWLAND INSTITUTE OF SOIL RESEARCH', true],
      ['BRACKENRIDGE SEEDS, INC.', true],
    ]);
  });

  it('leaves a name of one word unbounded: it may be a short name', async () => {
    const text = `SUPPLY AGREEMENT

Between

Brackenridge Seeds, Inc.

And

LSR

TABLE OF CONTENTS`;
    const list = await listOf(text);
    expect(list?.parties.map((party) => [party.name, party.bounded])).toEqual([
      ['Brackenridge Seeds, Inc.', true],
      ['LSR', false],
    ]);
  });
});

describe('readPartyList: a space before a hyphen inside a name (ADR 0042)', () => {
  it('drops a text layer\'s space before a hyphen that joins two words', async () => {
    const text = `This Agreement is made by and between Make-A -Kite Workshop, Inc. ("Company") and Dana Rowe ("Employee").`;
    expect(namesOf(await listOf(text)).map((party) => party.name)).toEqual(['Make-A-Kite Workshop, Inc.', 'Dana Rowe']);
  });
});

describe('readPartyList: a place after a legal form before the company\'s kind (ADR 0042)', () => {
  it('keeps "of" and a place on the name when a descriptor of its kind follows', async () => {
    const text = `This Agreement is made by and between Orrin Data Corporation ("Orrin") and Pelham Corporation of America, a New York corporation, with a place of business at 10 Main Street ("Company").`;
    expect(namesOf(await listOf(text))).toEqual([
      { name: 'Orrin Data Corporation', role: 'Orrin' },
      { name: 'Pelham Corporation of America', role: 'Company' },
    ]);
  });

  it('ends the name at its legal form before an address or a joined company', async () => {
    const address = `This Agreement is made by and between Tamsin Learning Limited of Boston House, 69 Manor Road ("Company") and Orrin Data Corporation ("Orrin").`;
    expect(namesOf(await listOf(address)).map((party) => party.name)).toEqual(['Tamsin Learning Limited', 'Orrin Data Corporation']);
    const joined = `This Agreement is made by and between Acme Widgets Inc. and Beta Tools Corp., a Delaware corporation.`;
    expect(namesOf(await listOf(joined)).map((party) => party.name)).toEqual(['Acme Widgets Inc.', 'Beta Tools Corp.']);
  });
});
