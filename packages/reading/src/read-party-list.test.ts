import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { recordKnowledge, validateRecordKnowledge } from '@paxman/knowledge';
import { readPartyList } from './read-party-list.js';
import type { PartyList } from './party-list.js';

/** Each party as name and role, for readable expectations. */
function namesOf(list: PartyList | null): { name: string; role: string | null }[] {
  return (list?.parties ?? []).map((party) => ({ name: party.name, role: party.role }));
}

async function partiesOf(text: string) {
  const document = await buildDocument(text);
  return { document, list: readPartyList(document) };
}

describe('readPartyList: preambles', () => {
  it('reads "by and between" parties, keeping the legal form and leaving out the descriptor and the defined term', async () => {
    const text = `SUPPLY AGREEMENT

This Supply Agreement (the "Agreement") is entered into as of March 3, 2021 by and between Harbor Lights Holdings,
Inc., a Nevada corporation having its principal place of business at 12 Pier Road, Reno, NV 89501 ("Supplier"), and
Bluewater Trading LLC, a Delaware limited liability company ("Buyer").

1. Supply. Supplier shall sell to Buyer the products between the parties listed in Exhibit A ("Products").`;
    const { document, list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Harbor Lights Holdings, Inc.', role: 'Supplier' },
      { name: 'Bluewater Trading LLC', role: 'Buyer' },
    ]);
    expect(list?.source).toBe('preamble');
    const first = list!.parties[0]!;
    expect(document.layers[first.span.layer]!.text.slice(first.span.start, first.span.end)).toBe('Harbor Lights Holdings,\nInc.');
    const role = first.roleSpan!;
    expect(document.layers[role.layer]!.text.slice(role.start, role.end)).toBe('Supplier');
  });

  it('reads a list "among" three parties, an alias beside the term, and a descriptor printed after the term', async () => {
    const text = `This Joint Venture Agreement is made among Alder Mining Corp. ("Alder"), a British Columbia company, and Birch & Sons Ltd.
("Birch" or the "Operator"), Cedar Capital L.P. ("Investor") and Dana Whitfield ("Advisor"). Each of them is a "Party".`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Alder Mining Corp.', role: 'Alder' },
      { name: 'Birch & Sons Ltd.', role: 'Operator' },
      { name: 'Cedar Capital L.P.', role: 'Investor' },
      { name: 'Dana Whitfield', role: 'Advisor' },
    ]);
  });

  it('reads a German preamble: "zwischen … und", the article before the name left out, the term after "nachfolgend"', async () => {
    const text = `Lizenzvertrag

Dieser Vertrag wird geschlossen zwischen der Muster Software GmbH, Hauptstraße 1, 10115 Berlin, vertreten durch den
Geschäftsführer Hans Meier (nachfolgend „Lizenzgeber“ genannt) und der Beispiel Handels AG, Marktplatz 5, 80331 München
(nachfolgend „Lizenznehmer“ genannt).

§ 1 Gegenstand des Vertrages`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Muster Software GmbH', role: 'Lizenzgeber' },
      { name: 'Beispiel Handels AG', role: 'Lizenznehmer' },
    ]);
  });

  it('reads a French preamble: "entre … et", "la société" left out, the term after "ci-après" with guillemets', async () => {
    const text = `CONTRAT DE PRESTATION DE SERVICES

Le présent contrat est conclu entre la société Dupont Conseil SARL, au capital de 10 000 euros, dont le siège social est
situé 12 rue de la Paix, 75002 Paris, ci-après dénommée « le Prestataire », et la société Martin Industries SA, dont le
siège social est situé 4 avenue Foch, 69006 Lyon (ci-après « le Client »).

Article 1 – Objet`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Dupont Conseil SARL', role: 'Prestataire' },
      { name: 'Martin Industries SA', role: 'Client' },
    ]);
  });

  it('reads a French preamble laid out by paragraphs: "ENTRE LES SOUSSIGNÉS :", each party\'s term and its side ("D\'UNE PART,") in paragraphs of their own, "ET :" alone, "La société" capitalized left out', async () => {
    const text = `CONTRAT DE PRESTATION DE SERVICES

ENTRE LES SOUSSIGNÉS :

La société Atelier Numérique SAS, au capital de 20 000 euros, dont le siège social est situé 10 quai Saint-Vincent, 69001 Lyon, représentée par Mme Claire Dubois, Présidente,

Ci-après dénommée « le Prestataire »,

D'UNE PART,

ET :

La société Transports Girard SARL, dont le siège social est situé 3 rue des Alpes, 38000 Grenoble, représentée par M. Paul Girard, gérant,

Ci-après dénommée « le Client »,

D'AUTRE PART,

IL A ÉTÉ CONVENU CE QUI SUIT :`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Atelier Numérique SAS', role: 'Prestataire' },
      { name: 'Transports Girard SARL', role: 'Client' },
    ]);
  });

  it('reads a Latvian opening with no lead word: a legal form before a quoted name is the whole name, a term after "turpmāk –" with or without quotes', async () => {
    const quoted = `Šis līgums noslēgts starp SIA "Zaļais Lauks", reģistrācijas Nr. 40103000001, turpmāk – "Pārdevējs", un AS "Baltijas Koks", reģistrācijas Nr. 40003000002, turpmāk – "Pircējs".`;
    expect(namesOf((await partiesOf(quoted)).list)).toEqual([
      { name: 'SIA "Zaļais Lauks"', role: 'Pārdevējs' },
      { name: 'AS "Baltijas Koks"', role: 'Pircējs' },
    ]);
    const opening = `PIEGĀDES LĪGUMS

SIA "Zaļais Lauks", reģistrācijas Nr. 40103000001, turpmāk – Pārdevējs, no vienas puses, un AS "Baltijas Koks", reģistrācijas Nr. 40003000002, turpmāk – Pircējs, no otras puses, noslēdz šo līgumu.`;
    expect(namesOf((await partiesOf(opening)).list)).toEqual([
      { name: 'SIA "Zaļais Lauks"', role: 'Pārdevējs' },
      { name: 'AS "Baltijas Koks"', role: 'Pircējs' },
    ]);
  });

  it('reads a German preamble whose parties close by their side ("einerseits", "andererseits")', async () => {
    const text = `Zwischen der Holzbau Meier GmbH, Sägewerkstraße 4, 79100 Freiburg, nachfolgend „Lieferant“ genannt, einerseits,

und

der Möbelwerk Schulz AG, Industriepark 12, 70565 Stuttgart, nachfolgend „Abnehmer“ genannt, andererseits,

wird folgender Vertrag geschlossen:`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Holzbau Meier GmbH', role: 'Lieferant' },
      { name: 'Möbelwerk Schulz AG', role: 'Abnehmer' },
    ]);
  });

  it('reads a title page: the lead alone on its line, each party a block of lines, joined by a line holding "and"', async () => {
    const text = `JOINT DEVELOPMENT AGREEMENT

BETWEEN

1. NORTHFIELD ENERGY, INC., a Connecticut corporation ("Northfield")
   having its office at 3 Great Pasture Road, Danbury

AND

2. Keswick Research Limited
   registered in England

Dated 4 May 2020`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'NORTHFIELD ENERGY, INC.', role: 'Northfield' },
      { name: 'Keswick Research Limited', role: null },
    ]);
  });

  it('reads a form whose second party is left blank as a list of one named party', async () => {
    const text = 'This Agreement is made by and between Lakeview Partners LLC (the "Company") and ______________ (the "Employee").';
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([{ name: 'Lakeview Partners LLC', role: 'Company' }]);
  });

  it('names no parties where the opening paragraph names none', async () => {
    const { list } = await partiesOf(`MEMORANDUM\n\nThe differences between the two offers ("Offers") are small.\nWe met on Monday.`);
    expect(list).toBeNull();
  });

  it('stops at the end of the list instead of reading the next defined term as a party', async () => {
    const text = `This Agreement is made between Orion Labs, Inc. ("Orion") and Vega Systems GmbH ("Vega"). Orion and Vega may be
referred to individually as a "Party". Orion shall deliver the Software ("Deliverables") to Vega.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list).map((party) => party.name)).toEqual(['Orion Labs, Inc.', 'Vega Systems GmbH']);
  });
});

describe('readPartyList: signature blocks', () => {
  const BODY = `This Agreement is made between Orion Labs, Inc. ("Orion") and Vega Systems GmbH ("Vega").

1. Term. The term is two years.

IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.

ORION LABS, INC.
By: /s/ Jane Roe
Name: Jane Roe
Title: CEO

VEGA SYSTEMS GMBH
By: ______________
Name: Max Muster`;

  it('confirms a preamble party the signature block names too', async () => {
    const { list } = await partiesOf(BODY);
    expect(list?.parties.map((party) => [party.name, party.confirmed])).toEqual([
      ['Orion Labs, Inc.', true],
      ['Vega Systems GmbH', true],
    ]);
  });

  it('reads the companies over "By:" lines when no preamble names the parties', async () => {
    const text = BODY.replace(/^This Agreement .*$/m, 'The parties agree as follows.');
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('signature');
    expect(list?.parties.map((party) => [party.name, party.confirmed])).toEqual([
      ['ORION LABS, INC.', false],
      ['VEGA SYSTEMS GMBH', false],
    ]);
  });

  it('reads a company whose name ends in "Co." as a company of the signature block (ADR 0041: "Co." is a legal form of the en pack)', async () => {
    const text = `MUTUAL CONFIDENTIALITY AGREEMENT

1. Each party shall keep the other's information confidential.

IN WITNESS WHEREOF, the parties have signed this Agreement.

HOLLIS LAMP CO.
By: /s/ Jane Roe
Name: Jane Roe

BRIMWOOD SYSTEMS LLC
By: /s/ Sam Poe
Name: Sam Poe
`;
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('signature');
    expect(list?.parties.map((party) => party.name)).toEqual(['HOLLIS LAMP CO.', 'BRIMWOOD SYSTEMS LLC']);
    // Without "Co." among the legal forms, one company of the block ends in a legal form: no list of two.
    const withoutCo = readPartyList(await buildDocument(text), { legalForms: ['LLC', 'Inc.'] });
    expect(withoutCo).toBeNull();
  });
});

describe('readPartyList: letters and preambles without terms', () => {
  it('reads a letter agreement: the companies of the address block above "Dear", then those of the signature block', async () => {
    const text = `Harrow Capital LLC
500 Madison Avenue
New York, NY 10022

March 3, 2015

Pelion Therapeutics, Inc.
12 Harbor Way
Boston, MA 02110

Dear Ms. Varga:

In connection with a possible transaction, you have requested information.

Very truly yours,

HARROW CAPITAL LLC
By: /s/ Tom Reed
Name: Tom Reed

ACCEPTED AND AGREED

BRANFORD PARTNERS, L.P.
By: /s/ Ann Lee`;
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('letter');
    expect(list?.parties.map((party) => [party.name, party.confirmed])).toEqual([
      ['Harrow Capital LLC', true],
      ['Pelion Therapeutics, Inc.', false],
      ['BRANFORD PARTNERS, L.P.', true],
    ]);
  });

  it('splits a preamble without defined terms at its joining words only when each piece ends in a legal form', async () => {
    const companies = await partiesOf('This agreement is made between Precision Metal Works, Inc (a Colorado corporation) located at 12 West Avenue, Arvada and Back 2 Health Ltd. on the terms below.');
    expect(namesOf(companies.list).map((party) => party.name)).toEqual(['Precision Metal Works, Inc', 'Back 2 Health Ltd.']);
    const people = await partiesOf('This agreement is made between Leonard Green and Partners LP on the terms below.');
    expect(people.list).toBeNull();
  });
});

describe('readPartyList: descriptors, sentences and lowercase names', () => {
  it('reads the next party after a descriptor that follows a term and a comma ("("Client"), with an address at … and B")', async () => {
    const text = `This Hosting Agreement is entered into on May 2, 2020 by and between Quillfeather Media, Inc. ("Client"), with an address at 4 Orchard Lane, Dover, Delaware 19901 and Tidewell Systems LLC ("Host"), with an address at 9 Quay Street, Salem, Oregon 97301.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Quillfeather Media, Inc.', role: 'Client' },
      { name: 'Tidewell Systems LLC', role: 'Host' },
    ]);
  });

  it('reads no party across a sentence that ends right before a defined term', async () => {
    const text = `This Licence Agreement is entered into by and between Northgate Bank, Inc. ("Bank"), a national banking association, and the supplier named above, and consists of this page and the attached Terms and Conditions, which are incorporated by this reference. ("Supplier")`;
    const { list } = await partiesOf(text);
    // One party and no blank slot: no list, rather than "Conditions" as the supplier.
    expect(list).toBeNull();
  });

  it('reads a title page whose terms stand on lines of their own, and numbered parties joined by "; and" or by their numbers', async () => {
    const terms = `THIS CONSULTING AGREEMENT is made on 1 June 2019

BETWEEN:

        KESTREL MINING CORP., a company having its office at 12 Slate Road, Perth

        (the "Company");

AND:

        MARLOWE ADVISORY LIMITED, having an office at 4 Quay Street, Cork

        (the "Consultant")

WHEREAS the Company wishes to engage the Consultant.`;
    expect(namesOf((await partiesOf(terms)).list)).toEqual([
      { name: 'KESTREL MINING CORP.', role: 'Company' },
      { name: 'MARLOWE ADVISORY LIMITED', role: 'Consultant' },
    ]);
    const numbered = `THIS SERVICES AGREEMENT is made on 3 March 2018

BETWEEN:

(1) Heron Capital Partners, L.P. a Delaware limited partnership of 1 Grand Avenue, Los Angeles ("Heron US"); and

(2) Heron Capital Partners (Europe) Limited, a private limited company of 10 Bridge Place, London (the "Adviser").

RECITALS`;
    expect(namesOf((await partiesOf(numbered)).list)).toEqual([
      { name: 'Heron Capital Partners, L.P.', role: 'Heron US' },
      { name: 'Heron Capital Partners (Europe) Limited', role: 'Adviser' },
    ]);
    const unjoined = numbered.replace('("Heron US"); and', '("Heron US");');
    expect(namesOf((await partiesOf(unjoined)).list)).toHaveLength(2);
  });

  it('reads parties listed under a heading, one opening a term per line, up to the next heading', async () => {
    const text = `MUTUAL NONDISCLOSURE AGREEMENT
PARTIES:
Rookwood Labs, Inc (the "Company")
18 Mill Drive
Belcamp, MD 21017
Tamsin Data, Inc. ("Tamsin")
40 Trail Road
Burnsville, MN 55337
DATE: August 3, 2004
RECITALS:
A. The Company and Tamsin (the "Parties") are commencing discussions.`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Rookwood Labs, Inc', role: 'Company' },
      { name: 'Tamsin Data, Inc.', role: 'Tamsin' },
    ]);
  });

  it('ends a name at its legal form when an address number follows it', async () => {
    const text = `This Collaboration Agreement is made by and among Quarry Bio, Inc. 111 W. Lemon Ave. Monrovia, CA 91016 USA (hereinafter called "QUARRY"), and Linden Pharma GmbH (hereinafter called "LINDEN").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Quarry Bio, Inc.', role: 'QUARRY' },
      { name: 'Linden Pharma GmbH', role: 'LINDEN' },
    ]);
  });

  it('keeps the legal forms of the built-in packs on a name: a national bank association, a French economic interest group', async () => {
    const text = `This Services Agreement is entered into by and between Harrow Bank, N.A. ("Bank"), a national banking association, and AVIONS DE LIGNE REGIONALE, G.I.E., a groupement d'intérêt économique ("ALR").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Harrow Bank, N.A.', role: 'Bank' },
      { name: 'AVIONS DE LIGNE REGIONALE, G.I.E.', role: 'ALR' },
    ]);
  });

  it('says whether a name is bounded by its term or legal form, or only by its shape', async () => {
    const text = `COLLABORATION AGREEMENT

BETWEEN

HALDEN THERAPEUTICS, INC.

and

BRISK

WHEREAS the parties wish to collaborate.`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => [party.name, party.bounded])).toEqual([
      ['HALDEN THERAPEUTICS, INC.', true],
      ['BRISK', false],
    ]);
  });

  it('says whether a name ends in a legal form (a company) — a person, an institution or a bare term does not (ADR 0039)', async () => {
    const english = `This Services Agreement is made by and among Quillon Freight, Inc. ("Quillon"), Marsh Harbour Holdings Limited ("Marsh"), and Dr. Petra Valen ("Consultant").`;
    expect((await partiesOf(english)).list?.parties.map((party) => [party.name, party.company])).toEqual([
      ['Quillon Freight, Inc.', true],
      ['Marsh Harbour Holdings Limited', true],
      ['Dr. Petra Valen', false],
    ]);
    const german = `Dieser Vertrag wird geschlossen zwischen der Nordlicht Logistik GmbH (nachfolgend „Auftraggeber“) und der Stiftung Bergwald (nachfolgend „Stiftung“).`;
    expect((await partiesOf(german)).list?.parties.map((party) => [party.name, party.company])).toEqual([
      ['Nordlicht Logistik GmbH', true],
      ['Stiftung Bergwald', false],
    ]);
  });

  it('reads the next company right after the kind of the previous party, printed after its term with no joining word (ADR 0039)', async () => {
    const english = `This Supply Agreement is entered into by Marlow Chemical Corporation ("Buyer"), a Pennsylvania corporation, Tern Lubricants Ltd., a company incorporated in Bermuda ("Tern"), and Osprey Oil Limited, a public company ("Osprey").`;
    expect(namesOf((await partiesOf(english)).list)).toEqual([
      { name: 'Marlow Chemical Corporation', role: 'Buyer' },
      { name: 'Tern Lubricants Ltd.', role: 'Tern' },
      { name: 'Osprey Oil Limited', role: 'Osprey' },
    ]);
    const french = `Le présent contrat est conclu entre Garance Chimie SA (« l'Acheteur »), une société anonyme, Héron Lubrifiants SARL, une société de droit belge (« Héron »), et Aigrette Huiles SAS (« Aigrette »).`;
    expect(namesOf((await partiesOf(french)).list).map((party) => party.name)).toEqual(['Garance Chimie SA', 'Héron Lubrifiants SARL', 'Aigrette Huiles SAS']);
    // A descriptor that names no company after the kind ("…, a Pennsylvania corporation, with offices at …") still ends the list where it did.
    const office = `This Agreement is entered into by Marlow Chemical Corporation ("Buyer"), a Pennsylvania corporation, with offices at Harbor Road ("Premises").`;
    expect(namesOf((await partiesOf(office)).list)).toEqual([]);
  });

  it('reads a placeholder of a form ("XXXX") as a blank party, not as a name', async () => {
    const text = `This Agreement is made by and between Corvel Holdings, Inc., a Minnesota corporation (the "Company"), and XXXX (the "Employee").`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([{ name: 'Corvel Holdings, Inc.', role: 'Company' }]);
  });

  it('leaves no whitespace before a comma or a period of a name (a text layer\'s spacing)', async () => {
    const text = `This Agreement is made by and between ORRERY EXHIBITS , INC . ("Orrery") and Pell Partners L.L .C. ("Pell").`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => party.name)).toEqual(['ORRERY EXHIBITS, INC.', 'Pell Partners L.L.C.']);
  });

  it('ends a name before an address that a lowercase word opens, and drops a rule a page break leaves inside it', async () => {
    const text = `This Agreement is made by and between Tern Learning UK Limited ("Tern") and Gallant Speakers of 90 High Street, Esher ("Gallant"), and Post ------- Boxes Plus, Inc. ("PBP").`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => party.name)).toEqual(['Tern Learning UK Limited', 'Gallant Speakers', 'Post Boxes Plus, Inc.']);
  });

  it('reads a name printed in lower case when it holds a digit or a dot and ends in a legal form', async () => {
    const text = `This Sponsorship Agreement is entered into by and between shopwell.com, inc., a Delaware corporation ("Shopwell"), and Ferngrove Foods, Inc., a New Jersey corporation ("Sponsor").`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'shopwell.com, inc.', role: 'Shopwell' },
      { name: 'Ferngrove Foods, Inc.', role: 'Sponsor' },
    ]);
  });

  it('reads no lowercase words of prose as a name, even when they end in a legal form', async () => {
    const text = `This Agreement is made by and between a Delaware corporation ("Seller") and a Texas corporation ("Buyer").`;
    const { list } = await partiesOf(text);
    expect(list).toBeNull();
  });
});

describe('readPartyList: a letter closing without a lead word, and openings after a comma or a term (revision 4)', () => {
  it('reads the companies a letter signs in its last lines with no lead word, the sender after the last paragraph', async () => {
    const text = `Tarn Medical, Inc.
40 Quarry Lane
Austin, TX 78701
Ladies and Gentlemen:
Tarn Medical, Inc. has asked for information about Wexford Labs Corporation in connection with a possible transaction.
1. Use of Information. The information will be used only to evaluate the transaction.
Please confirm your agreement by signing and returning a copy of this letter.
WEXFORD LABS CORPORATION
By: /s/ Paul Noor
Name: Paul Noor
Accepted and agreed
as of the date set forth above:
TARN MEDICAL, INC.
By: /s/ Ida Marsh
Name: Ida Marsh`;
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('letter');
    expect(list?.parties.map((party) => party.name)).toEqual(['Tarn Medical, Inc.', 'WEXFORD LABS CORPORATION']);
  });

  it('leaves out a closing name that ends with another party\'s name (a board of that company)', async () => {
    const text = `CONFIDENTIAL
Orca Energy, Inc.
9 Pine Road
Tulsa, OK 74103
Dear Mr. Hale:
You have asked for information about the Company.
Please confirm your agreement by signing below.
SPECIAL COMMITTEE OF THE BOARD OF
DIRECTORS OF ORCA ENERGY, INC.
By: /s/ Vera Cole
Name: Vera Cole
ORCA ENERGY, INC.
By: /s/ Sam Ortiz
Name: Sam Ortiz`;
    expect((await partiesOf(text)).list).toBeNull();
  });

  it('reads an address-block name without a legal form when the signature block names it too, and cuts a trade name after a legal form', async () => {
    const text = `Marlow Sugar Company
80 Mill Road
Sugar Land, TX 77487
July 22, 2011
Brandt Commodities LLC
40 Bay Road
Wilton, CT 06897
Dear Mr. Hogan:
You have requested information regarding Marlow Sugar Company (the "Company").
Please confirm your agreement by signing below.
Very truly yours,
MARLOW SUGAR COMPANY
By: /s/ John Shep
Accepted and agreed:
BRANDT COMMODITIES LLC d/b/a BRANDT TRADING
By: /s/ Scott Hogan`;
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('letter');
    expect(list?.parties.map((party) => party.name)).toEqual(['Marlow Sugar Company', 'Brandt Commodities LLC']);
  });

  it('reads no person of the address block as a company, even when the person signs (ADR 0038: the person is the signer)', async () => {
    const text = `Orca Energy, Inc.
9 Pine Road
Tulsa, OK 74103
Douglas H. Marsh
c/o Orca Energy, Inc.
Dear Mr. Marsh:
You have asked for information about the Company.
ORCA ENERGY, INC.
By: /s/ Sam Ortiz
Accepted and agreed:
DOUGLAS H. MARSH
By: /s/ Douglas H. Marsh`;
    // No letter list of companies; the company the closing signs for and the person who signs, both named in the opening.
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('signature');
    expect(list?.parties.map((party) => party.name)).toEqual(['ORCA ENERGY, INC.', 'Douglas H. Marsh']);
  });

  it('fills the slot a letter\'s preamble leaves to "you" with the one other company of its address block', async () => {
    const text = `Mr. Lee Ford, Principal
Corvid Partners LLC
300 Lake Street
Chicago, IL 60654
Re: Non-Disclosure Agreement
Gentlemen:
In connection with a transaction negotiated by and between Vantor, Inc., a Delaware corporation ("Vantor" and with its subsidiaries, the "Company"), and you (a "Transaction"), we are prepared to make information available to you.`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => [party.name, party.source])).toEqual([
      ['Vantor, Inc.', 'preamble'],
      ['Corvid Partners LLC', 'letter'],
    ]);
  });

  it('leaves a letter\'s slot unfilled beside a defined term read as a name ("between the Company and …")', async () => {
    const text = `Harlan Securities LLC
1 Wall Street
New York, NY 10005
Ladies and Gentlemen:
The guarantee is dated as of today, between the Company (the "Guarantor") and you (the "Holder").`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name) ?? []).not.toContain('Harlan Securities LLC');
  });

  it('reads a preamble without terms whose party prints no legal form but a descriptor that says it is a company', async () => {
    const text = `MUTUAL NON-DISCLOSURE AGREEMENT
This Mutual Non-Disclosure Agreement is entered into effective March 25, 2009 by and between ZYLO, a California corporation, with its offices at 1 Agoura Road, Calabasas, California 91302, and KESTREL COMMUNICATIONS CORPORATION a Nevada corporation, with its place of business at 16 Whisman Road, Mountain View, California 94043.
1. Definitions.`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => [party.name, party.bounded])).toEqual([
      ['ZYLO', true],
      ['KESTREL COMMUNICATIONS CORPORATION', true],
    ]);
  });

  it('reads no party of a preamble without terms whose descriptor names no kind of company', async () => {
    const text = `This Agreement is made by and between ZYLO, a member of the Calabasas group, and KESTREL COMMUNICATIONS CORPORATION a Nevada corporation.`;
    expect((await partiesOf(text)).list).toBeNull();
  });

  it('reads parties a heading lead lists one after another, each closed by its term, up to the next heading', async () => {
    const text = `COVENANT NOT TO COMPETE AND NON-DISCLOSURE AGREEMENT PARTIES: Dana J. Whitlow (EMPLOYEE) SPRINTWELL, Inc., an Oregon corporation, and its divisions,
subsidiaries and affiliates (SPRINTWELL) DATE: October 6, 1994 RECITALS: A. This Covenant is executed upon the EMPLOYEE's promotion.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Dana J. Whitlow', role: 'EMPLOYEE' },
      { name: 'SPRINTWELL, Inc.', role: 'SPRINTWELL' },
    ]);
  });

  it('reads no list after a heading lead when a parenthesis holds part of a name ("(Shanghai) Co Ltd")', async () => {
    const text = `PARTIES: Harbin Paints Trading (Shanghai) Co Ltd, a company of the People's Republic of China, and its affiliates. DATE: 1 May 2020`;
    expect((await partiesOf(text)).list).toBeNull();
  });

  it('reads the other company an opening defines by a term when no joining word leads to it', async () => {
    const text = `RESELLER AGREEMENT
THIS AGREEMENT (the "AGREEMENT") entered into as of the 19 day of March, 2004 (the "EFFECTIVE DATE") provides the terms under which Lumen Media Group, Inc., a Nevada corporation having an address at 5100 Copans Road, Margate, FL 33063 ("LUMEN"), authorizes Direct Reach Marketing, Inc., a Pennsylvania corporation, having an address at 1125 Lancaster Avenue, Berwyn, PA 19312 ("DRM"), to resell its products.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Lumen Media Group, Inc.', role: 'LUMEN' },
      { name: 'Direct Reach Marketing, Inc.', role: 'DRM' },
    ]);
  });

  it('reads no other company after an opening company whose term a descriptor of its kind follows (a list of companies), nor one of its own group', async () => {
    const listed = `THIS NON-COMPETITION AGREEMENT (this "Agreement"), dated as of August 1, 2019, is made by Quarry Chemical Corporation ("Buyer"), a Pennsylvania corporation, Gulfport Lubricants Ltd., a company incorporated in the Cayman Islands ("Gulfport"), Gulfport Oil Limited, a company incorporated in India ("Gulfport Oil").`;
    expect((await partiesOf(listed)).list?.parties.length ?? 0).not.toBe(2);
    const group = `In consideration of your employment with Corvex Pharmacy, Inc. (the "Company"), a subsidiary of Corvex Caremark Corporation (the "Parent"), you agree as follows.`;
    // Its one company only (revision 5: nobody signed the form in the second person, so the list is complete with it).
    const { list } = await partiesOf(group);
    expect(namesOf(list)).toEqual([{ name: 'Corvex Pharmacy, Inc.', role: 'Company' }]);
    expect(list?.sole).toBe(true);
  });

  it('reads a last party whose term is quoted right after its name with no parenthesis, ending the sentence', async () => {
    const text = `EMPLOYMENT AND NON-DISCLOSURE AGREEMENT
AGREEMENT entered into this 11 day of September 2009 by and between Corvane, Inc., a Delaware Corporation, on
behalf of itself and its subsidiaries (the "Company") and Dana Robin "Employee".
WHEREAS, the Employee has agreed to be employed by the Company.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Corvane, Inc.', role: 'Company' },
      { name: 'Dana Robin', role: 'Employee' },
    ]);
  });

  it('reads no last party from a quoted phrase inside a sentence', async () => {
    const text = `This Agreement is made by and between Corvane, Inc. (the "Company") and the employee whose name is "Employee Name" on the signature page below.`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name) ?? []).not.toContain('the employee whose name is');
  });

  it('ends a name at its legal form when a wide gap follows it (a column of the title page)', async () => {
    const text = `Collaboration Agreement

between

Institute of Meadow Research Ltd

and

Verdant, Inc.         VERDANT-IMR Collaboration Agreement    Page 1 of 75`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => party.name)).toEqual(['Institute of Meadow Research Ltd', 'Verdant, Inc.']);
  });

  it('reads an opening whose company follows a comma ("…, Halcyon Media Inc., with offices at …")', async () => {
    const text = `MUTUAL NON-DISCLOSURE AGREEMENT
In order to induce the parties to disclose Confidential Information, Halcyon Media Inc., with offices at 1 Lake Way,
Reston, Virginia 20190 ("Halcyon") and Brightline Ads Inc. with offices at 3 Main Street (the "Company") agree as follows:
1. Confidential Information.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Halcyon Media Inc.', role: 'Halcyon' },
      { name: 'Brightline Ads Inc.', role: 'Company' },
    ]);
  });

  it('reads an opening whose company follows the term of a date ("(the "Effective Date") NORTHWIND CORPORATION ("Northwind")")', async () => {
    const text = `SOFTWARE HOSTING AGREEMENT
This Software Hosting Agreement (the "Agreement") is entered into and effective as of the last signature date below (the "Effective Date") NORTHWIND CORPORATION ("Northwind"), a California corporation, 1 Elm Street, San Mateo, California 94403, and SOUTHGATE CORPORATION ("Southgate"), a Washington corporation.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'NORTHWIND CORPORATION', role: 'Northwind' },
      { name: 'SOUTHGATE CORPORATION', role: 'Southgate' },
    ]);
  });

  it('opens no name at a bare legal form after a comma ("Kestrel Pharma, Inc.")', async () => {
    const text = `LICENSE AGREEMENT
In consideration of the covenants below, Kestrel Pharma, Inc. (the "Licensee") and Dunmore Biologics LLC (the "Licensor") agree as follows:`;
    const { list } = await partiesOf(text);
    expect(list?.parties.map((party) => party.name)).toEqual(['Kestrel Pharma, Inc.', 'Dunmore Biologics LLC']);
  });
});

describe('readPartyList: openings without a lead word, bare terms and signers', () => {
  it('reads the companies of an opening that no lead word introduces, the name among the words before its term', async () => {
    const text = `CONFIDENTIALITY AGREEMENT (the "Agreement")

In connection with a possible transaction, Quillon Foods, Inc. (the "Recipient") and Marsh Harbor Restaurant Group Inc. (the "Company"), agree as follows:
1. Evaluation Material.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Quillon Foods, Inc.', role: 'Recipient' },
      { name: 'Marsh Harbor Restaurant Group Inc.', role: 'Company' },
    ]);
    expect(list?.source).toBe('preamble');
  });

  it('reads no company of an opening whose term names several together', async () => {
    const text = `Non-Disclosure Agreement

Name: Glenn Rust
Harbor State Bank and its affiliates, including Harbor State Bancorp Corporation and HSB Trust, N.A. (together "HSB"), have provided you with access to confidential information.`;
    expect((await partiesOf(text)).list).toBeNull();
  });

  it('reads a German opening without a lead word in the words of its language', async () => {
    const text = `Vertraulichkeitsvereinbarung

Hiermit vereinbaren die Nordlicht Software GmbH (nachfolgend „Auftraggeber“) und die Fjordbau AG (nachfolgend „Auftragnehmer“) das Folgende.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Nordlicht Software GmbH', role: 'Auftraggeber' },
      { name: 'Fjordbau AG', role: 'Auftragnehmer' },
    ]);
  });

  it('reads an agreement in the first person as the company its opening defines and the one person who signs', async () => {
    const text = `EMPLOYEE CONFIDENTIALITY AGREEMENT
As a condition of my employment with Tallis Robotics, Inc., its subsidiaries, affiliates, successors or assigns (together, the "Company"), I agree to the following.
1. Confidential Information. I will hold in confidence all Confidential Information of the Company.

Date: May 12, 2009
/s/ MARGARET ANNE OLSEN
Signature
Margaret Anne Olsen
Name of Employee (typed or printed)
Witness:
/s/ Peter Lund
Peter Lund`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'Tallis Robotics, Inc.', role: 'Company' },
      { name: 'Margaret Anne Olsen', role: null },
    ]);
    expect(list!.parties[1]!.source).toBe('signature');
    expect(list!.parties[1]!.confirmed).toBe(true);
  });

  it('fills a blank party of a preamble with the one person who signs, never with an officer who signs for a company', async () => {
    const signed = `This Agreement is made by and between Corvel Holdings, Inc., a Minnesota corporation (the "Company"), and ____________ (the "Employee").
IN WITNESS WHEREOF, the parties have signed this Agreement.
CORVEL HOLDINGS, INC.
By: /s/ Henry Walsh
Title: President
/s/ Dana Whitfield Dana Whitfield`;
    expect(namesOf((await partiesOf(signed)).list)).toEqual([
      { name: 'Corvel Holdings, Inc.', role: 'Company' },
      { name: 'Dana Whitfield', role: null },
    ]);
    // An officer whose title follows the printed name, or who signs over the company's name, is no party.
    const officer = `This Agreement is made by and between Corvel Holdings, Inc., a Minnesota corporation (the "Company"), and ____________ (the "Employee").
/s/ Henry Walsh
Henry Walsh, Chief Executive Officer`;
    expect(namesOf((await partiesOf(officer)).list)).toEqual([{ name: 'Corvel Holdings, Inc.', role: 'Company' }]);
    const french = `Le présent accord est conclu entre la société Lumière Conseil SARL (ci-après « le Prestataire ») et ____________ (ci-après « le Salarié »).
/s/ Henri Vasseur
Fonction : Gérant`;
    expect(namesOf((await partiesOf(french)).list)).toEqual([{ name: 'Lumière Conseil SARL', role: 'Prestataire' }]);
  });

  it('reads a term a parenthesis holds without quotes, but not a parenthesis inside a name or an address', async () => {
    const text = `This Service Agreement is entered into by Great Basin Pipeline Limited Partnership (Transporter) and NORTHERN GAS COMPANY (Shipper).`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Great Basin Pipeline Limited Partnership', role: 'Transporter' },
      { name: 'NORTHERN GAS COMPANY', role: 'Shipper' },
    ]);
    const article = `This Agreement is made by and between Bruno Castell, an individual (the CONSULTANT), and Tidewater Labs, a Nevada Corporation (the COMPANY), with its offices in Reno.`;
    expect(namesOf((await partiesOf(article)).list)).toEqual([
      { name: 'Bruno Castell', role: 'CONSULTANT' },
      { name: 'Tidewater Labs', role: 'COMPANY' },
    ]);
    const address = `This Agreement is made by and between Anselm Biosciences, Inc. ("Anselm") and Kolibri GmbH, a German limited liability company, located at Hauptstr. 24, D-06120 Halle (Saale), Germany ("Kolibri").`;
    expect(namesOf((await partiesOf(address)).list)).toEqual([
      { name: 'Anselm Biosciences, Inc.', role: 'Anselm' },
      { name: 'Kolibri GmbH', role: 'Kolibri' },
    ]);
  });
});

describe('readPartyList: parties under headings', () => {
  it('reads "Party A:" / "Party B:" headings, the name on the heading\'s line up to the next key or on the next line', async () => {
    const text = `Cooperation Agreement
Party A: Lotus Harbor Technology Co., Ltd. Legal Representative: Wen Li   Party B:
Qingshan Gas Supply Co., Ltd Address: 12 Park Road   Party C: People's Government of Hexi County
Party A and Party B agree as follows.`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Lotus Harbor Technology Co., Ltd.', role: 'Party A' },
      { name: 'Qingshan Gas Supply Co., Ltd', role: 'Party B' },
      { name: "People's Government of Hexi County", role: 'Party C' },
    ]);
  });

  it('reads French headings ("Partie A :") in the words of the language', async () => {
    const text = `Accord de coopération
Partie A : Société Marine Lumière SARL Adresse : 4 quai des Chartrons, Bordeaux
Partie B : Atelier Vasseur SAS
Les parties conviennent de ce qui suit.`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Société Marine Lumière SARL', role: 'Partie A' },
      { name: 'Atelier Vasseur SAS', role: 'Partie B' },
    ]);
  });
});

describe('readPartyList: name suffixes and signature names', () => {
  it('keeps a suffix a person\'s name prints after a comma, and no credential', async () => {
    const text = `This Agreement is made by and between Orbis Nanotronics Corp. ("Orbis") and HAROLD J. BEMIS, SR., an individual ("Employee"), and Lena Hart, M.D. ("Advisor").`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name)).toEqual(['Orbis Nanotronics Corp.', 'HAROLD J. BEMIS, SR.', 'Lena Hart']);
    const spanish = `Este contrato se celebra entre Andes Logística S.A. ("Proveedor") y Tomás Ibarra, hijo ("Cliente").`;
    expect((await partiesOf(spanish)).list?.parties.map((party) => party.name)).toEqual(['Andes Logística S.A.', 'Tomás Ibarra, hijo']);
  });

  it('reads no sentence over a signature block\'s key line as a company\'s name', async () => {
    const text = `IN WITNESS WHEREOF, the parties have signed this Agreement.
WALTER B. KNOX, on behalf of himself and as President of Knox Holdings LLC
By: /s/ Walter B. Knox
CASTELLAN RETAIL, INC.
By: /s/ Ruth Dale
RIVERBEND CAPITAL LLC
By: /s/ Tom Ames`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name)).toEqual(['CASTELLAN RETAIL, INC.', 'RIVERBEND CAPITAL LLC']);
  });
});

describe('readPartyList: descriptors with terms, last parties without terms, blank first slots, numbered lists, columns', () => {
  it('passes over the term a descriptor defines for someone else and reads the party joined after it', async () => {
    const text = `This Services Agreement is made by and between Quillon Media Partners, a division of Quillon Holdings, Inc. ("Quillon"), as agent for Larkspur Studios Corporation ("Studio Owner"), and Fenwick Apps, Inc. ("Developer").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Quillon Media Partners', role: 'Quillon' },
      { name: 'Fenwick Apps, Inc.', role: 'Developer' },
    ]);
  });

  it('passes over no term that a comma alone follows: it may be a listed party\'s own', async () => {
    const text = `Ladies and Gentlemen: Stone Hill Bancorp, Inc. (the "Holding Company"), a newly formed Maryland corporation, Hyde Mill Bancorp, MHC, a chartered mutual holding company (the "MHC"), Hyde Mill Bancorp, Inc., a Massachusetts corporation (the "Mid-Tier"), hereby confirm their agreement.`;
    const names = (await partiesOf(text)).list?.parties.map((party) => party.name) ?? [];
    expect(names).not.toContain('Hyde Mill Bancorp, Inc.');
  });

  it('reads no party past a term that a new sentence, not a descriptor, defines', async () => {
    const text = `SUPPLY TERMS BETWEEN MARLOW TOOLING, INC.
(FORMERLY MARLOW TOOLS, INC.) AND KEITH OWENS, AND SCHEDULES
SUPPLY AGREEMENT ("Agreement") is entered into on May 2, 2019 by and between Marlow Tooling, Inc. ("Marlow") and Keith Owens ("Agent").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Marlow Tooling, Inc.', role: 'Marlow' },
      { name: 'Keith Owens', role: 'Agent' },
    ]);
  });

  it('reads a last party that prints no term when its legal form ends its name, and not a word that only looks like one', async () => {
    const text = `This Agreement is effective 3/1/19 ("Effective Date") between Corvane Systems, Inc. ("Corvane"), and Brightwell Corporation 55 Harbor Road Suite 4 Oakland, CA 94607
Corvane and Distributor intend to establish Distributor as a distributor.`;
    const list = (await partiesOf(text)).list;
    expect(namesOf(list)).toEqual([
      { name: 'Corvane Systems, Inc.', role: 'Corvane' },
      { name: 'Brightwell Corporation', role: null },
    ]);
    expect(list?.parties[1]?.bounded).toBe(true);
    // "AS" is a legal form (Norway), "as" a word of the sentence: no party.
    const prose = `This Content Agreement is between Halvard Music Group, Inc. ("HMG"), and Distributor, as set forth below, and describes the terms under which Distributor distributes the programs.`;
    expect((await partiesOf(prose)).list).toBeNull();
    // A last piece that ends in no legal form is no party either.
    const person = `This Agreement is made between Osric Labs, Inc. ("Osric") and the distributor named in the order form below.`;
    expect((await partiesOf(person)).list).toBeNull();
  });

  it('reads a first slot printed as "the undersigned" as a blank party and goes on with the list', async () => {
    const text = `MUTUAL NON-DISCLOSURE AGREEMENT
This Agreement is made and entered into this 3rd day of May, 2005 by and between the undersigned (the "Contracting Party") and Verity Data Products, Inc. under the following terms and conditions:
1. Purpose. The parties wish to exchange information.`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([{ name: 'Verity Data Products, Inc.', role: null }]);
    // A first slot that prints a capitalised name is no blank: the reading starts at the lead that opens it.
    const named = `This Agreement is entered into by and between Michael Ostrander ("Executive") and Harlow Health, Inc., an Ohio corporation (the "Company").`;
    expect(namesOf((await partiesOf(named)).list)).toEqual([
      { name: 'Michael Ostrander', role: 'Executive' },
      { name: 'Harlow Health, Inc.', role: 'Company' },
    ]);
  });

  it('reads past a second term given to the same party, and the name of the next party that a joining word holds', async () => {
    const text = `This Agreement, dated April 7, 2014, is made by and between Tarrant Drilling Holdings Corp. ("TDH") (hereinafter referred to as "Company") and Coastal and Marine
Holdings LLC (the "Representative").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Tarrant Drilling Holdings Corp.', role: 'TDH' },
      { name: 'Coastal and Marine Holdings LLC', role: 'Representative' },
    ]);
  });

  it('reads a list printed without terms up to the term that calls the parties together, each name ending in a legal form', async () => {
    const text = `This Agreement is made by and between ARVELLO THERAPEUTICS, INC., a Delaware corporation, with offices at 20 Enterprise, Suite 200, Irvine, California, 92656, and KOTANI PHARMACEUTICAL CO. LTD. a JAPANESE CORPORATION, with offices at 2-9 Kanda, Tokyo 101-8535, JAPAN (each a "party" and together the "parties").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'ARVELLO THERAPEUTICS, INC.', role: null },
      { name: 'KOTANI PHARMACEUTICAL CO. LTD.', role: null },
    ]);
    const article = `This Agreement is entered into between
Tarnow Metal Works, Inc (a Colorado Corporation) located at 12 West 5th Avenue, Arvada,
Colorado 80002 and Back 4 Health, Ltd. located at 53 North Union Blvd., Colorado Springs, Colorado
80918 (hereinafter collectively referred to as "the Parties").`;
    expect((await partiesOf(article)).list?.parties.map((party) => party.name)).toEqual(['Tarnow Metal Works, Inc', 'Back 4 Health, Ltd.']);
    // A piece that ends in no legal form ("Marlowe Analytics") leaves the list unread rather than cut wrong.
    const loose = `This Agreement is made by and between Marlowe Analytics, a California company, and Dunmore Partners LLC, a Nevada company (each a "Party" and together the "Parties").`;
    expect((await partiesOf(loose)).list).toBeNull();
  });

  it('reads companies listed with commas before the joining word of a preamble without terms, and no place after a comma', async () => {
    const text = `STRATEGIC ALLIANCE AGREEMENT among Marrow Pharmaceuticals, Inc., Marrow Pharma, LLC. and K-Tech Ueno, Ltd.

ARTICLE I DEFINITIONS`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name)).toEqual(['Marrow Pharmaceuticals, Inc.', 'Marrow Pharma, LLC.', 'K-Tech Ueno, Ltd.']);
    const place = `SUPPLY AGREEMENT between Marrow Pharmaceuticals, Inc., New York, New York and K-Tech Ueno, Ltd.

ARTICLE I DEFINITIONS`;
    expect((await partiesOf(place)).list?.parties.map((party) => party.name)).toEqual(['Marrow Pharmaceuticals, Inc.', 'K-Tech Ueno, Ltd.']);
  });

  it('reads a next company printed with its own term right after a term, with no joining word between', async () => {
    const text = `This Amendment No. 2 (the "Amendment"), entered into by and between Kettering Dairy Foods, LLC ("Kettering") Summit Nutrition Corporation ("Summit") is effective as of June 1, 2018.`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Kettering Dairy Foods, LLC', role: 'Kettering' },
      { name: 'Summit Nutrition Corporation', role: 'Summit' },
    ]);
    // A capitalised phrase that is no company ("Section 2") opens no party, and the list of one is not completed.
    const section = `This Amendment is entered into by and between Kettering Dairy Foods, LLC ("Kettering") Section 2 ("Definitions") of the Agreement is amended.`;
    expect((await partiesOf(section)).list).toBeNull();
  });

  it('reads the company named after a few lowercase words and a comma ("and its Reseller, …"), and no place or person so named', async () => {
    const text = `This Distribution Agreement is entered into by and between Orchard Incentive Services, L.L.C., a Missouri limited liability company ("OIS"), and its Reseller, Schoolbay, Inc., a Delaware corporation ("Schoolbay").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Orchard Incentive Services, L.L.C.', role: 'OIS' },
      { name: 'Schoolbay, Inc.', role: 'Schoolbay' },
    ]);
    const person = `This Agreement is entered into by and between Orchard Incentive Services, L.L.C. ("OIS"), and its agent in the field, Dana Ruiz ("Agent").`;
    expect((await partiesOf(person)).list?.parties.map((party) => party.name)).toEqual(['Orchard Incentive Services, L.L.C.']);
  });

  it('reads parties numbered in parentheses whose terms are bare words', async () => {
    const text = `THIS AGREEMENT is made on 1 March 2020

BETWEEN: (1) KESTREL 2010 LIMITED (registered number 04412345) whose registered office is at 8 Mill Lane, Leeds LS1 4AB (the Company) (2) MARTIN HOLLOWAY (the Executive).

IT IS AGREED as follows:`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'KESTREL 2010 LIMITED', role: 'Company' },
      { name: 'MARTIN HOLLOWAY', role: 'Executive' },
    ]);
    // A parenthesis inside a name stays part of it when no list number follows it.
    const inner = `This Agreement is made between Orrin Paints (Suzhou) Co Ltd ("Orrin") and Pellam Repair LLC ("Pellam").`;
    expect((await partiesOf(inner)).list?.parties.map((party) => party.name)).toEqual(['Orrin Paints (Suzhou) Co Ltd', 'Pellam Repair LLC']);
  });

  it('ends a name at a wide gap of a line set out in columns, unless its legal form or a page rule follows', async () => {
    const text = `LICENSING AGREEMENT

between

Tessaro Labs, Inc.          80 Kenrick Way, Suite 2          Austin, Texas 78701

hereinafter referred to as "Licensor"

and

KORVEL MEDIA AG          Ringstr. 25          50676 Cologne          Germany          hereinafter referred to as "korvel"

1 PURPOSE`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Tessaro Labs, Inc.', role: 'Licensor' },
      { name: 'KORVEL MEDIA AG', role: 'korvel' },
    ]);
    const rule = `This Agreement is made by and between Ferro Lane, Inc., a Washington corporation (the "Company"), and Post                  ------- Parcels Etc. USA, Inc., a California corporation ("PPE").`;
    expect((await partiesOf(rule)).list?.parties.map((party) => party.name)).toEqual(['Ferro Lane, Inc.', 'Post Parcels Etc. USA, Inc.']);
  });

  it('reads a term set apart from its party by a blank line, and a name whose column ends at a gap of three spaces', async () => {
    const text = `This Collaboration Agreement ("Agreement") is made by and among     Vexor, Inc.  11 W. Lemon Ave. Monrovia, CA 91016 USA

(hereinafter called "VEXOR"),   and   Hallberg Pharma International GmbH   Binger Strasse 17 55216 Ingelheim Germany   (hereinafter called "HPI").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Vexor, Inc.', role: 'VEXOR' },
      { name: 'Hallberg Pharma International GmbH', role: 'HPI' },
    ]);
    // A blank line inside the stretch, not right before the term, still ends the paragraph: no party.
    const apart = `This Agreement is made by and between Vexor, Inc.

Recitals. The parties wish to work together on the product (the "Product").`;
    expect((await partiesOf(apart)).list).toBeNull();
  });

  it('reads a title page whose parties an ampersand alone on its line joins, and no name joined by an ampersand inside a line', async () => {
    const text = `HOSTING AGREEMENT
BETWEEN
K-NET NETHERLANDS B.V.
&
Elstar Talk Communication Holding AG
Page 1 of 40`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name)).toEqual(['K-NET NETHERLANDS B.V.', 'Elstar Talk Communication Holding AG']);
    const inside = `HOSTING AGREEMENT
BETWEEN
MARSH & LOWELL CORPORATION
Page 1 of 40`;
    expect((await partiesOf(inside)).list).toBeNull();
  });

  it('reads a title page whose parties each have a descriptor line holding the term, and a closing line before "and"', async () => {
    const text = `Collaboration Agreement

by and between

A. Brenner Pharma Ltd

with an office and place of business at Hauptgasse 12, 4051 Basel, Switzerland ("Brenner")

on the one hand

and

Lumen Diagnostics, Inc.

with an office and place of business at 10 Kendall Street, Cambridge, Massachusetts 02141 ("Lumen")

on the other hand.

1. Definitions`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'A. Brenner Pharma Ltd', role: 'Brenner' },
      { name: 'Lumen Diagnostics, Inc.', role: 'Lumen' },
    ]);
  });
});

describe('readPartyList: the words are knowledge', () => {
  it('reads nothing without the lead words, and a preamble in a language a pack adds', async () => {
    const base = recordKnowledge();
    const text = `Detta avtal ingås mellan Nordkust AB ("Säljaren") och Fjällbo Handel AB ("Köparen").`;
    const document = await buildDocument(text);
    expect(readPartyList(document)).toBeNull();
    const swedish = validateRecordKnowledge({
      id: 'record-headers-sv',
      version: '1.0.0',
      concepts: base.concepts,
      totals: { itemsTotal: base.itemsTotal, grandTotal: base.grandTotal },
      partyPreamble: { leads: { sv: ['mellan'] }, joiners: { sv: ['och'] } },
    });
    const list = readPartyList(document, { knowledge: swedish, legalForms: ['AB'] });
    expect(namesOf(list)).toEqual([
      { name: 'Nordkust AB', role: 'Säljaren' },
      { name: 'Fjällbo Handel AB', role: 'Köparen' },
    ]);
  });
});

describe('readPartyList: one-party forms (ADR 0025, revision 5)', () => {
  it('reads an unsigned form in the first person as its one company, the list complete (`sole`)', async () => {
    const text = `EMPLOYEE CONFIDENTIALITY AGREEMENT
As a condition of my employment with Tallis Robotics, Inc., its subsidiaries, affiliates, successors or assigns (together, the "Company"), I agree to the following.
1. Confidential Information. I will hold in confidence all Confidential Information of the Company.

Employee signature: ____________________
Printed name: ____________________`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([{ name: 'Tallis Robotics, Inc.', role: 'Company' }]);
    expect(list?.sole).toBe(true);
  });

  it('reads a preamble whose last slot is a blank rule with no term as one company and an unnamed party', async () => {
    const text = `MUTUAL NONDISCLOSURE AGREEMENT
This Agreement is entered into as of the date last written below between Halvorsen Optics, Inc. a Utah corporation having its principal place of business at 40 Canyon Road, Provo, Utah ("Halvorsen") and ______________________ ______________, a ______________ corporation having its principal place of business at ______________________.
In consideration of the promises below, the parties agree as follows.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([{ name: 'Halvorsen Optics, Inc.', role: 'Halvorsen' }]);
    expect(list?.sole).toBe(true);
  });

  it('reads a blank slot printed as a comma, a joining word and a term alone (", and ("Employee")"), the term no party\'s', async () => {
    const text = `This Confidentiality Agreement (the "Agreement") is between Brannock Utilities Corp., a Texas corporation, and ("Employee").
Brannock Utilities Corp. and its Affiliates ("Brannock") are beginning a project.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([{ name: 'Brannock Utilities Corp.', role: null }]);
    expect(list?.sole).toBe(true);
  });

  it('reads an opening with no lead word whose company is followed by a blank slot, and a company its term and name of two words bound', async () => {
    const opening = `EXECUTIVE SEVERANCE AGREEMENT
In this Executive Severance Agreement dated as of , 2005 (the "Agreement"), Marlow Holdings Corporation and its controlled affiliates and subsidiaries ("Marlow"), and ("Executive"), intending to be legally bound, agree as follows:`;
    const first = await partiesOf(opening);
    expect(namesOf(first.list)).toEqual([{ name: 'Marlow Holdings Corporation', role: 'Marlow' }]);
    expect(first.list?.sole).toBe(true);
    const termed = `THIS RESTRICTIVE COVENANT AGREEMENT (the "Agreement") is entered into as of , 2009 between The Larkspur Company, a Delaware corporation together with its subsidiaries ("Employer"), and the undersigned officer of Employer ("Executive").`;
    const second = await partiesOf(termed);
    expect(namesOf(second.list)).toEqual([{ name: 'The Larkspur Company', role: 'Employer' }]);
    expect(second.list?.sole).toBe(true);
  });

  it('leaves a one-company list incomplete when someone signed the copy (a conformed signature the reading could not place)', async () => {
    const text = `EMPLOYEE CONFIDENTIALITY AGREEMENT
As a condition of my employment with Tallis Robotics, Inc., its subsidiaries, affiliates, successors or assigns (together, the "Company"), I agree to the following.
1. Confidential Information. I will hold in confidence all Confidential Information of the Company.
/s/ Henry Walsh
Henry Walsh, Chief Executive Officer`;
    const { list } = await partiesOf(text);
    expect(list?.sole).not.toBe(true);
  });

  it('reads no one-party list from an unsigned opening that calls no party in the first or second person', async () => {
    const text = `This Amendment is entered into by and between Kettering Dairy Foods, LLC ("Kettering") Section 2 ("Definitions") of the Agreement is amended as set out below.`;
    expect((await partiesOf(text)).list).toBeNull();
    const third = `SERVICES AGREEMENT
Northwind Freight, Inc. (the "Carrier") shall carry the goods described in Schedule 1 from the port to the warehouse.`;
    expect((await partiesOf(third)).list).toBeNull();
  });

  it('reads no party from ordinary prose, a blank rule or a company named in passing', async () => {
    const prose = `The committee met on Tuesday and agreed that ______ should be filled in later. Northwind Freight, Inc. was mentioned as a possible carrier for the spring shipments, and the minutes were approved.`;
    expect((await partiesOf(prose)).list).toBeNull();
  });
});

describe('readPartyList: plain preambles in capitals and with addresses (revision 5)', () => {
  it('keeps a joining word printed in capitals inside a name in capitals, and ends a name where an address opens', async () => {
    const text = `This Distribution Agreement is between THE MARLOWE FILM AND MUSIC CORPORATION, located at 14 Harbor Lane, Salem, MA, 01970 and NORTHGATE PICTURES located at 2200 Ocean Avenue, Santa Monica, CA 90401

THIS DISTRIBUTION AGREEMENT is made as of this 3rd day of May, 2006.`;
    const { list } = await partiesOf(text);
    expect(namesOf(list)).toEqual([
      { name: 'THE MARLOWE FILM AND MUSIC CORPORATION', role: null },
      { name: 'NORTHGATE PICTURES', role: null },
    ]);
    expect(list!.parties.every((party) => party.bounded)).toBe(true);
  });

  it('reads no address from one lowercase word and a number ("Page 1 of 10"), and still splits at a joining word in lower case', async () => {
    const title = `SERVICES AGREEMENT Between Corvane Labs, LLC and Westbury Analytics Page 1 of 10

The parties agree as follows.`;
    expect((await partiesOf(title)).list).toBeNull();
    const lower = `This Supply Agreement is between Alder Mining Corp. and Birch Trading Ltd. for the supply of ore.`;
    expect(namesOf((await partiesOf(lower)).list)).toEqual([
      { name: 'Alder Mining Corp.', role: null },
      { name: 'Birch Trading Ltd.', role: null },
    ]);
  });
});

describe('readPartyList: parties with their details (ADR 0025, revision 6)', () => {
  const details = (joiner: string) => `DISTRIBUTION AGREEMENT

THIS AGREEMENT, made as of the 2nd day of March (the "Effective Date") by and between:

Lumen Coatings Trading (Ningbo) Co Ltd hereinafter referred to as ("Lumen")

Address            :     Unit 8, 2nd Floor, 14 Harbour Road

Tel.               :     (00-11) 2222 3333

Legal representative :   Mara Quell${joiner}

Orbis Body Repair hereinafter referred to as ("DISTRIBUTOR")

Address            :     77 Fenwick Lane

WITNESSETH:`;

  it('goes on after a party\'s details, one key and colon a line, when a joining word ends them', async () => {
    expect(namesOf((await partiesOf(details(' and'))).list)).toEqual([
      { name: 'Lumen Coatings Trading (Ningbo) Co Ltd', role: 'Lumen' },
      { name: 'Orbis Body Repair', role: 'DISTRIBUTOR' },
    ]);
    // The joining word on a line of its own.
    expect((await partiesOf(details('\n\nand'))).list?.parties.map((party) => party.name)).toEqual(['Lumen Coatings Trading (Ningbo) Co Ltd', 'Orbis Body Repair']);
  });

  it('reads no next party when no joining word ends the details, or a line among them is no key and colon', async () => {
    expect((await partiesOf(details(''))).list).toBeNull();
    const prose = details(' and').replace('Tel.               :     (00-11) 2222 3333', 'The office is open on weekdays.');
    expect((await partiesOf(prose)).list).toBeNull();
  });

  it('reads a list whose lead ends in a colon and a blank line', async () => {
    const text = `This Agreement is made by and between:

Tarn Valley Foods Ltd ("Tarn") and Wexley Farms LLC ("Wexley").`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Tarn Valley Foods Ltd', role: 'Tarn' },
      { name: 'Wexley Farms LLC', role: 'Wexley' },
    ]);
  });

  it('keeps a parenthesis inside a name when another legal form follows it, and ends the name at a legal form a term follows', async () => {
    const text = `This Agreement is made between Kestrel Paints Trading (Xiamen) Co Ltd ("Kestrel") and Pellam Repair LLC ("Pellam").`;
    expect((await partiesOf(text)).list?.parties.map((party) => party.name)).toEqual(['Kestrel Paints Trading (Xiamen) Co Ltd', 'Pellam Repair LLC']);
  });
});

describe('readPartyList: unquoted terms a text layer damaged (ADR 0025, revision 6)', () => {
  it('reads a term after a lead and a comma, a dash or a quote left unpaired', async () => {
    const text = `THIS HOSTING AGREEMENT is entered into by and between QUORLIN INC a Nevada corporation having its office at 12 Dune Road, Reno, NV 89501 (hereinafter, -Customer"), and BRANTEL, Inc. a California corporation, having its office at 4 Elm Street, Irvine, CA 92602 (hereinafter, "BRANTEL). The parties agree as follows.`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'QUORLIN INC', role: 'Customer' },
      { name: 'BRANTEL, Inc.', role: 'BRANTEL' },
    ]);
  });

  it('reads no term from a lead followed by lowercase words or by a quote inside the words', async () => {
    const text = `THIS HOSTING AGREEMENT is entered into by and between QUORLIN INC a Nevada corporation having its office at 12 Dune Road (hereinafter, referred to below), and BRANTEL, Inc. a California corporation (hereinafter, BRAN"TEL). The parties agree as follows.`;
    // The names are read as a preamble without terms.
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'QUORLIN INC', role: null },
      { name: 'BRANTEL, Inc.', role: null },
    ]);
  });
});

describe('readPartyList: a preamble past the opening window (ADR 0043)', () => {
  const body = Array.from({ length: 160 }, (_, index) => `${index + 1}. You will keep the terms of this letter confidential and return all property of the company on request.`).join('\n');

  it('reads an exhibit that restates the agreement’s parties when the opening names one of them too', async () => {
    const text = `Orrin Tools
12 Harbour Road
Springfield

Jane Q. Roe
4 Elm Street

Dear Ms. Roe:

This letter sets out the terms of your retirement from Orrin Tools Co.
${body}

EXHIBIT A – RELEASE
This Release is Exhibit A to that certain Letter Agreement by and between Orrin Tools Co. ("Employer") and Jane Q. Roe ("Employee").`;
    expect(text.indexOf('by and between')).toBeGreaterThan(12_000);
    const { list } = await partiesOf(text);
    expect(list?.source).toBe('preamble');
    expect(namesOf(list)).toEqual([
      { name: 'Orrin Tools Co.', role: 'Employer' },
      { name: 'Jane Q. Roe', role: 'Employee' },
    ]);
  });

  it('reads no far preamble whose parties the opening never names (another agreement’s form)', async () => {
    const text = `Dear Ms. Roe:

This letter sets out the terms of your retirement.
${body}

EXHIBIT B – FORM OF ESCROW AGREEMENT
This Escrow Agreement is made by and between Kestrel Bank, N.A. ("Escrow Agent") and Birch Holdings LLC ("Depositor").`;
    const { list } = await partiesOf(text);
    expect(list).toBeNull();
  });
});

describe('readPartyList: a title page listing its companies one a line (ADR 0043)', () => {
  it('reads companies one a line up to the joining line before the last', async () => {
    const text = `JOINT VENTURE AGREEMENT

by and among

Alder Semiconductor Limited

Birch Electronics Limited

and

Cedar Devices, Inc.

Date

May 2, 2021`;
    expect(namesOf((await partiesOf(text)).list)).toEqual([
      { name: 'Alder Semiconductor Limited', role: null },
      { name: 'Birch Electronics Limited', role: null },
      { name: 'Cedar Devices, Inc.', role: null },
    ]);
  });

  it('reads no list of companies one a line that no joining line closes', async () => {
    const text = `SUPPLY AGREEMENT

between

Alder Semiconductor Limited

Birch Electronics Limited

Date

May 2, 2021`;
    expect((await partiesOf(text)).list?.source).not.toBe('preamble');
  });
});
