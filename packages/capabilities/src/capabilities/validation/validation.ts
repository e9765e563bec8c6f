/**
 * `validation` (tier 4, DERIVED_COMPUTATION): checks the candidates earlier steps proposed
 * for a field (`context.candidates`) against the field's constraints and semantic checks
 * (ISO 4217, IBAN checksum, Luhn, e-mail and URI syntax, calendar dates) and reports each
 * check as `VALIDATION` evidence with verdict `SUPPORTS` (passed) or `CONTRADICTS`
 * (failed). It never proposes a candidate.
 *
 * Tier: validation needs candidates to exist, so it sits in the last deterministic tier
 * (4) and declares a higher `costHint.ms` than `derived`, so a planner that orders by tier
 * then cost runs it after every candidate-producing deterministic step.
 */
import { canonicalJson, CapabilityTier, EvidenceKind, parseDecimal, type Candidate, type Decimal, type JsonValue } from '@paxman/core';
import type { CanonicalField, Constraint } from '@paxman/contract';
import { defaultLexicon, labelsForField, normalizeLabelText, splitIdentifier, type Lexicon } from '@paxman/values';
import { compileSafeRegex } from '@paxman/values';
import { capabilityKey, type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration } from '@paxman/capability-spi';
import { stringSemantic } from '../shared/field-reading.js';
import { createResultBuilder } from '../shared/result-builder.js';
import { isCalendarDate, isDateTime, isIsoCurrencyCode, isValidEmail, isValidIban, isValidUri, passesLuhn } from './semantic-checks.js';

/** The spec of `validation@1.1.0`. */
export const VALIDATION_SPEC: CapabilitySpec = Object.freeze({
  id: 'validation',
  version: '1.1.0',
  tier: CapabilityTier.DERIVED_COMPUTATION,
  acceptsTypes: Object.freeze(['*'] as const),
  costHint: Object.freeze({ tokens: 0, ms: 2, usd: '0' }),
  deterministic: true,
  description: 'Checks candidates against constraints and semantic rules; reports pass/fail evidence, never a value.',
});

type SemanticCheck = 'iso_4217' | 'iban' | 'luhn' | 'email' | 'uri' | 'calendar_date' | 'money_currency' | 'enum_value';

/** True when a word of the field's name is a one-word term of the concept in the lexicon ("card" or "PAN" of `payment-card`, "currency"). */
function nameHasTermOf(field: CanonicalField, lexicon: Lexicon, concept: string): boolean {
  const terms = new Set(lexicon.termsOfConcept(concept).filter((term) => !term.includes(' ')));
  return splitIdentifier(field.name)
    .split(' ')
    .some((word) => terms.has(normalizeLabelText(word)));
}

/** The step config for a field: its constraints and the semantic checks its type and name call for. */
export function configureValidation(field: CanonicalField, lexicon: Lexicon = defaultLexicon()): StepConfiguration {
  const checks: SemanticCheck[] = [];
  if (field.type === 'DATE') checks.push('calendar_date');
  if (field.type === 'MONEY') checks.push('money_currency');
  if (field.type === 'ENUM' && field.enumValues.length > 0 && !field.constraints.some((constraint) => constraint.kind === 'enum')) checks.push('enum_value');
  if (field.type === 'STRING' || field.type === 'ENUM') {
    const semantic = field.type === 'STRING' ? stringSemantic(field, labelsForField(field, lexicon), lexicon) : 'text';
    if (semantic === 'iban') checks.push('iban');
    if (semantic === 'email') checks.push('email');
    if (semantic === 'url') checks.push('uri');
    if (nameHasTermOf(field, lexicon, 'payment-card')) checks.push('luhn');
    if (nameHasTermOf(field, lexicon, 'currency') && !field.constraints.some((constraint) => constraint.kind === 'iso_4217')) checks.push('iso_4217');
  }
  const constraints = field.constraints.filter((constraint) => constraint.kind !== 'min_items' && constraint.kind !== 'max_items');
  if (constraints.length === 0 && checks.length === 0) return { skip: `No constraint or semantic check applies to ${field.path}.` };
  for (const constraint of constraints) {
    if (constraint.kind === 'pattern' && typeof constraint.params.regex === 'string') compileSafeRegex(constraint.params.regex);
  }
  return {
    config: {
      fieldType: field.type,
      constraints: constraints.map((constraint) => ({ kind: constraint.kind, params: constraint.params })),
      checks,
      // The allowed values matter only to the `enum_value` check (an `enum` constraint carries its own).
      ...(checks.includes('enum_value') ? { enumValues: field.enumValues.map((entry) => entry.value) } : {}),
    },
  };
}

interface CheckOutcome {
  readonly check: string;
  readonly passed: boolean;
  readonly reason?: string;
}

function amountOf(value: JsonValue): Decimal | null {
  try {
    if (typeof value === 'number' || typeof value === 'string') return parseDecimal(value);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const amount = (value as Record<string, JsonValue>).amount;
      if (typeof amount === 'string' || typeof amount === 'number') return parseDecimal(amount);
    }
  } catch {
    return null;
  }
  return null;
}

function bound(params: Readonly<Record<string, JsonValue>>, name: string): Decimal | null {
  const raw = params[name];
  return typeof raw === 'number' || typeof raw === 'string' ? amountOf(raw) : null;
}

function checkConstraint(constraint: Constraint, value: JsonValue): CheckOutcome | null {
  const params = constraint.params;
  const text = typeof value === 'string' ? value : null;
  switch (constraint.kind) {
    case 'min_length':
    case 'max_length': {
      if (text === null) return null;
      const length = [...text].length;
      const limit = Number(params[constraint.kind === 'min_length' ? 'min' : 'max']);
      const passed = constraint.kind === 'min_length' ? length >= limit : length <= limit;
      return { check: constraint.kind, passed, ...(passed ? {} : { reason: `length ${length}, limit ${limit}` }) };
    }
    case 'pattern': {
      if (text === null || typeof params.regex !== 'string') return null;
      const passed = compileSafeRegex(params.regex).test(text);
      return { check: 'pattern', passed, ...(passed ? {} : { reason: `does not match ${params.regex}` }) };
    }
    case 'min_value':
    case 'max_value':
    case 'exclusive_min_value':
    case 'exclusive_max_value': {
      const amount = amountOf(value);
      const limit = bound(params, constraint.kind.endsWith('min_value') ? 'min' : 'max');
      if (amount === null || limit === null) return null;
      const comparison = amount.comparedTo(limit);
      const passed =
        constraint.kind === 'min_value' ? comparison >= 0 : constraint.kind === 'max_value' ? comparison <= 0 : constraint.kind === 'exclusive_min_value' ? comparison > 0 : comparison < 0;
      return { check: constraint.kind, passed, ...(passed ? {} : { reason: `${amount.toString()} outside limit ${limit.toString()}` }) };
    }
    case 'enum': {
      const values = Array.isArray(params.values) ? params.values : [];
      const passed = values.some((allowed) => canonicalJson(allowed) === canonicalJson(value));
      return { check: 'enum', passed, ...(passed ? {} : { reason: 'not an allowed value' }) };
    }
    case 'iso_4217': {
      const code = text ?? currencyOf(value);
      if (code === null) return null;
      const passed = isIsoCurrencyCode(code);
      return { check: 'iso_4217', passed, ...(passed ? {} : { reason: `${code} is not an ISO 4217 code` }) };
    }
    case 'format': {
      if (text === null) return null;
      const format = params.format;
      const passed = format === 'date' ? isCalendarDate(text) : format === 'date-time' ? isDateTime(text) : format === 'email' ? isValidEmail(text) : format === 'uri' ? isValidUri(text) : true;
      return { check: `format:${String(format)}`, passed, ...(passed ? {} : { reason: `not a valid ${String(format)}` }) };
    }
    default:
      return null;
  }
}

function currencyOf(value: JsonValue): string | null {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const currency = (value as Record<string, JsonValue>).currency;
    return typeof currency === 'string' ? currency : null;
  }
  return null;
}

function runCheck(check: SemanticCheck, value: JsonValue, enumValues: readonly string[]): CheckOutcome | null {
  const text = typeof value === 'string' ? value : null;
  switch (check) {
    case 'enum_value':
      return text === null ? null : { check: 'enum', passed: enumValues.includes(text), ...(enumValues.includes(text) ? {} : { reason: 'not an allowed value' }) };
    case 'iban':
      return text === null ? null : { check, passed: isValidIban(text), ...(isValidIban(text) ? {} : { reason: 'IBAN checksum (mod 97) fails' }) };
    case 'luhn':
      return text === null ? null : { check, passed: passesLuhn(text), ...(passesLuhn(text) ? {} : { reason: 'Luhn checksum fails' }) };
    case 'email':
      return text === null ? null : { check, passed: isValidEmail(text), ...(isValidEmail(text) ? {} : { reason: 'not a syntactically valid e-mail address' }) };
    case 'uri':
      return text === null ? null : { check, passed: isValidUri(text), ...(isValidUri(text) ? {} : { reason: 'not an absolute URI' }) };
    case 'iso_4217':
      return text === null ? null : { check, passed: isIsoCurrencyCode(text), ...(isIsoCurrencyCode(text) ? {} : { reason: `${text} is not an ISO 4217 code` }) };
    case 'calendar_date':
      return text === null ? null : { check, passed: isCalendarDate(text), ...(isCalendarDate(text) ? {} : { reason: 'not a real calendar date' }) };
    case 'money_currency': {
      const currency = currencyOf(value);
      if (currency === null) return null;
      return { check, passed: isIsoCurrencyCode(currency), ...(isIsoCurrencyCode(currency) ? {} : { reason: `${currency} is not an ISO 4217 code` }) };
    }
  }
}

/** Creates the capability. */
export function createValidationCapability(options: { readonly lexicon?: Lexicon } = {}): Capability {
  const key = capabilityKey(VALIDATION_SPEC);
  const lexicon = options.lexicon ?? defaultLexicon();
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: VALIDATION_SPEC.tier, fieldPath: context.field.path });
    const constraints = (context.config.constraints ?? []) as unknown as readonly Constraint[];
    const checks = (context.config.checks ?? []) as unknown as readonly SemanticCheck[];
    const enumValues = (context.config.enumValues ?? []) as readonly string[];
    const seen = new Set<string>();
    const candidates: readonly Candidate[] = context.candidates ?? [];
    for (const candidate of candidates) {
      if (candidate.fieldPath !== context.field.path || candidate.value === null) continue;
      const valueKey = canonicalJson(candidate.value);
      if (seen.has(valueKey)) continue;
      seen.add(valueKey);
      const outcomes: CheckOutcome[] = [];
      for (const constraint of constraints) {
        const outcome = checkConstraint(constraint, candidate.value);
        if (outcome) outcomes.push(outcome);
      }
      for (const check of checks) {
        const outcome = runCheck(check, candidate.value, enumValues);
        if (outcome) outcomes.push(outcome);
      }
      for (const outcome of outcomes) {
        builder.evidence({
          kind: EvidenceKind.VALIDATION,
          spans: [],
          pattern: outcome.check,
          verdict: outcome.passed ? 'SUPPORTS' : 'CONTRADICTS',
          discriminator: `${outcome.check}:${valueKey}`,
          detail: { check: outcome.check, passed: outcome.passed, value: candidate.value, ...(outcome.reason ? { reason: outcome.reason } : {}) },
        });
      }
    }
    return builder.build();
  };
  return Object.freeze({ spec: VALIDATION_SPEC, configure: (field: CanonicalField) => configureValidation(field, lexicon), invoke });
}
