import { createRunMemo } from '@paxman/capability-spi';
import { defineContract } from '@paxman/contract';
import { buildDocument } from '@paxman/document';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RECOGNIZERS } from '../shared/default-recognizers.js';
import { configureClauseReading, createClauseReadingCapability } from './clause-reading.js';
import { EvidenceKind } from '@paxman/core';
import { contractClauses, validateClauseKnowledge } from '@paxman/knowledge';
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

describe('clause_reading: whose date, whose law', () => {
  it('does not take the date of an agreement the preamble or the recitals cite', async () => {
    expect(await read('This Agreement is made as of May 1, 2020. WHEREAS, the parties entered into a Supply Agreement dated as of March 3, 2019;', 'agreement_date')).toEqual(['2020-05-01']);
    expect(await read('Recitals: A. Pursuant to that certain Lease Agreement dated January 7, 1997, between King County and the Sponsor.', 'agreement_date')).toEqual([]);
    expect(await read('This Agreement supersedes the following contract: Service Agreement dated November 01, 2015 with Contract FT18150.', 'agreement_date')).toEqual([]);
  });

  it('reads a letter agreement\'s date line as its date, an inference', async () => {
    const field = contract.fields.find((candidate) => candidate.path === 'agreement_date')!;
    const document = await buildDocument('CONFIDENTIALITY AGREEMENT\nMarch 16, 2010\nAcme Corporation\n1 Main Street\nLadies and Gentlemen:\nIn connection with a possible transaction…', { inputType: 'text' });
    const result = await runCapability(capability, contract, 'agreement_date', document);
    expect(field.path).toBe('agreement_date');
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['2010-03-16']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ text: 'March 16, 2010', detail: { inferred: true, letterDate: true } });
  });

  it('takes the agreement date as effective date unless the agreement says it takes effect otherwise', async () => {
    // Pointing back at its own date, or an effective date of something else, says nothing otherwise.
    expect(await read('This Agreement is made as of June 1, 2008. It is executed and delivered effective as of the date first written above. Salary is paid through the effective date of termination.', 'effective_date')).toEqual(['2008-06-01']);
    expect(await read('This Agreement is made as of June 1, 2008. The term of this Agreement shall begin on July 1, 2008 and continue for two years.', 'effective_date')).toEqual(['2008-07-01']);
    expect(await read('This Agreement is made as of June 1, 2008 and shall become effective upon approval by the Board.', 'effective_date')).toEqual([]);
    expect(await read('This Agreement is made as of the 5th day of November 2004 (the "EFFECTIVE DATE") by A and B.', 'effective_date')).toEqual(['2004-11-05']);
  });

  it('hears "effective upon" of the agreement only when the agreement is what the sentence speaks of', async () => {
    const made = 'This Agreement is made as of June 1, 2008 between A and B. ';
    // A notice, or sections the agreement names, taking effect later say nothing of when the agreement does.
    expect(await read(`${made}12. Notices. Any notice required or permitted under this Agreement will be in writing and will be effective upon actual receipt.`, 'effective_date')).toEqual(['2008-06-01']);
    expect(await read(`${made}Sections 7 and 8 hereof will not become effective until the first day of employment.`, 'effective_date')).toEqual(['2008-06-01']);
    // A long title before it is still the agreement.
    expect(await read('THIS AMENDED AND RESTATED LICENSING, DISTRIBUTION AND MARKETING AGREEMENT is made on October 15, 2009 and is effective as of the Closing Date, between A and B.', 'effective_date')).toEqual([]);
    // The agreement, its provisions, or "it" taking effect upon something else do.
    expect(await read(`${made}The provisions hereof shall become effective upon the closing of the merger.`, 'effective_date')).toEqual([]);
    expect(await read(`${made}It shall take effect upon approval by the Board.`, 'effective_date')).toEqual([]);
  });

  it('reads the date the signing clause states when the preamble states none, as an inference', async () => {
    const body = 'NON-DISCLOSURE AGREEMENT\nThis Agreement is between A Corp. and B LLC. 1. Confidentiality. Each party keeps the other\'s secrets.\n';
    expect(await read(`${body}IN WITNESS WHEREOF, the parties hereto have executed this agreement this 16th day of May, 2011.\nA CORP.\nBy: /s/ Jane Roe`, 'agreement_date')).toEqual(['2011-05-16']);
    expect(await read(`${body}The parties have executed this Agreement as of July 14, 2011\nCOMPANY:`, 'effective_date')).toEqual(['2011-07-14']);
    expect(await read(`${body}Accepted and Agreed as of Feb. 8, 2011 by:\nB LLC`, 'agreement_date')).toEqual(['2011-02-08']);
    // Pointing back at the preamble's date gives nothing; a date the preamble states wins.
    expect(await read(`${body}IN WITNESS WHEREOF, the parties have executed this Agreement as of the date first written above.`, 'agreement_date')).toEqual([]);
    expect(await read('This Agreement is made as of May 1, 2020 between A and B. IN WITNESS WHEREOF, the parties have executed this Agreement on June 3, 2020.', 'agreement_date')).toEqual(['2020-05-01']);
    const field = contract.fields.find((candidate) => candidate.path === 'agreement_date')!;
    const result = await runCapability(capability, contract, field.path, await buildDocument(`${body}The parties have executed this Agreement as of July 14, 2011`, { inputType: 'text' }));
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ detail: { inferred: true, executionDate: true } });
  });

  it('reads an opening that states only when the agreement takes effect as its date, an inference', async () => {
    const opening = 'This Manufacturing Agreement, including the Exhibits ("Agreement"), effective as of September 4, 2014 ("Effective Date"), is by and between A Inc. and B Ltd.';
    expect(await read(opening, 'agreement_date')).toEqual(['2014-09-04']);
    const field = contract.fields.find((candidate) => candidate.path === 'agreement_date')!;
    const result = await runCapability(capability, contract, field.path, await buildDocument(opening, { inputType: 'text' }));
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ detail: { inferred: true, fromEffectiveDate: true } });
    // A date the opening states it is made on wins ("as of this March 14, 2012" too).
    expect(await read('This Agreement is made on October 15, 2009 and is effective as of November 1, 2009, between A and B.', 'agreement_date')).toEqual(['2009-10-15']);
    expect(await read('THIS AGREEMENT is made as of this March 14, 2012 but effective as of March 1, 2012 ("Effective Date") by A and B.', 'agreement_date')).toEqual(['2012-03-14']);
  });

  it('does not read an exhibit mark above the heading as the article of a cited agreement', async () => {
    expect(await read('Exhibit A\nNON-DISCLOSURE AGREEMENT\nTHIS NON-DISCLOSURE AGREEMENT is made and entered as of January 30, 2006, between A and B.', 'agreement_date')).toEqual(['2006-01-30']);
  });

  it('reads the governing law in its many wordings, about this agreement first', async () => {
    expect(await read('This Agreement shall be construed according to the laws of the state of Oregon.', 'governing_law')).toEqual(['Oregon']);
    expect(await read('This Agreement shall be governed by the internal law, and not the law of conflicts, of the State of New York.', 'governing_law')).toEqual(['New York']);
    expect(await read('Governing Law. The laws of the State of Nevada (without giving effect to its conflict of law rules) govern this Agreement.', 'governing_law')).toEqual(['Nevada']);
    expect(await read('This agreement shall be governed by Kansas law.', 'governing_law')).toEqual(['Kansas']);
    expect(await read('This Agreement is governed by English law.', 'governing_law')).toEqual(['England']);
    expect(await read('This Agreement is governed by applicable law. Its terms are governed by Federal law.', 'governing_law')).toEqual([]);
    // Where the place's name ends is uncertain: graded as an inference.
    const field = contract.fields.find((candidate) => candidate.path === 'governing_law')!;
    const victoria = await runCapability(capability, contract, field.path, await buildDocument('This Agreement is governed by the laws of Victoria, Australia and the parties submit to its courts.', { inputType: 'text' }));
    expect(evidenceOf(victoria, victoria.candidates[0])[0]).toMatchObject({ text: 'Victoria', detail: { extentUncertain: true } });
    expect(await read('ACME, a corporation organized under the laws of the State of Delaware, agrees.', 'governing_law')).toEqual([]);
    expect(
      await read('Information may be subject to export controls under the laws of the United States. This Agreement shall be construed in accordance with the laws of the State of California.', 'governing_law'),
    ).toEqual(['California']);
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

  it('reads a heading that stands alone when the preamble calls the document only "this Agreement", as an inference', async () => {
    const document = await buildDocument('EXHIBIT 10.15\n\nCO-BRANDING AGREEMENT\n\nThis Agreement is made this 21st day of January 2003 by and between A and B.\n', { inputType: 'text' });
    const result = await runCapability(capability, contracts, 'document_title', document);
    expect(result.candidates.map((candidate) => candidate.value)).toEqual(['CO-BRANDING AGREEMENT']);
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ detail: { inferred: true } });
    // The preamble naming another agreement as "this …" contradicts the heading.
    const other = await buildDocument('TRANSPORTATION SERVICES AGREEMENT\n\nTHIS MARINE TRANSPORTATION AGREEMENT (this "Agreement") is executed by A and B.\n', { inputType: 'text' });
    expect((await runCapability(capability, contracts, 'document_title', other)).candidates).toEqual([]);
  });

  it('reads a title after a party name, over several lines, and past a numbered exhibit', async () => {
    const party = await buildDocument('EXHIBIT 10.9     GLOBAL MUSIC INTERNATIONAL, INC. DBA IMNTV CONTENT LICENSE AGREEMENT\n\nThis Content License Agreement ("Agreement") is between A and B.\n', { inputType: 'text' });
    expect((await runCapability(capability, contracts, 'document_title', party)).candidates.map((candidate) => candidate.value)).toEqual(['CONTENT LICENSE AGREEMENT']);
    const lines = await buildDocument('Exhibit (k)(1)\n\nSERVICE AGREEMENT\n\nFOR\n\nTRANSFER AGENT SERVICES\n\nTHIS SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES (this "Agreement") between A and B.\n', { inputType: 'text' });
    expect((await runCapability(capability, contracts, 'document_title', lines)).candidates.map((candidate) => candidate.value)).toEqual(['SERVICE AGREEMENT FOR TRANSFER AGENT SERVICES']);
    const numbered = await buildDocument('Exhibit 10.14 MASTER SERVICES AGREEMENT This Master Services Agreement (the "Agreement") is between A and B.', { inputType: 'text' });
    expect((await runCapability(capability, contracts, 'document_title', numbered)).candidates.map((candidate) => candidate.value)).toEqual(['MASTER SERVICES AGREEMENT']);
  });

  it('offers nothing for a capitalised heading the preamble does not name (a section heading, a cited agreement)', async () => {
    const document = await buildDocument('SECTION 4. LICENSE\n\nThe parties to the Supply Agreement dated March 3 agree as follows.\n', { inputType: 'text' });
    expect((await runCapability(capability, contracts, 'document_title', document)).candidates).toEqual([]);
  });

  it('reads clauses with the patterns of the pack it is given, not with words of its own', async () => {
    const english = contractClauses();
    // A user's pack: the English one with a German lead for the date an agreement takes effect.
    const german = validateClauseKnowledge({
      ...english,
      id: 'contract-clauses-de-example',
      language: 'de',
      patterns: { ...english.patterns, ...english.leads, 'effective-date-leads': [{ source: String.raw`\btritt\s+am\s+`, flags: 'gi' }] },
    });
    const field = contract.fields.find((candidate) => candidate.path === 'effective_date')!;
    const step = configureClauseReading(field);
    if ('skip' in step) throw new Error('effective_date is read from clauses');
    const document = await buildDocument('Dieser Vertrag tritt am 1. März 2024 in Kraft.', { inputType: 'text' });
    const invoke = (clauses: typeof english) => createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS, clauses }).invoke({ field, contract, config: step.config, document, resolved: new Map(), tables: {}, memo: createRunMemo() });
    expect((await invoke(german)).candidates.map((candidate) => candidate.value)).toEqual(['2024-03-01']);
    expect((await invoke(english)).candidates).toEqual([]);
  });
});

describe('clause_reading: dates in more shapes', () => {
  it('reads a date wrapped onto the next line, after a form\'s underscores, and split from its ordinal suffix', async () => {
    expect(await read('This Letter (the "Agreement") is entered into by Ann Lee and Box Corp. effective as of March\n9, 2016.\nIt is agreed as follows:', 'effective_date')).toEqual(['2016-03-09']);
    expect(await read('THIS LICENSE AGREEMENT (the "Agreement") shall be effective as of _Feb. 3, 2004 (the "Effective Date") between A and B.', 'effective_date')).toEqual(['2004-02-03']);
    expect(await read('THIS AGREEMENT is made on this 3\nrd day of April, 2009 by A and B.', 'agreement_date')).toEqual(['2009-04-03']);
  });

  it('reads the date a heading states with a comma, and "for reference"', async () => {
    expect(await read('SUPPLY AGREEMENT, DATED JUNE 2, 2003\nThe parties agree as follows.', 'agreement_date')).toEqual(['2003-06-02']);
    expect(await read('THIS AGREEMENT, dated for reference purposes as of May 4, 2001 (the "Agreement"), is between A and B.', 'agreement_date')).toEqual(['2001-05-04']);
    // "this" alone after the lead, or a comma after the term's parenthesis, is left unread (ADR 0048: each gave a date its label disagreed with).
    expect(await read('This Agreement is entered into this 12 October, 1995 by A and B.', 'agreement_date')).toEqual([]);
  });

  it('reads the "Effective Date" a date defines with the quote before "the"', async () => {
    expect(await read('This Agreement is made by A and B on August 1, 2012 (\u201cthe Effective Date).', 'effective_date')).toEqual(['2012-08-01']);
  });

  it('reads a form\'s date label at its head, never one of its signature blocks', async () => {
    expect(await read('CONFIDENTIALITY AGREEMENT PARTIES: Ann Lee (EMPLOYEE) Box Corp. (COMPANY) DATE: May 5, 1997 RECITALS: A. Box Corp. employs Ann Lee.', 'agreement_date')).toEqual(['1997-05-05']);
    expect(await read('Confidentiality Agreement\nDate: July 8, 2015\nName: Ann Lee\nThe employee agrees as follows.', 'agreement_date')).toEqual(['2015-07-08']);
    const far = `CONFIDENTIALITY AGREEMENT\nThe employee agrees as follows. ${'The employee keeps all information secret. '.repeat(20)}\nBy: /s/ Ann Lee\nDate: July 8, 2015\n`;
    expect(await read(far, 'agreement_date')).toEqual([]);
  });

  it('takes the agreement\'s date as its effective date when it takes effect "as of the date and year first written above"', async () => {
    expect(await read('THIS AGREEMENT is made as of the 15th day of May, 1996 by A and B. The parties have executed this Agreement to be effective as of the date and year first written above.', 'effective_date')).toEqual(['1996-05-15']);
  });

  it('reads the effective date a definition states past its parenthesis, a preamble\'s label, and a body\'s "shall come into force on"', async () => {
    expect(await read('This Agreement is between A and B. The Effective Date of this Agreement (herein called the "Effective Date") is March 3, 1999.', 'effective_date')).toEqual(['1999-03-03']);
    expect(await read('SUPPLY AGREEMENT   Effective Date: June 9, 2016\nThis Agreement is between A and B.', 'effective_date')).toEqual(['2016-06-09']);
    expect(await read('This Agreement is between A and B.\n9. Term. This Agreement shall come into force as of July 1, 2012 and last two years.', 'effective_date')).toEqual(['2012-07-01']);
  });

  it('offers both dates when the preamble says it is made effective on one and the body that it commences on another', async () => {
    const dates = await read('This Agreement is made effective May 2, 2018 by A and B.\n3. Term: This Agreement shall commence on May 1, 2018 and end on April 30, 2020.', 'effective_date');
    expect([...dates].sort()).toEqual(['2018-05-01', '2018-05-02']);
  });
});

describe('clause_reading: several clause packs, one per language', () => {
  const fields = defineContract({
    id: 'multi',
    fields: [
      { path: 'agreement_date', type: 'DATE', description: 'Date of the agreement.' },
      { path: 'effective_date', type: 'DATE' },
      { path: 'governing_law', type: 'STRING' },
      { path: 'document_title', type: 'STRING', description: 'Title of the agreement as printed at its head.' },
    ],
  });
  async function readWith(cap: ReturnType<typeof createClauseReadingCapability>, text: string, path: string): Promise<unknown[]> {
    const field = fields.fields.find((candidate) => candidate.path === path)!;
    const step = configureClauseReading(field);
    if ('skip' in step) return [];
    const document = await buildDocument(text, { inputType: 'text' });
    return (await cap.invoke({ field, contract: fields, config: step.config, document, resolved: new Map(), tables: {}, memo: createRunMemo() })).candidates.map((candidate) => candidate.value);
  }

  it('reads German, French and Latvian contracts with the built-in packs by default, English ones as before', async () => {
    const german = 'Liefervertrag\n\nZwischen der A GmbH und der B AG wird folgender Vertrag geschlossen:\n\n§ 8 Schlussbestimmungen\nDieser Vertrag tritt am 1. Juli 2025 in Kraft. Es gilt das Recht der Bundesrepublik Deutschland. Gerichtsstand ist Stuttgart.\n\nFreiburg, den 3. Juni 2025\n';
    expect(await readWith(capability, german, 'effective_date')).toEqual(['2025-07-01']);
    expect(await readWith(capability, german, 'governing_law')).toEqual(['Deutschland']);
    expect(await readWith(capability, german, 'agreement_date')).toEqual(['2025-06-03']);
    expect(await readWith(capability, german, 'document_title')).toEqual(['Liefervertrag']);
    const french = 'CONTRAT DE DISTRIBUTION\n\nENTRE LES SOUSSIGNÉS : A SAS et B SARL.\n\nLe présent contrat est conclu le 3 juin 2025.\n\nARTICLE 1 – OBJET\nLe présent contrat entre en vigueur le 1er juillet 2025. Le présent contrat est régi par le droit français.\n';
    expect(await readWith(capability, french, 'agreement_date')).toEqual(['2025-06-03']);
    expect(await readWith(capability, french, 'effective_date')).toEqual(['2025-07-01']);
    expect(await readWith(capability, french, 'governing_law')).toEqual(['France']);
    expect(await readWith(capability, french, 'document_title')).toEqual(['CONTRAT DE DISTRIBUTION']);
    const latvian = 'PIEGĀDES LĪGUMS Nr. 7\n\nRīgā, 2025. gada 3. jūnijā\n\nSIA A un AS B noslēdz šo līgumu.\n\n1. Līguma priekšmets\n1.1. Līgums stājas spēkā 2025. gada 1. jūlijā. Līgumam piemērojami Latvijas Republikas normatīvie akti.\n';
    expect(await readWith(capability, latvian, 'agreement_date')).toEqual(['2025-06-03']);
    expect(await readWith(capability, latvian, 'effective_date')).toEqual(['2025-07-01']);
    expect(await readWith(capability, latvian, 'governing_law')).toEqual(['Latvija']);
    expect(await readWith(capability, latvian, 'document_title')).toEqual(['PIEGĀDES LĪGUMS']);
  });

  it('reads with one pack alone when given one, and keeps what each of several packs finds as candidates', async () => {
    const english = contractClauses();
    const datiert = validateClauseKnowledge({ ...english, id: 'contract-clauses-xx', language: 'xx', patterns: { ...english.patterns, ...english.leads, 'agreement-date-leads': [{ source: String.raw`\bdatiert\s+`, flags: 'gi' }] } });
    const text = 'This Agreement is made as of June 1, 2020 between A and B. Vertrag datiert 2. Mai 2020.';
    expect(await readWith(createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS, clauses: english }), text, 'agreement_date')).toEqual(['2020-06-01']);
    expect(await readWith(createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS, clauses: [datiert] }), text, 'agreement_date')).toEqual(['2020-05-02']);
    const both = createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS, clauses: [english, datiert] });
    expect(await readWith(both, text, 'agreement_date')).toEqual(['2020-06-01', '2020-05-02']);
    const field = fields.fields[0]!;
    const step = configureClauseReading(field);
    if ('skip' in step) throw new Error('agreement_date is read from clauses');
    const result = await both.invoke({ field, contract: fields, config: step.config, document: await buildDocument(text, { inputType: 'text' }), resolved: new Map(), tables: {}, memo: createRunMemo() });
    expect(evidenceOf(result, result.candidates[0])[0]).toMatchObject({ detail: { distinctValues: 2 } });
  });

  it("lets a date one pack's clauses state outrank what another pack only infers", async () => {
    const english = contractClauses();
    // A pack whose signing clause reads "datiert <date>": an inference, the agreement's date only when no pack states one.
    const signing = validateClauseKnowledge({ ...english, id: 'contract-clauses-xx', language: 'xx', patterns: { ...english.patterns, ...english.leads, 'execution-date-leads': [{ source: String.raw`\bdatiert\s+`, flags: 'gi' }] } });
    const both = createClauseReadingCapability({ recognizers: DEFAULT_RECOGNIZERS, clauses: [english, signing] });
    const stated = 'This Agreement is made as of June 1, 2020 between A and B.\nUnterschrieben, datiert 2. Mai 2020.';
    expect(await readWith(both, stated, 'agreement_date')).toEqual(['2020-06-01']);
    expect(await readWith(both, stated, 'effective_date')).toEqual(['2020-06-01']);
    expect(await readWith(both, 'This Agreement is between A and B.\nUnterschrieben, datiert 2. Mai 2020.', 'agreement_date')).toEqual(['2020-05-02']);
    // One pack stating that the agreement takes effect otherwise leaves no pack's date to stand for it.
    expect(await readWith(both, 'This Agreement is between A and B and shall become effective upon approval by the Board.\nUnterschrieben, datiert 2. Mai 2020.', 'effective_date')).toEqual([]);
    // Each pack's own statements stay candidates together.
    const german = 'LIEFERVERTRAG\n\nZwischen der A GmbH und der B AG wird folgender Vertrag geschlossen.\n\n§ 1 Laufzeit\nDas Vertragsverhältnis beginnt am 01.03.2024.\n\nLeipzig, den 15.02.2024\n';
    expect(await readWith(capability, german, 'effective_date')).toEqual(['2024-03-01']);
  });

  it('takes a one-word heading as a title only when its kind is a part of it, never the bare kind', async () => {
    const preamble = '\n\nZwischen A und B wird folgender Vertrag geschlossen.\n';
    expect(await readWith(capability, `KAUFVERTRAG${preamble}`, 'document_title')).toEqual(['KAUFVERTRAG']);
    expect(await readWith(capability, `Rahmenvereinbarung${preamble}`, 'document_title')).toEqual(['Rahmenvereinbarung']);
    expect(await readWith(capability, `VERTRAG${preamble}`, 'document_title')).toEqual([]);
    expect(await readWith(capability, 'AGREEMENT\n\nThis Agreement is made by A and B.\n', 'document_title')).toEqual([]);
  });

  it("reads no governing law from a court's seat, and no date of an agreement a German or French contract cites", async () => {
    expect(await readWith(capability, 'Gerichtsstand ist München. Erfüllungsort ist Hamburg.', 'governing_law')).toEqual([]);
    expect(await readWith(capability, 'Tout litige sera soumis à la compétence exclusive des tribunaux de Paris.', 'governing_law')).toEqual([]);
    expect(await readWith(capability, 'Eine nach deutschem Recht gegründete Gesellschaft mit Sitz in Berlin.', 'governing_law')).toEqual([]);
    expect(await readWith(capability, 'Nachtrag zum Liefervertrag vom 01.02.2022 zwischen A und B.', 'agreement_date')).toEqual([]);
    expect(await readWith(capability, 'Conformément au contrat de licence du 10 janvier 2023, les parties conviennent de ce qui suit.', 'agreement_date')).toEqual([]);
    expect(await readWith(capability, 'Le présent contrat est soumis au droit commun.', 'governing_law')).toEqual([]);
  });
});
