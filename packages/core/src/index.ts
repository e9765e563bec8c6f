/**
 * @paxman/core — the vocabulary shared by two or more layers: enumerations, the error
 * hierarchy, Money and decimals, Budget and Policy, candidate/evidence/diagnostic types,
 * canonical JSON and hashing, the clock, id helpers and the logger interface.
 */
export {
  FieldType,
  FIELD_TYPES,
  isFieldType,
  Status,
  STATUSES,
  isStatus,
  ConfidenceBand,
  CONFIDENCE_BAND_LOWER_BOUNDS,
  bandOf,
  CapabilityTier,
  CAPABILITY_TIERS,
  isCapabilityTier,
  tierName,
  isInferenceTier,
  DiagnosticSeverity,
  Fallback,
  isFallback,
  CurrencyPolicy,
  isCurrencyPolicy,
} from './vocabulary.js';
export * from './errors/index.js';
export { type JsonPrimitive, type JsonValue, type JsonObject, isPlainObject, losslessJsonText, deepFreeze, isDeeplyFrozen } from './json.js';
export { isAsciiText } from './ascii-text.js';
export { canonicalJson, canonicalHash, canonicalForm, canonicalData, sha256Hex, sha256HexOfParts, isSha256Hex, type CanonicalForm, type CanonicalJsonOptions } from './canonical-json.js';
export { Decimal, parseDecimal, isDecimalString, formatDecimal, formatDecimalText, comparePlainDecimalText, decimalTextOverPowerOfTen, quantizeDecimal } from './money/decimal.js';
export { type CurrencyCode, isIsoCurrencyCode, currencyMinorUnits, isoCurrencyCodes } from './money/currency.js';
export {
  type Money,
  type MoneyJson,
  money,
  addMoney,
  subtractMoney,
  compareMoney,
  moneyEquals,
  quantizeMoney,
  formatMoney,
  parseMoney,
} from './money/money.js';
export { type Budget, type BudgetInput, type BudgetJson, createBudget, budgetToJson } from './budget.js';
export { type Policy, type PolicyInput, type StructuredDataPolicy, DEFAULT_POLICY, OPTIONAL_POLICY_KEYS, POLICY_KEYS, STRUCTURED_DATA_POLICIES, createPolicy, mergePolicy, validatePolicyInput } from './policy.js';
export {
  type PageBox,
  type SourceSpan,
  EvidenceKind,
  type EvidenceVerdict,
  type Evidence,
  type Candidate,
  type DiagnosticStage,
  type Diagnostic,
  compareDiagnostics,
  compareStrings,
} from './evidence.js';
export {
  type Grounds,
  type FindingGrounds,
  type ReadingGrounds,
  type LabelMatch,
  type LabelPlacement,
  type LayoutRole,
  type ClauseReading,
  type RecognizerBacking,
  type ModelQuote,
  type CurrencySource,
  type SecondReadingVerdict,
  isReadingGrounds,
  findingGroundsOf,
  readingGroundsOf,
} from './grounds.js';
export { type Clock, type ManualClock, systemClock, manualClock } from './clock.js';
export { contentId, evidenceId, spanEvidenceId, evidenceIdPrefix, prefixedEvidenceId, type EvidenceIdPrefix, type IdGenerator, randomIdGenerator, sequentialIdGenerator } from './ids.js';
export { type Logger, silentLogger } from './logger.js';
export type { CandidateResult, FieldExecutionStatus, FieldScorer, FieldScoreInput, RunScorer, StepOutcome, StepRecord } from './candidate-result.js';
export { instructionPhrase, looksLikeInstruction } from './instruction-text.js';
export { compareVersions, isSemver } from './semver.js';
export type { ExecutionStatistics, StepStatistics } from './execution-statistics.js';
export { daysInMonth, isValidCalendarDay, isCalendarDate, isDateTime } from './calendar-date.js';
export { compileRe2, re2CompileError, type Re2Pattern } from './re2.js';
export { lazyConstant } from './lazy-constant.js';
export { DIAGNOSTIC_CODES, isPipelineDiagnosticCode, type DiagnosticCode, type PipelineDiagnosticCode, type CapabilityDefinedCode } from './diagnostic-codes.js';
