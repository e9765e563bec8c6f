/**
 * Policy: what a run is allowed to do and how strict it is. `createPolicy` fills the
 * defaults and rejects unknown keys, wrong types and out-of-range values with
 * `InvalidPolicyError`. `mergePolicy` computes the effective policy (the contract's own
 * policy over the call site's), which every later subsystem reads from the plan.
 */
import { InvalidPolicyError } from './errors/invalid-policy-error.js';
import { isPlainObject } from './json.js';
import { isIsoCurrencyCode } from './money/currency.js';
import { formatDecimal, parseDecimal } from './money/decimal.js';
import { CurrencyPolicy, isCurrencyPolicy } from './vocabulary.js';

export interface Policy {
  readonly allowRemoteInference: boolean;
  readonly allowLocalInference: boolean;
  /** Confidence at or above which a field is SUCCESS. */
  readonly confidenceFloor: number;
  /** When true, an unresolved required field demotes the artifact only to PARTIAL_SUCCESS. */
  readonly unresolvedAcceptable: boolean;
  readonly currencyPolicy: CurrencyPolicy;
  /** Rates as decimal strings keyed `"EUR/USD"` (1 EUR = rate USD). */
  readonly fxRates: Readonly<Record<string, string>>;
  readonly recordInferenceIO: boolean;
  readonly logRawInput: boolean;
  /** Skip the rest of a field's chain once its target confidence is met. */
  readonly earlyStop: boolean;
  /**
   * What structured data the input carries (an e-invoice's XML) counts for, when it states
   * a field the page states too: `prefer` (absent means this) — the structured value wins,
   * confirmed by an agreeing page and lowered (never CERTAIN) with a
   * `STRUCTURED_DATA_MISMATCH` when the page says otherwise; `crossCheckOnly` — it only
   * confirms or disputes what the page states and never fills a field alone; `ignore` —
   * it is not read.
   */
  readonly structuredData?: StructuredDataPolicy;
}

/** How structured data the input carries is used (`Policy.structuredData`). */
export type StructuredDataPolicy = 'prefer' | 'crossCheckOnly' | 'ignore';

/** The values of `Policy.structuredData`. */
export const STRUCTURED_DATA_POLICIES: readonly StructuredDataPolicy[] = Object.freeze(['prefer', 'crossCheckOnly', 'ignore']);

export type PolicyInput = { readonly [K in keyof Policy]?: K extends 'fxRates' ? Readonly<Record<string, string | number>> : Policy[K] };

export const DEFAULT_POLICY: Policy = Object.freeze({
  allowRemoteInference: false,
  allowLocalInference: true,
  confidenceFloor: 0.8,
  unresolvedAcceptable: false,
  currencyPolicy: CurrencyPolicy.STRICT_MATCH,
  fxRates: Object.freeze({}),
  recordInferenceIO: false,
  logRawInput: false,
  earlyStop: true,
});

const BOOLEAN_KEYS = ['allowRemoteInference', 'allowLocalInference', 'unresolvedAcceptable', 'recordInferenceIO', 'logRawInput', 'earlyStop'] as const;
/** Policy options without a default: absent unless set, so a run that does not set them has the plan it had before they existed. */
export const OPTIONAL_POLICY_KEYS: readonly (keyof Policy)[] = Object.freeze(['structuredData'] as (keyof Policy)[]);
/** Every policy option: those with a default, then the optional ones. */
export const POLICY_KEYS: readonly (keyof Policy)[] = Object.freeze([...(Object.keys(DEFAULT_POLICY) as (keyof Policy)[]), ...OPTIONAL_POLICY_KEYS]);
const FX_PAIR = /^([A-Z]{3})\/([A-Z]{3})$/;

/** Validates a partial policy and returns only the keys it sets, normalized. */
export function validatePolicyInput(input: unknown): Partial<Policy> {
  if (input === null || input === undefined) return {};
  if (!isPlainObject(input)) throw new InvalidPolicyError('Policy must be a plain object.', { context: { received: typeof input } });
  const unknownKeys = Object.keys(input).filter((key) => !(POLICY_KEYS as readonly string[]).includes(key));
  if (unknownKeys.length > 0) {
    throw new InvalidPolicyError(`Unknown policy option(s): ${unknownKeys.join(', ')}. Known: ${POLICY_KEYS.join(', ')}.`, { context: { unknownKeys } });
  }
  const result: { -readonly [K in keyof Policy]?: Policy[K] } = {};
  for (const key of BOOLEAN_KEYS) {
    const value = input[key];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new InvalidPolicyError(`${key} must be a boolean, got ${typeof value}.`, { context: { key } });
    result[key] = value;
  }
  if (input.confidenceFloor !== undefined) {
    const floor = input.confidenceFloor;
    if (typeof floor !== 'number' || !Number.isFinite(floor) || floor < 0 || floor > 1) {
      throw new InvalidPolicyError(`confidenceFloor must be a number in [0, 1], got ${String(floor)}.`, { code: 'INVALID_CONFIDENCE_FLOOR', context: { key: 'confidenceFloor', value: String(floor) } });
    }
    result.confidenceFloor = floor;
  }
  if (input.currencyPolicy !== undefined) {
    if (!isCurrencyPolicy(input.currencyPolicy)) {
      throw new InvalidPolicyError(`currencyPolicy must be one of ${Object.values(CurrencyPolicy).join(', ')}, got ${String(input.currencyPolicy)}.`, { context: { key: 'currencyPolicy' } });
    }
    result.currencyPolicy = input.currencyPolicy;
  }
  if (input.fxRates !== undefined) result.fxRates = normalizeFxRates(input.fxRates);
  if (input.structuredData !== undefined) {
    if (!STRUCTURED_DATA_POLICIES.includes(input.structuredData as StructuredDataPolicy)) {
      throw new InvalidPolicyError(`structuredData must be one of ${STRUCTURED_DATA_POLICIES.join(', ')}, got ${String(input.structuredData)}.`, { context: { key: 'structuredData' } });
    }
    result.structuredData = input.structuredData as StructuredDataPolicy;
  }
  return result;
}

function normalizeFxRates(rates: unknown): Readonly<Record<string, string>> {
  if (!isPlainObject(rates)) throw new InvalidPolicyError('fxRates must be an object like { "EUR/USD": "1.08" }.', { context: { key: 'fxRates' } });
  const normalized: Record<string, string> = {};
  for (const pair of Object.keys(rates).sort()) {
    const match = FX_PAIR.exec(pair);
    if (!match || !isIsoCurrencyCode(match[1]) || !isIsoCurrencyCode(match[2])) {
      throw new InvalidPolicyError(`fxRates key "${pair}" must be "<ISO 4217>/<ISO 4217>".`, { code: 'INVALID_FX_RATE', context: { key: 'fxRates', pair } });
    }
    const raw = rates[pair];
    let rate;
    try {
      rate = parseDecimal(raw as string | number);
    } catch (cause) {
      throw new InvalidPolicyError(`fxRates["${pair}"] must be a positive decimal, got ${String(raw)}.`, { code: 'INVALID_FX_RATE', context: { pair }, cause });
    }
    if (!rate.isPositive() || rate.isZero()) {
      throw new InvalidPolicyError(`fxRates["${pair}"] must be positive, got ${String(raw)}.`, { code: 'INVALID_FX_RATE', context: { pair } });
    }
    normalized[pair] = formatDecimal(rate);
  }
  return Object.freeze(normalized);
}

/**
 * A complete policy: defaults, then the given options.
 * @example createPolicy({ confidenceFloor: 0.9, currencyPolicy: 'ALLOW_FX', fxRates: { 'EUR/USD': '1.08' } })
 */
export function createPolicy(input: PolicyInput | Policy | null | undefined = {}): Policy {
  return Object.freeze({ ...DEFAULT_POLICY, ...validatePolicyInput(input) });
}

/**
 * The effective policy: defaults, then the call-site policy, then the contract's own
 * policy (which wins for that contract). Both inputs are validated.
 */
export function mergePolicy(callSite: PolicyInput | Policy | null | undefined, contractPolicy: PolicyInput | Partial<Policy> | null | undefined): Policy {
  return Object.freeze({ ...DEFAULT_POLICY, ...validatePolicyInput(callSite), ...validatePolicyInput(contractPolicy) });
}
