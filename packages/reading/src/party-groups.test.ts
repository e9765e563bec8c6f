/**
 * Companies listed before one term that calls them parties (ADR 0039): read through
 * `readPartyList`, which hands `groupedCompanies` its shapes; and `groupedCompanies` alone with
 * a small reading of its own, to pin what stops a group.
 */
import { describe, expect, it } from 'vitest';
import { buildDocument } from '@paxman/document';
import { type GroupReading, groupedCompanies } from './party-groups.js';
import { readPartyList } from './read-party-list.js';

async function namesOf(text: string): Promise<string[]> {
  return (readPartyList(await buildDocument(text))?.parties ?? []).map((party) => party.name);
}

describe('readPartyList: companies called parties together', () => {
  it('reads each company of a group its term calls parties, descriptors of their kind left out', async () => {
    const text = `This Standstill Agreement is made as of May 2, 2021, by and between Orrin Tools, Inc., a Delaware corporation (the "Company"), and Kestrel Value Partners LP, a Delaware limited partnership, Kestrel Value GP LLC, a Delaware limited liability company, and Kestrel Capital Management LLC, a Delaware limited liability company (collectively, the "Kestrel Parties").`;
    expect(await namesOf(text)).toEqual(['Orrin Tools, Inc.', 'Kestrel Value Partners LP', 'Kestrel Value GP LLC', 'Kestrel Capital Management LLC']);
  });

  it('reads a German group after articles, its term a compound of the word for parties', async () => {
    const text = `Dieser Vertrag wird geschlossen zwischen der Alpen Holding GmbH (nachfolgend „Käuferin“) und der Nordlicht Verwaltungs GmbH, der Nordlicht Beteiligungs AG und der Nordlicht Logistik KG (nachfolgend gemeinsam „Nordlicht-Parteien“).`;
    expect(await namesOf(text)).toEqual(['Alpen Holding GmbH', 'Nordlicht Verwaltungs GmbH', 'Nordlicht Beteiligungs AG', 'Nordlicht Logistik KG']);
  });

  it('keeps the one name before a term that calls the companies as one party ("the Company")', async () => {
    const text = `This Agreement is made by and among NORTHWIND HOLDINGS, INC. and NORTHWIND HOLDINGS, L.P. (collectively, the "Company"), and JANE Q. ROE (the "Executive").`;
    expect(await namesOf(text)).not.toContain('NORTHWIND HOLDINGS, L.P.');
  });
});

/** A reading of names for `groupedCompanies` alone: a name opens with a capital, runs to the next comma or " and ", and is a company when it ends in "Ltd" or "LLC". */
const reading = (text: string): GroupReading => ({
  nameIn: (stretch) => {
    let start = stretch.start;
    while (start < stretch.end && /[\s,]/u.test(text[start]!)) start += 1;
    if (!/\p{Lu}/u.test(text[start] ?? '')) return null;
    const stop = /,| and /u.exec(text.slice(start, stretch.end));
    const end = stop === null ? stretch.end : start + stop.index;
    return { start, end: text.slice(start, end).trimEnd().length + start };
  },
  isCompany: (stretch) => /\s(?:Ltd|LLC)$/u.test(text.slice(stretch.start, stretch.end)),
  afterKind: (at) => at,
  joiners: new Set(['and']),
});

describe('groupedCompanies', () => {
  it('reads two or more companies joined by commas and a joining word', () => {
    const text = 'Ash Ltd, Beech LLC and Cedar Ltd';
    expect(groupedCompanies(text, 0, text.length, reading(text))?.map((name) => text.slice(name.start, name.end))).toEqual(['Ash Ltd', 'Beech LLC', 'Cedar Ltd']);
  });

  it('reads no group when one piece is no company, when words stand between the companies, or when there is one company', () => {
    const person = 'Ash Ltd, Jane Roe and Cedar Ltd';
    expect(groupedCompanies(person, 0, person.length, reading(person))).toBeNull();
    const affiliates = 'Ash Ltd and its affiliates';
    expect(groupedCompanies(affiliates, 0, affiliates.length, reading(affiliates))).toBeNull();
    const one = 'Ash Ltd';
    expect(groupedCompanies(one, 0, one.length, reading(one))).toBeNull();
  });
});
