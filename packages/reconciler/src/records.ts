/**
 * Reconciliation of an ARRAY-of-OBJECT field read record by record: every member of every
 * item is type-checked and constraint-checked (a member that fails is left out of its item;
 * an item whose required member fails is dropped, with `RECORD_ITEM_DROPPED`); items of
 * other readings are aligned with the chosen reading's items (same members, same values)
 * and raise their confidence; each cell, item and the set get a confidence. The set's
 * arithmetic decides the rest: rows whose quantity × unit price is their amount and a sum
 * that equals the printed total raise it; a printed items total the rows do not reach
 * lowers it and says so (`RECORDS_DO_NOT_ADD_UP`, with both sums). A list of scalars read
 * item by item (the parties of an agreement) is checked item by item the same way; each
 * item is graded by its evidence's grounds (where the party was read, and whether the other
 * place names it too, lower for a preamble party whose name neither a defined term nor a legal
 * form ends) and the
 * list takes its weakest item's grade, lower for a list of one party or of more than two.
 */
import type { CanonicalField } from '@paxman/contract';
import { type Candidate, type CandidateResult, type Diagnostic, type Evidence, type JsonValue, type Policy, bandOf, canonicalJson, compareDiagnostics, compareStrings, isPlainObject } from '@paxman/core';
import { checkConstraints } from './constraints.js';
import { parseCandidateValue } from './parse-value.js';
import { assembledResult, type ItemResult, type ResolvedResult } from './resolved-result.js';
import { GROUNDS_STRENGTH, PARTY_COMPANY_LIST_SIZE, PARTY_CONFIRMED, PARTY_LETTER_CONFIDENCE, PARTY_LIST_SIZE, PARTY_PREAMBLE_CONFIDENCE, PARTY_SIGNATORY_CONFIDENCE, PARTY_SIGNATURE_CONFIDENCE, PARTY_SIGNER_CONFIDENCE, PARTY_UNBOUNDED_NAME, RECORD_CELL_CONFIDENCE, RECORD_ROW_AGREES, RECORD_ROW_DISAGREES, RECORD_SET_ADDS_UP, RECORD_SET_DOES_NOT_ADD_UP, RECORD_SET_UNCHECKED, RECORD_SOURCE_AGREES } from './rubric.js';

/** True when a field is read record by record: an ARRAY whose items are objects with members. */
export function isRecordField(field: CanonicalField): boolean {
  return field.type === 'ARRAY' && field.itemType === 'OBJECT' && field.fields.length > 0;
}

/** The item field of an ARRAY of scalars (`parties[]`), or null. */
function scalarItemField(field: CanonicalField): CanonicalField | null {
  if (field.type !== 'ARRAY' || field.itemType === 'OBJECT' || field.fields.length !== 1) return null;
  const item = field.fields[0]!;
  return item.path === `${field.path}[]` ? item : null;
}

/**
 * True when an ARRAY of scalars was read item by item: some candidate's evidence names the
 * item it states (`detail.item`). Other arrays of scalars are resolved as one value.
 */
export function isReadItemByItem(field: CanonicalField, result: CandidateResult | undefined): boolean {
  if (scalarItemField(field) === null || result === undefined) return false;
  return result.evidence.some((record) => typeof record.detail?.['item'] === 'number');
}

/**
 * The grade of a cell or a scalar item from its evidence's grounds: a party by where it was
 * read; a cell a model quoted as a single value it quoted would be (its strength, under the
 * ceiling of a value nothing deterministic backs); any other cell as a labelled reading.
 */
function cellConfidence(evidence: Evidence | undefined): number {
  const quoted = evidence?.grounds?.find((ground) => ground.kind === 'model-quote');
  if (quoted?.kind === 'model-quote') {
    const grade = GROUNDS_STRENGTH['model-quote'][quoted.quote];
    return Math.min(grade.strength, grade.alone, grade.always);
  }
  const layout = evidence?.grounds?.find((ground) => ground.kind === 'layout');
  if (layout?.kind !== 'layout') return RECORD_CELL_CONFIDENCE;
  // A preamble party whose name only its shape ends (no term after it, no legal form: `detail.bounded` false) is graded lower.
  if (layout.role === 'preamble') return PARTY_PREAMBLE_CONFIDENCE + (layout.confirmed ? PARTY_CONFIRMED : 0) - (evidence?.detail?.['bounded'] === false ? PARTY_UNBOUNDED_NAME : 0);
  if (layout.role === 'letterhead') return PARTY_LETTER_CONFIDENCE + (layout.confirmed ? PARTY_CONFIRMED : 0);
  // A signature party is `confirmed` when it fills the slot of a party the preamble or the opening leaves unnamed (a signer).
  // A company of the signature blocks an opening points to ("the undersigned hereby agree", `detail.signatory`).
  if (layout.role === 'signature' && evidence?.detail?.['signatory'] === true) return PARTY_SIGNATORY_CONFIDENCE;
  if (layout.role === 'signature') return layout.confirmed ? PARTY_SIGNER_CONFIDENCE : PARTY_SIGNATURE_CONFIDENCE;
  return RECORD_CELL_CONFIDENCE;
}

/**
 * True when a preamble names the party and its name ends in a legal form (evidence detail `company`); a letter's address block reads
 * descriptors and letterheads as names too. A company of the signature blocks an opening points to (`signatory`) counts when a legal form
 * or the prefix and key around it ("For and on behalf of Korea Telecom By:") fix its name's ends (`bounded`).
 */
function preambleCompany(evidence: Evidence | undefined): boolean {
  if (evidence?.detail?.['signatory'] === true) return evidence.detail['bounded'] === true;
  return evidence?.detail?.['company'] === true && evidence.detail['source'] === 'preamble';
}

function gradedByLayout(evidence: Evidence | undefined): boolean {
  return evidence?.grounds?.some((ground) => ground.kind === 'layout') === true;
}

interface CheckedItem {
  readonly value: JsonValue;
  readonly members: Record<string, { confidence: number; evidenceIds: string[] }>;
  readonly rowCheck: string;
  /** True when the item's evidence states layout grounds (a party list): the list then takes its weakest item's grade. */
  readonly layout: boolean;
  /** True when the item is the one company of an unsigned form whose other party is unnamed (evidence detail `sole`): a list of one is then complete. */
  readonly sole?: boolean;
  /** True when the item is a preamble's party whose name ends in a legal form (evidence detail `company`): a list of three or more such companies is graded as near a list of two. */
  readonly company?: boolean;
}

function diagnostic(field: CanonicalField, code: Diagnostic['code'], severity: Diagnostic['severity'], message: string, context: Record<string, JsonValue>): Diagnostic {
  return { code, severity, stage: 'reconcile', message, fieldPath: field.path, context: { fieldPath: field.path, ...context } };
}

const clamp = (value: number): number => Math.max(0, Math.min(0.99, Math.round(value * 1000) / 1000));

/** The items of one candidate, members checked; the dropped items reported. */
function checkItems(field: CanonicalField, candidate: Candidate, cells: ReadonlyMap<string, Evidence>, diagnostics: Diagnostic[]): CheckedItem[] {
  if (!Array.isArray(candidate.value)) return [];
  const items: CheckedItem[] = [];
  const itemField = scalarItemField(field);
  candidate.value.forEach((raw, index) => {
    if (itemField !== null) {
      const checked = checkScalarItem(field, itemField, raw, index, cells, diagnostics);
      if (checked !== null) items.push(checked);
      return;
    }
    if (!isPlainObject(raw)) {
      diagnostics.push(diagnostic(field, 'RECORD_ITEM_DROPPED', 'WARNING', `Item ${index} is not an object; left out.`, { item: index }));
      return;
    }
    const value: Record<string, JsonValue> = {};
    const members: CheckedItem['members'] = {};
    let dropped: string | null = null;
    let rowCheck = 'unchecked';
    let layout = false;
    let sole = false;
    let company = false;
    for (const member of field.fields) {
      const memberValue = raw[member.name] as JsonValue | undefined;
      if (memberValue === undefined || memberValue === null) {
        if (member.required && dropped === null) dropped = `its required member ${member.name} is missing`;
        continue;
      }
      const parsed = parseCandidateValue(member, memberValue, typeof memberValue === 'string' ? memberValue : '');
      const failures = parsed.ok ? checkConstraints(member, parsed.value) : [];
      if (!parsed.ok || failures.length > 0) {
        const reason = parsed.ok ? failures.map((failure) => failure.reason).join('; ') : parsed.reason;
        if (member.required) dropped ??= `${member.name}: ${reason}`;
        else diagnostics.push(diagnostic(field, 'RECORD_ITEM_DROPPED', 'INFO', `Item ${index}: member ${member.name} left out (${reason}).`, { item: index, member: member.name }));
        continue;
      }
      value[member.name] = parsed.value;
      const evidence = cells.get(`${index}:${member.name}`);
      if (evidence !== undefined && typeof evidence.detail?.['rowCheck'] === 'string') rowCheck = evidence.detail['rowCheck'];
      layout ||= gradedByLayout(evidence);
      sole ||= evidence?.detail?.['sole'] === true;
      company ||= preambleCompany(evidence);
      members[member.name] = { confidence: cellConfidence(evidence), evidenceIds: evidence === undefined ? [] : [evidence.id] };
    }
    if (dropped !== null) {
      diagnostics.push(diagnostic(field, 'RECORD_ITEM_DROPPED', 'WARNING', `Item ${index} left out: ${dropped}.`, { item: index, reason: dropped }));
      return;
    }
    if (Object.keys(value).length > 0) items.push({ value, members, rowCheck, layout, sole, company });
  });
  return items;
}

/** One item of a list of scalars, type- and constraint-checked; null (and a diagnostic) when it fails. */
function checkScalarItem(field: CanonicalField, itemField: CanonicalField, raw: JsonValue, index: number, cells: ReadonlyMap<string, Evidence>, diagnostics: Diagnostic[]): CheckedItem | null {
  const parsed = parseCandidateValue(itemField, raw, typeof raw === 'string' ? raw : '');
  const failures = parsed.ok ? checkConstraints(itemField, parsed.value) : [];
  if (!parsed.ok || failures.length > 0) {
    const reason = parsed.ok ? failures.map((failure) => failure.reason).join('; ') : parsed.reason;
    diagnostics.push(diagnostic(field, 'RECORD_ITEM_DROPPED', 'WARNING', `Item ${index} left out: ${reason}.`, { item: index, reason }));
    return null;
  }
  const evidence = cells.get(`${index}:`);
  return { value: parsed.value, members: { '': { confidence: cellConfidence(evidence), evidenceIds: evidence === undefined ? [] : [evidence.id] } }, rowCheck: 'unchecked', layout: gradedByLayout(evidence), sole: evidence?.detail?.['sole'] === true, company: preambleCompany(evidence) };
}

/** Cell evidence of a candidate by `item:member`, and its record-set evidence. */
function cellIndex(candidate: Candidate, evidence: ReadonlyMap<string, Evidence>): { cells: Map<string, Evidence>; set: Evidence | null } {
  const cells = new Map<string, Evidence>();
  let set: Evidence | null = null;
  for (const id of candidate.evidenceIds) {
    const record = evidence.get(id);
    if (record === undefined) continue;
    const item = record.detail?.['item'];
    const member = record.detail?.['member'];
    if (typeof item === 'number' && typeof member === 'string') cells.set(`${item}:${member}`, record);
    else if (record.detail?.['records'] !== undefined) set = record;
  }
  return { cells, set };
}

/** Reconciles a record field from its candidates. */
export function reconcileRecords(field: CanonicalField, result: CandidateResult | undefined, policy: Policy): ResolvedResult {
  const diagnostics: Diagnostic[] = [];
  const evidence = new Map<string, Evidence>();
  for (const record of result?.evidence ?? []) if (!evidence.has(record.id)) evidence.set(record.id, record);
  const readings = (result?.candidates ?? [])
    .filter((candidate) => Array.isArray(candidate.value))
    .map((candidate) => {
      const { cells, set } = cellIndex(candidate, evidence);
      return { candidate, set, items: checkItems(field, candidate, cells, diagnostics) };
    })
    .sort((left, right) => right.items.length - left.items.length || compareStrings(left.candidate.capability, right.candidate.capability) || compareStrings(canonicalJson(left.candidate.value), canonicalJson(right.candidate.value)));
  const chosen = readings[0];
  if (chosen === undefined || chosen.items.length === 0) return unresolved(field, diagnostics, result === undefined || result.candidates.length === 0 ? 'NO_CANDIDATE' : 'CONSTRAINT_FAILURE');
  const others = readings.slice(1);
  const items: ItemResult[] = chosen.items.map((item, index) => {
    const key = canonicalJson(item.value);
    const agreeing = others.filter((other) => other.items.some((candidate) => canonicalJson(candidate.value) === key)).length;
    const check = item.rowCheck === 'agrees' ? RECORD_ROW_AGREES : item.rowCheck === 'disagrees' ? RECORD_ROW_DISAGREES : 0;
    const graded: Record<string, { confidence: number; band: string; evidenceIds: readonly string[] }> = {};
    for (const name of Object.keys(item.members).sort(compareStrings)) {
      const cell = item.members[name]!;
      const confidence = clamp(cell.confidence + check + agreeing * RECORD_SOURCE_AGREES);
      graded[name] = { confidence, band: bandOf(confidence), evidenceIds: cell.evidenceIds };
    }
    const confidence = clamp(Math.min(...Object.values(graded).map((member) => member.confidence)));
    const evidenceIds = [...new Set(Object.values(graded).flatMap((member) => member.evidenceIds))].sort(compareStrings);
    // A scalar item has no members of its own: its grade is the item's.
    const members = Object.fromEntries(Object.entries(graded).filter(([name]) => name !== ''));
    return { index, confidence, band: bandOf(confidence), evidenceIds, members };
  });
  const addsUp = chosen.set?.detail?.['addsUp'];
  const sum = chosen.set?.detail?.['sum'] ?? null;
  const printed = chosen.set?.detail?.['printedTotal'] ?? null;
  let setAdjustment = RECORD_SET_UNCHECKED;
  if (addsUp === true) setAdjustment = RECORD_SET_ADDS_UP;
  else if (addsUp === false) {
    setAdjustment = RECORD_SET_DOES_NOT_ADD_UP;
    diagnostics.push(
      diagnostic(field, 'RECORDS_DO_NOT_ADD_UP', 'WARNING', `The ${items.length} rows add up to ${String(sum)}, but the document prints ${String(printed)} as their total: rows may be missing or extra.`, {
        sumOfRows: sum,
        printedTotal: printed,
        rows: items.length,
      }),
    );
  }
  const mean = items.reduce((total, item) => total + item.confidence, 0) / items.length;
  // A party list is exact only when every party is: it takes its weakest party's grade, lower for a list of one or of more than two;
  // not lower for the one company of an unsigned form whose other party is unnamed (`sole`), and less for three or more companies each ending in a legal form (`company`).
  const partySize = items.length === 2 || (items.length === 1 && chosen.items[0]?.sole === true) ? 0 : items.length > 2 && chosen.items.every((item) => item.company === true) ? PARTY_COMPANY_LIST_SIZE : PARTY_LIST_SIZE;
  const confidence = chosen.items.every((item) => item.layout) ? clamp(Math.min(...items.map((item) => item.confidence)) - partySize) : clamp(mean + setAdjustment);
  const evidenceIds = [...new Set([...items.flatMap((item) => item.evidenceIds), ...(chosen.set === null ? [] : [chosen.set.id])])].sort(compareStrings);
  const value = chosen.items.map((item) => item.value);
  if (confidence < field.confidenceThreshold) {
    return { ...unresolved(field, diagnostics, 'BELOW_THRESHOLD', confidence), items };
  }
  return { ...assembledResult(field.path, policy, { value, confidence, evidenceIds, diagnostics }), items };
}

function unresolved(field: CanonicalField, diagnostics: Diagnostic[], reason: 'NO_CANDIDATE' | 'CONSTRAINT_FAILURE' | 'BELOW_THRESHOLD', confidence = 0): ResolvedResult {
  diagnostics.push(diagnostic(field, 'FIELD_UNRESOLVED', 'INFO', `Field unresolved: ${reason}.`, { reason, confidence, threshold: field.confidenceThreshold }));
  return {
    fieldPath: field.path,
    status: 'UNRESOLVED',
    value: null,
    confidence,
    band: bandOf(confidence),
    evidenceIds: [],
    diagnostics: diagnostics.sort(compareDiagnostics),
    defaulted: false,
    requiresHuman: field.fallback === 'REQUIRE_HUMAN',
    unresolvedReason: reason,
    conflict: null,
  };
}
