/**
 * The party side of `record_reading`: a field that asks for the parties of an agreement — an
 * ARRAY of STRING, or an ARRAY of OBJECT whose members are a party's name, role and
 * address — is bound to the party list `@paxman/reading` reads once per document (kept in
 * the run memo). Which fields ask for parties is knowledge (`partyListNames`: the field's
 * tags, name, labels or the opening words of its description), and so is which member is
 * the name, the role or the address (`partyMemberNames`: `party-name`, `party-role`, `party-address`). Each party is its own evidence,
 * its grounds saying where it was read (`layout` role `preamble`, `letterhead` or `signature`) and whether
 * the other place names it too (`confirmed`); the reconciler grades it from those grounds. The
 * one company of an unsigned form whose other party is unnamed says so in its detail (`sole`), and
 * a company of a list the opening calls its signatories ("the undersigned hereby agree") so says
 * (`signatory`, ADR 0043).
 */
import { CapabilityTier, EvidenceKind, type JsonValue } from '@paxman/core';
import type { CanonicalField } from '@paxman/contract';
import { type CapabilityContext, type CapabilityResult, type StepConfiguration, memoKey } from '@paxman/capability-spi';
import { type RecordKnowledge, allTerms } from '@paxman/knowledge';
import { type PartyList, foldedWords, readPartyList } from '@paxman/reading';
import { createResultBuilder } from '../shared/result-builder.js';

const PARTY_LIST = memoKey<PartyList | null>('record_reading/party-list');

/** How many opening words of a field's description may name a party list ("The parties to …"). */
const DESCRIPTION_WORDS = 3;

/** The part of a party a member of a party object holds. */
export type PartyPart = 'party-name' | 'party-role' | 'party-address';

const PARTS: readonly PartyPart[] = ['party-name', 'party-role', 'party-address'];

function words(text: string): string {
  return foldedWords(text.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_\-.]+/g, ' ')).join(' ');
}

/** True when a top-level ARRAY field asks for the parties of an agreement: its tags, name, labels or the opening words of its description say so. */
export function isPartyListField(field: CanonicalField, knowledge: RecordKnowledge): boolean {
  if (field.type !== 'ARRAY' || field.path.includes('[]')) return false;
  const names = new Set(allTerms(knowledge.partyListNames).map(words));
  if ([...field.tags, field.name, ...field.labels].some((name) => names.has(words(name)))) return true;
  const opening = foldedWords(field.description ?? '').slice(0, DESCRIPTION_WORDS);
  return opening.some((word) => names.has(word));
}

/** The part of a party a member holds, by its name or labels; null when it names none. */
export function bindPartyMember(member: CanonicalField, knowledge: RecordKnowledge): PartyPart | null {
  const names = [member.name, ...member.labels].map(words);
  for (const part of PARTS) {
    const known = (knowledge.partyMemberNames[part] ?? []).map(words);
    if (names.some((name) => known.includes(name))) return part;
  }
  return null;
}

/** The step config of a party list field, or null when the field asks for no parties. */
export function configurePartyList(field: CanonicalField, knowledge: RecordKnowledge): StepConfiguration | null {
  if (!isPartyListField(field, knowledge)) return null;
  if (field.itemType === 'STRING') return { config: { list: 'parties' } };
  if (field.itemType !== 'OBJECT') return null;
  const members = field.fields.map((member) => ({ name: member.name, type: member.type, part: bindPartyMember(member, knowledge) }));
  if (!members.some((member) => member.part === 'party-name' && member.type === 'STRING')) return null;
  return { config: { list: 'parties', members: members.map((member) => ({ name: member.name, type: member.type, part: member.part })) } };
}

interface PartyMember {
  readonly name: string;
  readonly part: PartyPart | null;
}

function readPartyMembers(config: Readonly<Record<string, JsonValue>>): PartyMember[] | null {
  const members = config['members'];
  if (!Array.isArray(members)) return null;
  return members.flatMap((member) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return [];
    const { name, part } = member as Record<string, JsonValue>;
    return typeof name === 'string' ? [{ name, part: PARTS.includes(part as PartyPart) ? (part as PartyPart) : null }] : [];
  });
}

/** Options of a party reading: the legal forms of the instance's lexicon. */
export interface PartyReadingOptions {
  readonly legalForms?: readonly string[];
  readonly knowledge: RecordKnowledge;
}

/** Proposes the document's party list for a party list field: the names, or objects with name and role. */
export function invokePartyList(context: CapabilityContext, key: string, options: PartyReadingOptions): CapabilityResult {
  const builder = createResultBuilder({ capability: key, tier: CapabilityTier.EXPLICIT_EVIDENCE, fieldPath: context.field.path, document: context.document });
  const read = (): PartyList | null => readPartyList(context.document, { knowledge: options.knowledge, ...(options.legalForms === undefined ? {} : { legalForms: options.legalForms }) });
  const list = context.memo ? context.memo.remember(PARTY_LIST, read) : read();
  if (list === null || list.parties.length === 0) return builder.build();
  const members = readPartyMembers(context.config);
  const items: JsonValue[] = [];
  const evidenceIds: string[] = [];
  list.parties.forEach((party, index) => {
    // A letter's parties are read from its address block and letterhead.
    const grounds = [{ kind: 'layout' as const, role: party.source === 'letter' ? ('letterhead' as const) : party.source, unique: true, confirmed: party.confirmed }];
    // `sole`: the one company of an unsigned form whose other party is unnamed (the list is complete with one party); `company`: the name ends in a legal form; `signatory`: the opening calls the parties those who sign.
    const detail = { item: index, source: party.source, confirmed: party.confirmed, bounded: party.bounded, company: party.company, ...(party.role === null ? {} : { role: party.role }), ...(list.sole === true ? { sole: true } : {}), ...(list.signatories === true ? { signatory: true } : {}) };
    const nameMember = members?.find((member) => member.part === 'party-name')?.name ?? '';
    evidenceIds.push(
      builder.evidence({
        kind: EvidenceKind.RECORD_CELL,
        spans: [party.span],
        text: context.document.layers[party.span.layer]?.text.slice(party.span.start, party.span.end) ?? party.name,
        ...(party.role === null ? {} : { label: party.role }),
        grounds,
        detail: { ...detail, member: nameMember },
        discriminator: `${index}:${nameMember}`,
      }),
    );
    if (members === null) {
      items.push(party.name);
      return;
    }
    const item: Record<string, JsonValue> = {};
    for (const member of members) {
      if (member.part === 'party-name') item[member.name] = party.name;
      else if (member.part === 'party-role' && party.role !== null && party.roleSpan !== null) {
        item[member.name] = party.role;
        evidenceIds.push(
          builder.evidence({
            kind: EvidenceKind.RECORD_CELL,
            spans: [party.roleSpan],
            text: context.document.layers[party.roleSpan.layer]?.text.slice(party.roleSpan.start, party.roleSpan.end) ?? party.role,
            grounds,
            detail: { ...detail, member: member.name },
            discriminator: `${index}:${member.name}`,
          }),
        );
      }
    }
    items.push(item);
  });
  const result = builder.build();
  const raw = list.parties.map((party) => party.name).join('\n');
  return { ...result, candidates: [{ fieldPath: context.field.path, value: items, raw, capability: key, tier: CapabilityTier.EXPLICIT_EVIDENCE, evidenceIds }] };
}
