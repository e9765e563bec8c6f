/**
 * `record_reading` (tier 1): fills an ARRAY-of-OBJECT field row by row from the record
 * sets `@paxman/reading` reads once per document (kept in the run memo). It is a thin
 * binder: each member of the field's items is bound to a column concept by its name or its
 * labels (the concepts' member names are knowledge data), the record set that fills the
 * most bound members is chosen, and each row becomes an item. Every cell is its own
 * evidence (`RECORD_CELL`, `detail.item` / `detail.member`); one more record states how
 * the rows add up (`detail.records`), which the reconciler turns into confidence. A field
 * that asks for the parties of an agreement is bound to the document's party list instead
 * (`party-lists.ts`).
 */
import { CapabilityTier, EvidenceKind, type JsonValue, type SourceSpan } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration, capabilityKey } from '@paxman/capability-spi';
import { type RecordKnowledge, recordKnowledge } from '@paxman/knowledge';
import type { ReadRecordSetsOptions, RecordCell, RecordSet } from '@paxman/reading';
import type { Lexicon } from '@paxman/values';
import { recordSetsOf } from '../shared/record-sets.js';
import { createResultBuilder } from '../shared/result-builder.js';
import { configurePartyList, invokePartyList } from './party-lists.js';

/** The spec of `record_reading@1.13.0`. */
export const RECORD_READING_SPEC: CapabilitySpec = Object.freeze({
  id: 'record_reading',
  version: '1.13.0',
  tier: CapabilityTier.EXPLICIT_EVIDENCE,
  acceptsTypes: Object.freeze(['ARRAY'] as const),
  costHint: Object.freeze({ tokens: 0, ms: 2, usd: '0' }),
  deterministic: true,
  description: 'Arrays of objects filled row by row from the tables, item lines, CSV rows and JSON arrays of the document; lists of parties from the preamble and the signature block of an agreement.',
});

/** Member name words: `unit_price` / `unitPrice` → `unit price`. */
export function memberWords(name: string): string {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
}

/** The concept a member binds to: its name's words, else one of its labels, among the concepts' member names. */
export function bindMember(member: CanonicalField, knowledge: RecordKnowledge): string | null {
  const names = [memberWords(member.name), ...member.labels.map((label) => memberWords(label))];
  for (const name of names) for (const concept of knowledge.concepts) if (concept.memberNames.includes(name)) return concept.id;
  return null;
}

/** The step config: each member with its type and concept, or `{ skip }`. */
export function configureRecordReading(field: CanonicalField, _contract?: CanonicalContract, knowledge: RecordKnowledge = recordKnowledge()): StepConfiguration {
  if (field.type !== 'ARRAY' || field.path.includes('[]')) return { skip: `record_reading reads top-level arrays; ${field.path} is not one.` };
  const parties = configurePartyList(field, knowledge);
  if (parties !== null) return parties;
  if (field.itemType !== 'OBJECT' || field.fields.length === 0) return { skip: `record_reading reads arrays of objects; ${field.path} has ${field.itemType ?? 'no'} items.` };
  const members = field.fields.map((member) => ({ name: member.name, type: member.type, concept: bindMember(member, knowledge), required: member.required }));
  const bound = members.filter((member) => member.concept !== null);
  if (bound.length === 0) return { skip: `no member of ${field.path} names a record column (${members.map((member) => member.name).join(', ')}).` };
  return { config: { members: members.map((member) => ({ name: member.name, type: member.type, concept: member.concept, required: member.required })) } };
}

interface BoundMember {
  readonly name: string;
  readonly type: string;
  readonly concept: string | null;
  readonly required: boolean;
}

function readMembers(config: Readonly<Record<string, JsonValue>>): BoundMember[] {
  const members = config['members'];
  if (!Array.isArray(members)) return [];
  return members.flatMap((member) => {
    if (member === null || typeof member !== 'object' || Array.isArray(member)) return [];
    const { name, type, concept, required } = member as Record<string, JsonValue>;
    return typeof name === 'string' && typeof type === 'string' ? [{ name, type, concept: typeof concept === 'string' ? concept : null, required: required === true }] : [];
  });
}

/** How many bound members a set fills in most of its rows; a set that misses a required bound member scores nothing. */
function coverage(set: RecordSet, members: readonly BoundMember[]): number {
  let filled = 0;
  for (const member of members) {
    if (member.concept === null) continue;
    const rows = set.rows.filter((row) => row.cells[member.concept!] !== undefined).length;
    if (rows * 2 > set.rows.length) filled += 1;
    else if (member.required) return 0;
  }
  return filled;
}

function cellValue(cell: RecordCell, type: string, currency: string | null): JsonValue | undefined {
  switch (type) {
    case 'STRING':
    case 'ENUM': {
      const text = cell.text.replace(/\s+/g, ' ').trim();
      return text === '' ? undefined : text;
    }
    case 'DECIMAL':
      return cell.number ?? undefined;
    case 'INTEGER':
      return cell.number !== null && /^-?\d+(?:\.0+)?$/.test(cell.number) ? Number.parseInt(cell.number, 10) : undefined;
    case 'MONEY':
      return cell.number === null ? undefined : { amount: cell.number, currency };
    default:
      return undefined;
  }
}

/** The exact source text of a span (evidence text is always what the span slices). */
function sliceOf(context: CapabilityContext, span: SourceSpan): string {
  return context.document.layers[span.layer]?.text.slice(span.start, span.end) ?? '';
}

function invokeRecordReading(context: CapabilityContext, key: string, knowledge: ReadRecordSetsOptions): CapabilityResult {
  const builder = createResultBuilder({ capability: key, tier: CapabilityTier.EXPLICIT_EVIDENCE, fieldPath: context.field.path, document: context.document });
  const members = readMembers(context.config);
  const sets = recordSetsOf(context, knowledge);
  let best: RecordSet | null = null;
  let bestScore = 0;
  for (const set of sets) {
    const score = coverage(set, members) * 1000 + set.rows.length;
    if (score > bestScore && coverage(set, members) > 0) {
      best = set;
      bestScore = score;
    }
  }
  if (best === null) return builder.build();
  const currency = context.document.context.dominantCurrency;
  const items: JsonValue[] = [];
  const evidenceIds: string[] = [];
  const raw: string[] = [];
  for (const row of best.rows) {
    const index = items.length;
    const item: Record<string, JsonValue> = {};
    const cellIds: string[] = [];
    for (const member of members) {
      if (member.concept === null) continue;
      const cell = row.cells[member.concept];
      if (cell === undefined) continue;
      const value = cellValue(cell, member.type, currency);
      if (value === undefined) continue;
      item[member.name] = value;
      cellIds.push(
        builder.evidence({
          kind: EvidenceKind.RECORD_CELL,
          spans: [cell.span],
          text: sliceOf(context, cell.span),
          label: best.header[member.concept]?.text ?? member.concept,
          detail: { item: index, member: member.name, concept: member.concept, source: best.source, rowCheck: row.check },
          discriminator: `${index}:${member.name}`,
        }),
      );
    }
    if (Object.keys(item).length === 0) continue;
    items.push(item);
    evidenceIds.push(...cellIds);
    raw.push(Object.values(row.cells).map((cell) => cell.text).join(' | '));
  }
  if (items.length === 0) return builder.build();
  const printed = best.sum.printedSpan === null ? [] : [best.sum.printedSpan];
  evidenceIds.push(
    builder.evidence({
      kind: EvidenceKind.RECORD_CELL,
      spans: printed,
      ...(best.sum.printedSpan === null ? {} : { text: sliceOf(context, best.sum.printedSpan) }),
      detail: {
        records: best.source,
        rows: best.rows.length,
        adjustments: best.adjustments.length,
        sum: best.sum.sum,
        printedTotal: best.sum.printed,
        addsUp: best.sum.agrees,
        rowsAgreeing: best.rows.filter((row) => row.check === 'agrees').length,
        rowsDisagreeing: best.rows.filter((row) => row.check === 'disagrees').length,
      },
      discriminator: 'record-set',
    }),
  );
  const result = builder.build();
  return { ...result, candidates: [{ fieldPath: context.field.path, value: items, raw: raw.join('\n'), capability: key, tier: CapabilityTier.EXPLICIT_EVIDENCE, evidenceIds }] };
}

/** Options of `createRecordReadingCapability`. */
export interface RecordReadingOptions {
  /** The instance's lexicon: its `legal-forms` words end a party's name. The built-in packs' by default. */
  readonly lexicon?: Lexicon;
  /** The instance's record knowledge (the built-in with its packs' `records` sections); the built-in by default. */
  readonly records?: RecordKnowledge;
}

/** Creates the `record_reading` capability. */
export function createRecordReadingCapability(options: RecordReadingOptions = {}): Capability {
  const key = capabilityKey(RECORD_READING_SPEC);
  const legalForms = options.lexicon?.rawWords('legal-forms');
  const knowledge = options.records ?? recordKnowledge();
  const recordSetReading: ReadRecordSetsOptions = { knowledge, ...(options.lexicon === undefined ? {} : { lexicon: options.lexicon }) };
  return Object.freeze({
    spec: RECORD_READING_SPEC,
    configure: (field: CanonicalField, contract: CanonicalContract) => configureRecordReading(field, contract, knowledge),
    invoke: (context: CapabilityContext) =>
      context.config['list'] === 'parties' ? invokePartyList(context, key, { knowledge, ...(legalForms === undefined ? {} : { legalForms }) }) : invokeRecordReading(context, key, recordSetReading),
  });
}
