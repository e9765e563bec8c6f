import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { readPartyList } from './read-party-list.js';
import { keyedSignerWithoutCompany, signedOnlyFor, signerNamedInOpening } from './party-named-signer.js';
import type { PartyList } from './party-list.js';

const LEGAL_FORMS = { legalForms: [['inc'], ['corporation'], ['gmbh'], ['sarl'], ['llc']] };

function namesOf(list: PartyList | null): string[] {
  return (list?.parties ?? []).map((party) => party.name);
}

async function listOf(text: string): Promise<PartyList | null> {
  return readPartyList(await buildDocument(text));
}

describe('the signer the opening names (ADR 0038)', () => {
  it('fills a first-person form whose signature blocks are set in columns with the person the opening names', async () => {
    const text = `ORION WIDGETS, INC.
NON-SOLICITATION AGREEMENT
I, Talbot, Jane, as of May 2, 2019, in consideration of my continued employment by Orion Widgets, Inc. (the "Company"), hereby agree as follows:
1. I will not solicit the Company's customers for a period of one year.
2. I agree that this Agreement is governed by the laws of Ohio.
IN WITNESS WHEREOF, the parties have executed this Agreement.
EMPLOYEE
ORION WIDGETS, INC.
/s/ Jane Talbot
/s/ Marcus Bell
Jane Talbot
Marcus Bell, Chief Financial Officer`;
    const list = await listOf(text);
    expect(namesOf(list)).toEqual(['Orion Widgets, Inc.', 'Jane Talbot']);
    expect(list?.parties[1]?.source).toBe('signature');
    expect(list?.parties[1]?.confirmed).toBe(true);
  });

  it('takes a signature after a key ("Signature: /s/ …") of the person the preamble names, not the officer who signs for the company', async () => {
    const text = `EMPLOYEE INVENTIONS AGREEMENT
This Agreement is made in Boston by Peter Quill, an individual, who agrees with Nova Biologics Corporation (the "Company") as follows:
1. Inventions. Peter Quill assigns to the Company every invention made during his employment.
THE EXECUTIVE:
Signature: /s/ Peter Quill
Accepted and Agreed:
NOVA BIOLOGICS CORPORATION
By: /s/ Helen Ward
Helen Ward, President`;
    expect(namesOf(await listOf(text))).toEqual(['Nova Biologics Corporation', 'Peter Quill']);
  });

  it('finds no signer when two people the opening names sign, or when nobody it names does', () => {
    const both = `Agreement between Ann Lee and Bo Chan, officers of Acme Inc.
/s/ Ann Lee
/s/ Bo Chan`;
    expect(signerNamedInOpening(both, 'Acme Inc.', LEGAL_FORMS)).toBeNull();
    const officer = `As a condition of my employment with Acme Inc. (the "Company"), I agree as follows.
ACME INC.
By: /s/ Carla Stone`;
    expect(signerNamedInOpening(officer, 'Acme Inc.', LEGAL_FORMS)).toBeNull();
  });

  it('reads a release with no preamble as the company its closing signs for and the person who signs, both named in the opening', async () => {
    const text = `FULL RELEASE
I, Nadia Petrova, in consideration of the payments described in my separation letter, release Larkspur Foods Corporation and its subsidiaries
from all claims arising out of my employment.
Each of the undersigned has read this release and signs it voluntarily.
/s/ Nadia Petrova
Nadia Petrova
Date: March 3, 2020
LARKSPUR FOODS CORPORATION
By: /s/ Oscar Grant
Title: General Counsel`;
    const list = await listOf(text);
    expect(namesOf(list)).toEqual(['LARKSPUR FOODS CORPORATION', 'Nadia Petrova']);
    expect(list?.source).toBe('signature');
    expect(list?.parties.every((party) => party.confirmed)).toBe(true);
  });

  it('reads no such pair when the closing signs for a company the opening never names', async () => {
    const text = `FULL RELEASE
I, Nadia Petrova, release my former employer from all claims arising out of my employment.
/s/ Nadia Petrova
Nadia Petrova
LARKSPUR FOODS CORPORATION
By: /s/ Oscar Grant`;
    expect(await listOf(text)).toBeNull();
  });
});

describe('the signer under a heading that repeats the unnamed party\'s term (ADR 0038)', () => {
  it('fills the undersigned\'s slot with the person signed under its term', async () => {
    const text = `NON-DISCLOSURE AGREEMENT
THIS AGREEMENT is made by and between Kestrel Tools, Inc., a Delaware corporation (hereinafter "Kestrel"), and the undersigned (hereinafter "Second Party").
1. Second Party shall keep the information of Kestrel confidential.
IN WITNESS WHEREOF, the parties have executed this agreement.
KESTREL TOOLS, INC.
By:
/s/ Ann Officer
SECOND PARTY
By:
/s/ Paul Smith`;
    expect(namesOf(await listOf(text))).toEqual(['Kestrel Tools, Inc.', 'Paul Smith']);
  });

  it('takes a printed name under the heading only over a caption in parentheses, in German too', async () => {
    const text = `GEHEIMHALTUNGSVEREINBARUNG
Diese Vereinbarung wird geschlossen zwischen der Falkner Maschinen GmbH (nachfolgend „Falkner“) und ______ (nachfolgend „Berater“).
1. Der Berater behandelt alle Informationen vertraulich.
FALKNER MASCHINEN GMBH
Unterschrift:
BERATER:
Klaus Berg
(Name in Druckbuchstaben)`;
    expect(namesOf(await listOf(text))).toEqual(['Falkner Maschinen GmbH', 'Klaus Berg']);
    const unfilled = text.replace('Klaus Berg\n(Name in Druckbuchstaben)', 'Name:\nDatum:');
    expect(namesOf(await listOf(unfilled))).toEqual(['Falkner Maschinen GmbH']);
  });
});

describe('a form signed only by the company, or by one person after a key (ADR 0038)', () => {
  it('keeps a one-company list complete when the only signature is the company\'s officer\'s', async () => {
    const text = `Harlow Tools, Inc.
Restrictive Covenant Agreement
I, ______________________, enter into this Agreement with Harlow Tools, Inc. ("Harlow"), effective as of the date I sign it. I agree as follows:
1. I will not compete with Harlow for one year.
IN WITNESS WHEREOF, the undersigned has executed this Agreement.
_____________________
/s/ Mia Rowe
Mia Rowe
Vice President
_____________________
Harlow Tools, Inc.
Employee ID`;
    const list = await listOf(text);
    expect(namesOf(list)).toEqual(['Harlow Tools, Inc.']);
    expect(list?.sole).toBe(true);
  });

  it('does not take signatures set in columns under the company line for its officer\'s', () => {
    const columns = `As a condition of my employment with Harlow Tools, Inc. (the "Company"), I agree.
Harlow Tools, Inc.
Signature: /s/ Jane Roe
Signature: /s/ Mia Rowe`;
    expect(signedOnlyFor(columns, 'Harlow Tools, Inc.')).toBe(false);
    expect(signedOnlyFor('Harlow Tools, Inc. has no signature.', 'Harlow Tools, Inc.')).toBe(false);
  });

  it('takes the one person who signs after a key where the company signs nowhere, leaving the witness out', async () => {
    const text = `LUMEN DEVICES CORPORATION
CONFIDENTIAL INFORMATION AGREEMENT
As a condition of my relationship with Lumen Devices Corporation, its subsidiaries and assigns (together the "Company"), I agree to the following terms:
1. I will hold the Company's information in confidence.
IN WITNESS WHEREOF, the undersigned has executed this Agreement.
By: /s/ Tom Reed
Name:
Tom Reed
Address:
Witness
By: /s/ Sara Lake
Name:
Sara Lake`;
    expect(namesOf(await listOf(text))).toEqual(['Lumen Devices Corporation', 'Tom Reed']);
  });

  it('takes no keyed signer when the company signs', () => {
    const text = `As a condition of my relationship with Lumen Devices Corporation (the "Company"), I agree.
IN WITNESS WHEREOF, the parties have executed this Agreement.
LUMEN DEVICES CORPORATION
By: /s/ Sara Lake`;
    const words = { ...LEGAL_FORMS, witnesses: [{ term: 'witness', concept: '' }], officeKeys: ['title'] };
    expect(keyedSignerWithoutCompany(text, 'Lumen Devices Corporation', words)).toBeNull();
    // Nor an officer an office key follows, nor a signature with no key (the lone-signature reading's).
    const officer = `As a condition of my relationship with Lumen Devices Corporation (the "Company"), I agree.
By: /s/ Sara Lake
Title: Vice President`;
    expect(keyedSignerWithoutCompany(officer, 'Lumen Devices Corporation', words)).toBeNull();
    expect(keyedSignerWithoutCompany(officer.replace('By: /s/', '/s/').replace('Title: Vice President', ''), 'Lumen Devices Corporation', words)).toBeNull();
    expect(keyedSignerWithoutCompany(officer.replace('Title: Vice President', 'Sara Lake'), 'Lumen Devices Corporation', words)).toEqual({ start: 99, end: 108 });
  });
});
