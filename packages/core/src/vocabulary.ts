/**
 * The enumerations every layer speaks: field types, statuses, confidence bands,
 * capability tiers and diagnostic severities. Each is a frozen object of string (or
 * number) constants plus a union type of the same name, so values serialize as
 * themselves and can be checked at runtime with the `is…` guards.
 */

/** Canonical field types of a contract (ARCHITECTURE §4). */
export const FieldType = Object.freeze({
  STRING: 'STRING',
  INTEGER: 'INTEGER',
  DECIMAL: 'DECIMAL',
  BOOLEAN: 'BOOLEAN',
  DATE: 'DATE',
  ENUM: 'ENUM',
  OBJECT: 'OBJECT',
  ARRAY: 'ARRAY',
  MONEY: 'MONEY',
} as const);
export type FieldType = (typeof FieldType)[keyof typeof FieldType];
export const FIELD_TYPES: readonly FieldType[] = Object.freeze(Object.values(FieldType));
export function isFieldType(value: unknown): value is FieldType {
  return typeof value === 'string' && (FIELD_TYPES as readonly string[]).includes(value);
}

/**
 * Statuses of a field result and of a whole artifact. `INVALID_CONTRACT`,
 * `INPUT_TOO_LARGE` and `EXECUTION_FAILED` are artifact-level outcomes that end a run
 * before (or instead of) reconciliation.
 */
export const Status = Object.freeze({
  SUCCESS: 'SUCCESS',
  PARTIAL_SUCCESS: 'PARTIAL_SUCCESS',
  UNRESOLVED: 'UNRESOLVED',
  EXECUTION_FAILED: 'EXECUTION_FAILED',
  INVALID_CONTRACT: 'INVALID_CONTRACT',
  INPUT_TOO_LARGE: 'INPUT_TOO_LARGE',
} as const);
export type Status = (typeof Status)[keyof typeof Status];
export const STATUSES: readonly Status[] = Object.freeze(Object.values(Status));
export function isStatus(value: unknown): value is Status {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

/** Confidence bands (ARCHITECTURE §8). Lower bounds are inclusive. */
export const ConfidenceBand = Object.freeze({
  CERTAIN: 'CERTAIN',
  HIGH: 'HIGH',
  MEDIUM: 'MEDIUM',
  LOW: 'LOW',
  UNTRUSTED: 'UNTRUSTED',
} as const);
export type ConfidenceBand = (typeof ConfidenceBand)[keyof typeof ConfidenceBand];

/** Inclusive lower bound of each band, highest first. */
export const CONFIDENCE_BAND_LOWER_BOUNDS: ReadonlyArray<readonly [ConfidenceBand, number]> = Object.freeze([
  [ConfidenceBand.CERTAIN, 0.95],
  [ConfidenceBand.HIGH, 0.8],
  [ConfidenceBand.MEDIUM, 0.6],
  [ConfidenceBand.LOW, 0.3],
  [ConfidenceBand.UNTRUSTED, 0],
] as const);

/**
 * The band a confidence falls in.
 * @example bandOf(0.97) // 'CERTAIN'
 */
export function bandOf(confidence: number): ConfidenceBand {
  if (!Number.isFinite(confidence)) return ConfidenceBand.UNTRUSTED;
  for (const [band, lowerBound] of CONFIDENCE_BAND_LOWER_BOUNDS) {
    if (confidence >= lowerBound) return band;
  }
  return ConfidenceBand.UNTRUSTED;
}

/**
 * Capability tiers, cheapest first (ARCHITECTURE §5). The number is the tier's rank in
 * the heuristic chain and enters the planner's score as `tier × 10000`.
 */
export const CapabilityTier = Object.freeze({
  EXPLICIT_EVIDENCE: 1,
  LOCAL_DETERMINISTIC: 2,
  STRUCTURED_LOOKUP: 3,
  DERIVED_COMPUTATION: 4,
  LOCAL_INFERENCE: 5,
  REMOTE_INFERENCE: 6,
  UNRESOLVED: 7,
} as const);
export type CapabilityTier = (typeof CapabilityTier)[keyof typeof CapabilityTier];
export const CAPABILITY_TIERS: readonly CapabilityTier[] = Object.freeze(Object.values(CapabilityTier));
export function isCapabilityTier(value: unknown): value is CapabilityTier {
  return typeof value === 'number' && (CAPABILITY_TIERS as readonly number[]).includes(value);
}
/** Name of a tier, e.g. `tierName(5) === 'LOCAL_INFERENCE'`. */
export function tierName(tier: CapabilityTier): keyof typeof CapabilityTier {
  const entry = Object.entries(CapabilityTier).find(([, rank]) => rank === tier);
  return (entry?.[0] ?? 'UNRESOLVED') as keyof typeof CapabilityTier;
}
/** True for the two model tiers, which cost money and are gated by policy. */
export function isInferenceTier(tier: CapabilityTier): boolean {
  return tier === CapabilityTier.LOCAL_INFERENCE || tier === CapabilityTier.REMOTE_INFERENCE;
}

/** Severity of a diagnostic. */
export const DiagnosticSeverity = Object.freeze({
  ERROR: 'ERROR',
  WARNING: 'WARNING',
  INFO: 'INFO',
} as const);
export type DiagnosticSeverity = (typeof DiagnosticSeverity)[keyof typeof DiagnosticSeverity];

/** Fallback applied to a field that stays below its threshold. */
export const Fallback = Object.freeze({
  UNRESOLVED: 'UNRESOLVED',
  USE_DEFAULT: 'USE_DEFAULT',
  REQUIRE_HUMAN: 'REQUIRE_HUMAN',
} as const);
export type Fallback = (typeof Fallback)[keyof typeof Fallback];
export function isFallback(value: unknown): value is Fallback {
  return typeof value === 'string' && Object.values(Fallback).includes(value as Fallback);
}

/** How MONEY candidates in different currencies are treated. */
export const CurrencyPolicy = Object.freeze({
  STRICT_MATCH: 'STRICT_MATCH',
  ALLOW_FX: 'ALLOW_FX',
  REJECT_WITHOUT_RATE: 'REJECT_WITHOUT_RATE',
} as const);
export type CurrencyPolicy = (typeof CurrencyPolicy)[keyof typeof CurrencyPolicy];
export function isCurrencyPolicy(value: unknown): value is CurrencyPolicy {
  return typeof value === 'string' && Object.values(CurrencyPolicy).includes(value as CurrencyPolicy);
}
