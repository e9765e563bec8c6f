/**
 * Reconciliation of one field from its CandidateResult: screen (prompt injection,
 * ungrounded inference), parse to the canonical type, settle MONEY currencies (value,
 * nearby mark, contract currency, document's dominant currency; then the currency
 * policy across candidates), check every constraint, group agreeing values, grade each
 * group with the rubric, resolve conflicts, and apply the status rules. The work is split
 * so the executor's early-stop scorer runs the very same steps (`assessField`).
 */
import type { CanonicalField } from '@paxman/contract';
import {
  type Candidate,
  type CandidateResult,
  type Diagnostic,
  type DiagnosticSeverity,
  type Evidence,
  type JsonValue,
  type Policy,
  bandOf,
  canonicalJson,
  compareDiagnostics,
  compareStrings,
  currencyMinorUnits,
  formatDecimal,
  formatDecimalText,
  isInferenceTier,
  isIsoCurrencyCode,
  isPlainObject, type DiagnosticCode, type FieldType } from '@paxman/core';
import { agreementKey } from './agreement-key.js';
import { type ValueEvidence, currencySourceOf, findingGrounds, findingStrength, isFailedValidation, isGroundedInference, isFuzzyLabelEvidence, isLabelEvidence, isUnlabelledFinding, isVerdictEvidence, placeOf, valueConfidence } from './confidence.js';
import { checkConstraints } from './constraints.js';
import type { DocumentContext } from '@paxman/values';
import { injectionPhrase } from './injection.js';
import { type CurrencySource, convertAmount, currencyFactor, fxRate } from './money-currency.js';
import { readCurrency } from '@paxman/values';
import { parseCandidateValue } from './parse-value.js';
import { applyStructuredDataPolicy, mismatchDiagnostic } from './structured-data-rule.js';
import type { ConflictRecord, ResolvedResult, UnresolvedReason } from './resolved-result.js';
import {
  CONFLICT_NOISE_FLOOR,
  CONFLICT_WEIGHT,
  DEFAULT_VALUE_CONFIDENCE,
  GROUNDS_STRENGTH,
  NO_EVIDENCE_STRENGTH,
  STRONG_CONFLICT_CAP,
  STRONG_CONFLICT_STRENGTH,
  STRUCTURED_DATA_DISPUTED_CAP,
  UNKNOWN_CURRENCY_CAP,
} from './rubric.js';

/** What reconciling one field needs besides its candidates. */
export interface FieldContext {
  readonly policy: Policy;
  readonly documentContext?: Partial<DocumentContext> | undefined;
}

interface Prepared {
  readonly candidate: Candidate;
  readonly evidence: readonly Evidence[];
  value: JsonValue;
  currencySource: CurrencySource | null;
  ceiling: number;
  readonly dominantCurrency: string | null;
}

interface Group {
  readonly key: string;
  readonly members: Prepared[];
  readonly value: JsonValue;
  readonly confidence: number;
  readonly strongest: number;
  readonly evidenceIds: readonly string[];
}

/** The verdict of the rubric on a field before statuses and fallbacks. */
export interface FieldAssessment {
  /** The winning value, or null when nothing usable was found. */
  readonly value: JsonValue;
  readonly hasValue: boolean;
  /** Confidence of the winning value after conflicts. */
  readonly confidence: number;
  /** Confidence of the winning value before conflicts (to tell a CONFLICT from a weak find). */
  readonly confidenceBeforeConflict: number;
  readonly evidenceIds: readonly string[];
  readonly conflict: ConflictRecord | null;
  readonly strongConflict: boolean;
  /** Why there is no value, when there is none. */
  readonly emptyReason: UnresolvedReason | null;
  readonly diagnostics: readonly Diagnostic[];
}

function makeDiagnostic(
  field: CanonicalField,
  code: DiagnosticCode,
  severity: DiagnosticSeverity,
  message: string,
  context: Record<string, JsonValue> = {},
  capability?: string,
): Diagnostic {
  return {
    code,
    severity,
    stage: 'reconcile',
    message,
    fieldPath: field.path,
    ...(capability === undefined ? {} : { capability }),
    context: { fieldPath: field.path, ...context },
  };
}

/**
 * The canonical JSON of a candidate's identity (capability, value, raw, tier, sorted
 * evidence ids): the sort key of `canonicalCandidates`. Written directly for the usual
 * shape — the same text `canonicalJson` writes for that object.
 */
function candidateOrderKey(candidate: Candidate): string {
  const { capability, value, raw, tier, evidenceIds } = candidate;
  const sortedIds = evidenceIds.length < 2 ? evidenceIds : [...evidenceIds].sort(compareStrings);
  if (!hasUsualShape(candidate)) return canonicalJson({ capability, value, raw, tier, evidenceIds: sortedIds });
  let ids = '';
  for (const id of sortedIds) ids += ids === '' ? JSON.stringify(id) : `,${JSON.stringify(id)}`;
  return `{"capability":${JSON.stringify(capability)},"evidenceIds":[${ids}],"raw":${JSON.stringify(raw)},"tier":${JSON.stringify(tier)},"value":${canonicalJson(value)}}`;
}

/**
 * True when `candidateOrderKey` would write the candidate's key directly (string capability
 * and raw, finite tier, string evidence ids): then only its value can lack a JSON form.
 */
function hasUsualShape(candidate: Candidate): boolean {
  const { capability, value, raw, tier, evidenceIds } = candidate;
  return typeof capability === 'string' && typeof raw === 'string' && typeof tier === 'number' && Number.isFinite(tier) && value !== undefined && evidenceIds.every((id) => typeof id === 'string');
}

/** Candidates in a canonical order with exact duplicates removed (the same sighting reported twice). */
function canonicalCandidates(candidates: readonly Candidate[]): Candidate[] {
  if (candidates.length === 1) {
    // A lone candidate is not ordered: only what would make its key throw is checked (a
    // value with no JSON form), without writing the key (ADR 0051).
    const [candidate] = candidates as [Candidate];
    if (hasUsualShape(candidate)) canonicalJson(candidate.value);
    else candidateOrderKey(candidate);
    return [candidate];
  }
  const byKey = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = candidateOrderKey(candidate);
    if (!byKey.has(key)) byKey.set(key, candidate);
  }
  return [...byKey.entries()].sort(([left], [right]) => compareStrings(left, right)).map(([, candidate]) => candidate);
}

/**
 * The field's evidence by id; of records sharing an id, the one whose canonical JSON comes
 * first (whatever order they came in). Only lookups and order-free tallies read the index,
 * so its own order is the order records came in: nothing is sorted unless ids repeat (ADR 0051).
 */
function evidenceIndex(evidence: readonly Evidence[]): Map<string, Evidence> {
  const index = new Map<string, Evidence>();
  for (const record of evidence) {
    const held = index.get(record.id);
    if (held === undefined) index.set(record.id, record);
    else if (compareStrings(canonicalJson(record as unknown as JsonValue), canonicalJson(held as unknown as JsonValue)) < 0) index.set(record.id, record);
  }
  return index;
}

function strongestFinding(prepared: Prepared, fieldType: FieldType): number {
  let strongest = 0;
  for (const record of prepared.evidence) strongest = Math.max(strongest, findingStrength(record, fieldType) ?? 0);
  if (strongest === 0 && !prepared.evidence.some(isVerdictEvidence)) strongest = NO_EVIDENCE_STRENGTH;
  return strongest * currencyFactorOf(prepared);
}

function currencyFactorOf(prepared: Prepared): number {
  if (prepared.currencySource === null) return 1;
  return currencyFactor(prepared.currencySource, moneyCurrency(prepared.value), prepared.dominantCurrency);
}

function moneyCurrency(value: JsonValue): string | null {
  return isPlainObject(value) && typeof value.currency === 'string' ? value.currency : null;
}

function moneyAmount(value: JsonValue): string {
  return isPlainObject(value) && typeof value.amount === 'string' ? value.amount : '0';
}

function evidenceCurrencySource(evidence: readonly Evidence[]): CurrencySource | null {
  const sources = new Set<string>();
  for (const record of evidence) {
    const source = currencySourceOf(record);
    if (source !== null) sources.add(source);
  }
  // The most doubtful statement wins: an ambiguous symbol outweighs a code seen elsewhere.
  for (const source of ['symbol-ambiguous', 'none', 'hint', 'document', 'symbol', 'code'] as const) {
    if (sources.has(source)) return source;
  }
  return null;
}

/**
 * Runs every step up to the choice of a value, without statuses or fallbacks. The
 * early-stop scorer and `reconcileField` share it, so they always agree.
 */
export function assessField(field: CanonicalField, result: CandidateResult | undefined, context: FieldContext): FieldAssessment {
  const diagnostics: Diagnostic[] = [];
  const statedDominant = context.documentContext?.dominantCurrency ?? null;
  const dominantCurrency = isIsoCurrencyCode(statedDominant) ? statedDominant : null;
  const evidenceById = evidenceIndex(result?.evidence ?? []);
  // Without a candidate there is no value: groups are formed from candidates only (loose
  // verdicts attach to them), so nothing below would add a group or a diagnostic.
  if (result === undefined || result.candidates.length === 0) return noValue(emptyReasonOf(result, 0), diagnostics);
  const candidates = canonicalCandidates(result.candidates);
  let constraintDrops = 0;
  const prepared: Prepared[] = [];

  for (const candidate of candidates) {
    const evidence: Evidence[] = [];
    for (const id of candidate.evidenceIds) {
      const record = evidenceById.get(id);
      if (record !== undefined) evidence.push(record);
    }
    const phrase = injectionPhrase(candidate.value);
    if (phrase !== null) {
      diagnostics.push(makeDiagnostic(field, 'PROMPT_INJECTION', 'WARNING', `Dropped a candidate that looks like an instruction to a model ("${phrase}").`, { phrase }, candidate.capability));
      continue;
    }
    const looksInferred = isInferenceTier(candidate.tier) || evidence.some((record) => record.kind === 'INFERENCE');
    if (looksInferred && !evidence.some(isGroundedInference)) {
      diagnostics.push(makeDiagnostic(field, 'UNGROUNDED_INFERENCE', 'WARNING', 'Dropped a model answer that did not pass the inference validation boundary (no grounded quote).', {}, candidate.capability));
      continue;
    }
    const parsed = parseCandidateValue(field, candidate.value, candidate.raw);
    if (!parsed.ok) {
      constraintDrops += 1;
      diagnostics.push(makeDiagnostic(field, 'CONSTRAINT_FAILED', 'WARNING', `Dropped a candidate: type ${field.type}: ${parsed.reason}.`, { constraint: 'type', reason: parsed.reason, value: candidate.value }, candidate.capability));
      continue;
    }
    if (parsed.reparsed) {
      diagnostics.push(makeDiagnostic(field, 'VALUE_REPARSED', 'INFO', `Read ${JSON.stringify(candidate.raw || candidate.value)} as ${canonicalJson(parsed.value)}.`, { value: parsed.value }, candidate.capability));
    }
    const entry: Prepared = { candidate, evidence, value: parsed.value, currencySource: null, ceiling: 1, dominantCurrency };
    if (field.type === 'MONEY' && parsed.value !== null) settleOwnCurrency(field, entry, parsed.currencyReading ?? null, dominantCurrency, diagnostics);
    prepared.push(entry);
  }

  let admitted = prepared;
  if (field.type === 'MONEY') {
    const before = admitted.length;
    admitted = enforceCurrencyPolicy(field, admitted, context.policy, dominantCurrency, diagnostics);
    constraintDrops += before - admitted.length;
  }

  const checked: Prepared[] = [];
  for (const entry of admitted) {
    const failures = checkConstraints(field, entry.value);
    if (failures.length > 0) {
      constraintDrops += 1;
      const summary = failures.map((failure) => `${failure.kind}: ${failure.reason}`).join('; ');
      diagnostics.push(
        makeDiagnostic(field, 'CONSTRAINT_FAILED', 'WARNING', `Dropped candidate ${canonicalJson(entry.value)}: ${summary}.`, {
          value: entry.value,
          failures: failures.map((failure) => ({ kind: failure.kind, params: failure.params, reason: failure.reason })),
        }, entry.candidate.capability),
      );
      continue;
    }
    checked.push(entry);
  }

  const groups = gradeGroups(field, checked, evidenceById, diagnostics);
  if (groups.length === 0) {
    return noValue(emptyReasonOf(result, constraintDrops), diagnostics);
  }

  const policy = context.policy.structuredData ?? 'prefer';
  const sourced = applyStructuredDataPolicy(groups, policy);
  if (sourced.mismatch !== null) diagnostics.push(mismatchDiagnostic(field.path, sourced.mismatch, policy, (value) => canonicalJson(value)));
  if (sourced.groups.length === 0) {
    return noValue(emptyReasonOf(result, constraintDrops), diagnostics);
  }
  const [leader, ...others] = sourced.groups as [Group, ...Group[]];
  const competitors = others.filter((group) => group.confidence >= CONFLICT_NOISE_FLOOR);
  let confidence = leader.confidence;
  for (const competitor of competitors) {
    confidence *= 1 - (CONFLICT_WEIGHT * (competitor.confidence - CONFLICT_NOISE_FLOOR)) / (1 - CONFLICT_NOISE_FLOOR);
  }
  const strongConflict = competitors.some((competitor) => competitor.confidence >= STRONG_CONFLICT_STRENGTH);
  if (strongConflict) confidence = Math.min(confidence, STRONG_CONFLICT_CAP);
  // A structured value the page disputes is kept, below CERTAIN (policy `prefer`).
  if (sourced.disputed.length > 0) confidence = Math.min(confidence, STRUCTURED_DATA_DISPUTED_CAP);
  let conflict: ConflictRecord | null = null;
  const rivals = [...competitors, ...sourced.disputed];
  if (rivals.length > 0) {
    conflict = { values: [leader, ...rivals].map((group) => ({ value: group.value, confidence: group.confidence, evidenceIds: group.evidenceIds })) };
    diagnostics.push(
      makeDiagnostic(
        field,
        'CONFLICT',
        'WARNING',
        `Candidates disagree: ${[leader, ...rivals].map((group) => `${canonicalJson(group.value)} (${group.confidence.toFixed(3)})`).join(' vs ')}${strongConflict ? '; both sides are strong, so no value is chosen' : ''}.`,
        { values: conflict.values.map((entry) => entry.value), strong: strongConflict },
      ),
    );
  }
  return {
    value: leader.value,
    hasValue: true,
    confidence,
    confidenceBeforeConflict: leader.confidence,
    evidenceIds: leader.evidenceIds,
    conflict,
    strongConflict,
    emptyReason: null,
    diagnostics,
  };
}

/** The assessment of a field with no usable value. */
function noValue(emptyReason: UnresolvedReason, diagnostics: readonly Diagnostic[]): FieldAssessment {
  return { value: null, hasValue: false, confidence: 0, confidenceBeforeConflict: 0, evidenceIds: [], conflict: null, strongConflict: false, emptyReason, diagnostics };
}

function settleOwnCurrency(field: CanonicalField, entry: Prepared, reading: ReturnType<typeof readCurrency>, dominantCurrency: string | null, diagnostics: Diagnostic[]): void {
  let currency = moneyCurrency(entry.value);
  let source: CurrencySource | null = evidenceCurrencySource(entry.evidence);
  if (currency !== null) {
    entry.currencySource = source ?? 'code';
    return;
  }
  const nearby = reading ?? readCurrency(entry.candidate.raw);
  if (nearby !== null) {
    currency = nearby.currency;
    source = nearby.source;
  } else if (field.currency !== null) {
    currency = field.currency;
    source = 'contract';
  } else if (dominantCurrency !== null) {
    currency = dominantCurrency;
    source = 'document';
    diagnostics.push(
      makeDiagnostic(field, 'CURRENCY_ASSUMED', 'INFO', `No currency stated with amount ${moneyAmount(entry.value)}; using the document's dominant currency ${dominantCurrency}.`, { currency: dominantCurrency, source: 'document' }, entry.candidate.capability),
    );
  } else {
    source = 'none';
  }
  entry.currencySource = source;
  if (currency === null) {
    entry.ceiling = UNKNOWN_CURRENCY_CAP;
    diagnostics.push(makeDiagnostic(field, 'CURRENCY_UNRESOLVED', 'WARNING', `No currency could be established for amount ${moneyAmount(entry.value)}; it cannot be a confident MONEY value.`, {}, entry.candidate.capability));
  } else {
    entry.value = { amount: moneyAmount(entry.value), currency };
  }
}

function convertEntry(field: CanonicalField, entry: Prepared, target: string, policy: Policy, diagnostics: Diagnostic[]): boolean {
  const from = moneyCurrency(entry.value)!;
  const rate = fxRate(policy, from, target);
  if (rate === null) return false;
  const amount = convertAmount(moneyAmount(entry.value), rate, target);
  diagnostics.push(
    makeDiagnostic(field, 'FX_CONVERTED', 'INFO', `Converted ${moneyAmount(entry.value)} ${from} to ${amount} ${target} at ${formatDecimal(rate)} (policy fxRates).`, { from, to: target, rate: formatDecimal(rate), amount }, entry.candidate.capability),
  );
  entry.value = { amount, currency: target };
  return true;
}

/** Applies the contract currency and the policy's currency rule across candidates. */
function enforceCurrencyPolicy(field: CanonicalField, entries: Prepared[], policy: Policy, dominantCurrency: string | null, diagnostics: Diagnostic[]): Prepared[] {
  const mode = policy.currencyPolicy;
  let kept = entries;
  if (field.currency !== null) {
    const required = field.currency;
    kept = kept.filter((entry) => {
      const currency = moneyCurrency(entry.value);
      if (currency === null || currency === required) return true;
      if (mode !== 'STRICT_MATCH' && convertEntry(field, entry, required, policy, diagnostics)) return true;
      const why = mode === 'STRICT_MATCH' ? 'STRICT_MATCH does not convert' : `no rate ${currency}/${required} in policy.fxRates`;
      diagnostics.push(makeDiagnostic(field, mode === 'STRICT_MATCH' ? 'CURRENCY_MISMATCH' : 'MISSING_FX_RATE', 'WARNING', `Dropped ${moneyAmount(entry.value)} ${currency}: the contract requires ${required} and ${why}.`, { currency, required }, entry.candidate.capability));
      return false;
    });
  }
  const currencies = [...new Set(kept.map((entry) => moneyCurrency(entry.value)).filter((currency): currency is string => currency !== null))].sort(compareStrings);
  if (currencies.length < 2) return kept;
  if (mode === 'STRICT_MATCH') {
    diagnostics.push(makeDiagnostic(field, 'CURRENCY_MISMATCH', 'WARNING', `Candidates in ${currencies.join(', ')} are not merged (currency policy STRICT_MATCH).`, { currencies }));
    return kept;
  }
  // The target is the currency of the strongest sighting; ties go to the dominant currency, then the code.
  const strengthByCurrency = new Map<string, number>();
  for (const entry of kept) {
    const currency = moneyCurrency(entry.value);
    if (currency !== null) strengthByCurrency.set(currency, Math.max(strengthByCurrency.get(currency) ?? 0, strongestFinding(entry, field.type)));
  }
  const target = [...strengthByCurrency.entries()].sort(
    ([leftCurrency, left], [rightCurrency, right]) => right - left || Number(rightCurrency === dominantCurrency) - Number(leftCurrency === dominantCurrency) || compareStrings(leftCurrency, rightCurrency),
  )[0]![0];
  return kept.filter((entry) => {
    const currency = moneyCurrency(entry.value);
    if (currency === null || currency === target) return true;
    if (convertEntry(field, entry, target, policy, diagnostics)) return true;
    if (mode === 'ALLOW_FX') {
      diagnostics.push(makeDiagnostic(field, 'MISSING_FX_RATE', 'WARNING', `No rate ${currency}/${target} in policy.fxRates; ${moneyAmount(entry.value)} ${currency} is kept unconverted and competes with ${target} values.`, { from: currency, to: target }, entry.candidate.capability));
      return true;
    }
    diagnostics.push(makeDiagnostic(field, 'MISSING_FX_RATE', 'WARNING', `Rejected ${moneyAmount(entry.value)} ${currency}: no rate ${currency}/${target} in policy.fxRates (REJECT_WITHOUT_RATE).`, { from: currency, to: target }, entry.candidate.capability));
    return false;
  });
}

function outputValue(field: CanonicalField, value: JsonValue): JsonValue {
  if (field.type !== 'MONEY' || !isPlainObject(value)) return value;
  const currency = moneyCurrency(value);
  return { amount: formatDecimalText(moneyAmount(value), currency === null ? 0 : currencyMinorUnits(currency)), currency };
}

/** The value a check names (`checks` of arithmetic or validation grounds), or undefined. */
function checkedValueOf(record: Evidence): JsonValue | undefined {
  const grounds = findingGrounds(record);
  return grounds !== null && (grounds.kind === 'arithmetic' || grounds.kind === 'validation') ? grounds.checks : undefined;
}

function amountOnlyKey(value: JsonValue): string {
  return `amount:${agreementKey('DECIMAL', moneyAmount(value))}`;
}

function gradeGroups(field: CanonicalField, entries: readonly Prepared[], evidenceById: ReadonlyMap<string, Evidence>, diagnostics: Diagnostic[]): Group[] {
  const byKey = new Map<string, Prepared[]>();
  const withoutCurrency: Prepared[] = [];
  for (const entry of entries) {
    if (field.type === 'MONEY' && isPlainObject(entry.value) && moneyCurrency(entry.value) === null) {
      withoutCurrency.push(entry);
      continue;
    }
    const key = agreementKey(field.type, entry.value);
    const members = byKey.get(key);
    if (members) members.push(entry);
    else byKey.set(key, [entry]);
  }
  // An amount stated without a currency supports every value with the same amount in a
  // known currency (as an assumed-currency sighting); only when there is none does it
  // stand alone, capped, as a value whose currency is unknown.
  for (const entry of withoutCurrency) {
    const amountKey = agreementKey('DECIMAL', moneyAmount(entry.value));
    const matching = [...byKey.entries()].filter(([, members]) => agreementKey('DECIMAL', moneyAmount(members[0]!.value)) === amountKey && moneyCurrency(members[0]!.value) !== null);
    if (matching.length === 0) {
      const key = agreementKey(field.type, entry.value);
      byKey.set(key, [...(byKey.get(key) ?? []), entry]);
      continue;
    }
    for (const [, members] of matching) {
      const currency = moneyCurrency(members[0]!.value)!;
      members.push({ ...entry, value: { amount: moneyAmount(entry.value), currency }, currencySource: 'candidates', ceiling: 1 });
      diagnostics.push(
        makeDiagnostic(field, 'CURRENCY_ASSUMED', 'INFO', `Amount ${moneyAmount(entry.value)} has no currency of its own; it agrees with candidates in ${currency}.`, { currency, source: 'candidates' }, entry.candidate.capability),
      );
    }
  }
  // Verdict evidence no candidate references applies to the value it names.
  const referenced = new Set<string>();
  for (const entry of entries) for (const id of entry.candidate.evidenceIds) referenced.add(id);
  const looseVerdicts = new Map<string, Evidence[]>();
  for (const record of evidenceById.values()) {
    if (!isVerdictEvidence(record) || referenced.has(record.id) || record.fieldPath !== field.path) continue;
    const named = checkedValueOf(record);
    if (named === undefined) continue;
    const parsed = parseCandidateValue(field, named, '');
    if (!parsed.ok) continue;
    // A checked amount without a currency applies to that amount in any currency.
    const key = field.type === 'MONEY' && isPlainObject(parsed.value) && moneyCurrency(parsed.value) === null ? amountOnlyKey(parsed.value) : agreementKey(field.type, parsed.value);
    looseVerdicts.set(key, [...(looseVerdicts.get(key) ?? []), record]);
  }

  const graded: { key: string; members: Prepared[]; evidence: { -readonly [K in keyof ValueEvidence]: ValueEvidence[K] }; labelled: boolean; verdictIds: readonly string[] }[] = [];
  for (const [key, members] of byKey) {
    const places = new Map<string, number>();
    const verdicts = new Map<string, Evidence>();
    let uniqueUnlabelled = 0;
    let standaloneStrength = 0;
    let ceiling = 0;
    let modelFinding = false;
    let deterministicFinding = false;
    // Ceilings of the model quotes behind the value (GROUNDS_STRENGTH['model-quote']): alone,
    // the best-justified quote's (a second, plainer quote never lowers it); in any case, the
    // tightest (one quote aimed at the model taints the value).
    let modelAloneCeiling = 0;
    let modelCeiling = 1;
    for (const member of members) {
      ceiling = Math.max(ceiling, member.ceiling);
      const factor = currencyFactorOf(member);
      let found = false;
      for (const record of member.evidence) {
        if (isVerdictEvidence(record)) {
          verdicts.set(record.id, record);
          continue;
        }
        const strength = findingStrength(record, field.type);
        if (strength === null) continue;
        found = true;
        const grounds = findingGrounds(record);
        if (grounds?.kind === 'model-quote') {
          modelFinding = true;
          const row = GROUNDS_STRENGTH['model-quote'][grounds.quote];
          modelAloneCeiling = Math.max(modelAloneCeiling, row.alone);
          modelCeiling = Math.min(modelCeiling, row.always);
        } else deterministicFinding = true;
        if (isUnlabelledFinding(grounds)) {
          // All unlabelled hits of one value are one sighting; only a hit unique in the
          // document adds agreement, others count on their own only.
          if (grounds.unique) uniqueUnlabelled = Math.max(uniqueUnlabelled, strength * factor);
          else standaloneStrength = Math.max(standaloneStrength, strength * factor);
          continue;
        }
        const place = placeOf(record);
        places.set(place, Math.max(places.get(place) ?? 0, strength * factor));
      }
      if (!found && !member.evidence.some(isVerdictEvidence)) {
        const place = `candidate:${member.candidate.capability}:${key}`;
        places.set(place, Math.max(places.get(place) ?? 0, NO_EVIDENCE_STRENGTH * factor));
      }
    }
    if (uniqueUnlabelled > 0) places.set('unlabelled', uniqueUnlabelled);
    for (const record of looseVerdicts.get(key) ?? []) verdicts.set(record.id, record);
    if (field.type === 'MONEY' && isPlainObject(members[0]!.value)) {
      for (const record of looseVerdicts.get(amountOnlyKey(members[0]!.value)) ?? []) verdicts.set(record.id, record);
    }
    let supportCount = 0;
    let contradictionCount = 0;
    let failedValidationCount = 0;
    let validated = false;
    for (const record of verdicts.values()) {
      if (record.kind === 'DERIVED' && record.verdict === 'SUPPORTS') supportCount += 1;
      else if (record.kind === 'DERIVED' && record.verdict === 'CONTRADICTS') contradictionCount += 1;
      else if (isFailedValidation(record)) failedValidationCount += 1;
      else if (record.kind === 'VALIDATION' && record.verdict === 'SUPPORTS') validated = true;
    }
    // A model's value is HIGH alone only when its quote labels it; otherwise only with
    // deterministic backing; and never when the quoted text speaks to the model.
    if (modelFinding && !deterministicFinding && supportCount === 0 && !validated) ceiling = Math.min(ceiling, modelAloneCeiling);
    ceiling = Math.min(ceiling, modelCeiling);
    // Uncontested speaks for the label having picked the right value, not for a currency
    // read from an ambiguous symbol or assumed: such a value gets no bonus.
    // A label only close to a term (an OCR misreading of "Total": "Tolal") names the field
    // as well when a check of the document's own arithmetic supports the value (ADR 0019 rev. 2).
    const labelled = members.some((member) => (member.evidence.some(isLabelEvidence) || (supportCount > 0 && member.evidence.some(isFuzzyLabelEvidence))) && currencyFactorOf(member) === 1);
    graded.push({ key, members, evidence: { placeStrengths: [...places.values()], standaloneStrength, supportCount, contradictionCount, failedValidationCount, ceiling }, labelled, verdictIds: [...verdicts.keys()] });
  }
  // A labelled value that is the only value proposed for the field is uncontested.
  const groups: Group[] = graded.map(({ key, members, evidence, labelled, verdictIds }) => {
    evidence.uncontested = labelled && graded.length === 1;
    const confidence = valueConfidence(evidence);
    const best = members.length === 1 ? members[0]! : [...members].sort((left, right) => strongestFinding(right, field.type) - strongestFinding(left, field.type) || compareStrings(canonicalJson(left.value), canonicalJson(right.value)))[0]!;
    const ids = new Set<string>();
    for (const member of members) for (const id of member.candidate.evidenceIds) ids.add(id);
    for (const id of verdictIds) ids.add(id);
    const evidenceIds = [...ids].sort(compareStrings);
    return { key, members, value: outputValue(field, best.value), confidence, strongest: strongestFinding(best, field.type), evidenceIds };
  });
  return groups.sort((left, right) => right.confidence - left.confidence || right.strongest - left.strongest || compareStrings(left.key, right.key));
}

function emptyReasonOf(result: CandidateResult | undefined, constraintDrops: number): UnresolvedReason {
  if (constraintDrops > 0) return 'CONSTRAINT_FAILURE';
  if (result === undefined) return 'NO_CANDIDATE';
  if (result.status === 'SHORT_CIRCUITED' && result.shortCircuit === 'EMPTY_INPUT') return 'EMPTY_INPUT';
  if (result.status === 'EXECUTION_FAILED' || result.status === 'ABORTED') return 'EXECUTION_FAILED';
  const budgetExcluded = result.diagnostics.some((diagnostic) => diagnostic.code === 'BUDGET_EXCLUDES');
  const budgetSkippedAll = result.steps.length > 0 && result.steps.every((step) => step.outcome === 'SKIPPED_BUDGET');
  if (budgetExcluded || budgetSkippedAll) return 'BUDGET';
  return 'NO_CANDIDATE';
}

function shouldApplyDefault(field: CanonicalField): boolean {
  if (!field.hasDefault) return false;
  return field.fallback === 'USE_DEFAULT' || (field.fallback === 'UNRESOLVED' && !field.required);
}

/**
 * The ResolvedResult of one scalar field: assessment, then statuses (UNRESOLVED below the
 * field's threshold, SUCCESS at or above the policy floor, PARTIAL_SUCCESS between) and
 * fallbacks (default, human review).
 */
export function reconcileField(field: CanonicalField, result: CandidateResult | undefined, context: FieldContext): ResolvedResult {
  const assessment = assessField(field, result, context);
  return finishField(field, assessment, context.policy);
}

/** Applies statuses and fallbacks to an assessment. */
export function finishField(field: CanonicalField, assessment: FieldAssessment, policy: Policy): ResolvedResult {
  const diagnostics = [...assessment.diagnostics];
  const threshold = field.confidenceThreshold;
  const confidence = assessment.confidence;
  if (assessment.hasValue && !assessment.strongConflict && confidence >= threshold) {
    return {
      fieldPath: field.path,
      status: confidence >= policy.confidenceFloor ? 'SUCCESS' : 'PARTIAL_SUCCESS',
      value: assessment.value,
      confidence,
      band: bandOf(confidence),
      evidenceIds: assessment.evidenceIds,
      diagnostics: diagnostics.sort(compareDiagnostics),
      defaulted: false,
      requiresHuman: false,
      unresolvedReason: null,
      conflict: assessment.conflict,
    };
  }
  let reason: UnresolvedReason;
  if (!assessment.hasValue) reason = assessment.emptyReason ?? 'NO_CANDIDATE';
  else if (assessment.strongConflict || (assessment.conflict !== null && assessment.confidenceBeforeConflict >= threshold)) reason = 'CONFLICT';
  else reason = 'BELOW_THRESHOLD';
  const detail = assessment.hasValue ? ` (confidence ${confidence.toFixed(3)} < threshold ${threshold.toFixed(3)})` : '';
  diagnostics.push(makeDiagnostic(field, 'FIELD_UNRESOLVED', 'INFO', `Field unresolved: ${reason}${detail}.`, { reason, confidence, threshold }));

  if (shouldApplyDefault(field)) {
    diagnostics.push(makeDiagnostic(field, 'FIELD_DEFAULTED', 'INFO', `Used the contract default ${canonicalJson(field.default)} (fallback ${field.fallback}) because the field was unresolved: ${reason}.`, { default: field.default, fallback: field.fallback, reason }));
    return {
      fieldPath: field.path,
      status: 'PARTIAL_SUCCESS',
      value: field.default,
      confidence: DEFAULT_VALUE_CONFIDENCE,
      band: bandOf(DEFAULT_VALUE_CONFIDENCE),
      evidenceIds: [],
      diagnostics: diagnostics.sort(compareDiagnostics),
      defaulted: true,
      requiresHuman: false,
      unresolvedReason: null,
      conflict: assessment.conflict,
    };
  }
  if (field.fallback === 'USE_DEFAULT') {
    diagnostics.push(makeDiagnostic(field, 'NO_DEFAULT', 'WARNING', 'Fallback USE_DEFAULT but the contract declares no default.', {}));
  }
  const requiresHuman = field.fallback === 'REQUIRE_HUMAN';
  if (requiresHuman) diagnostics.push(makeDiagnostic(field, 'REQUIRES_HUMAN', 'WARNING', `Field needs human review (fallback REQUIRE_HUMAN): ${reason}.`, { reason }));
  return {
    fieldPath: field.path,
    status: reason === 'EXECUTION_FAILED' ? 'EXECUTION_FAILED' : 'UNRESOLVED',
    value: null,
    confidence,
    band: bandOf(confidence),
    evidenceIds: assessment.hasValue ? assessment.evidenceIds : [],
    diagnostics: diagnostics.sort(compareDiagnostics),
    defaulted: false,
    requiresHuman,
    unresolvedReason: reason,
    conflict: assessment.conflict,
  };
}
