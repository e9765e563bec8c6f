/**
 * Budget: the caps a run must stay within. `createBudget` validates and normalizes what
 * a caller passes (numbers or decimal strings for USD; non-negative integers for counts
 * and milliseconds) and rejects anything else with `InvalidBudgetError`, naming the key.
 * An absent cap means uncapped.
 */
import { InvalidBudgetError } from './errors/invalid-budget-error.js';
import { isPlainObject } from './json.js';
import { type Decimal, formatDecimal, parseDecimal } from './money/decimal.js';

export interface Budget {
  readonly maxTotalCostUsd?: Decimal;
  readonly maxTotalLatencyMs?: number;
  readonly maxRemoteInferenceCalls?: number;
  readonly maxCapabilityInvocations?: number;
  readonly maxInputBytes?: number;
  /** Model tokens (prompt + completion) a run may spend, as the providers report them. */
  readonly maxTotalTokens?: number;
}

/** What a caller may pass: USD as a number or decimal string. */
export interface BudgetInput {
  readonly maxTotalCostUsd?: number | string | Decimal | null;
  readonly maxTotalLatencyMs?: number | null;
  readonly maxRemoteInferenceCalls?: number | null;
  readonly maxCapabilityInvocations?: number | null;
  readonly maxInputBytes?: number | null;
  readonly maxTotalTokens?: number | null;
}

/** The JSON form recorded in plans and artifacts. */
export interface BudgetJson {
  readonly maxTotalCostUsd?: string;
  readonly maxTotalLatencyMs?: number;
  readonly maxRemoteInferenceCalls?: number;
  readonly maxCapabilityInvocations?: number;
  readonly maxInputBytes?: number;
  readonly maxTotalTokens?: number;
}

const COUNT_KEYS = ['maxTotalLatencyMs', 'maxRemoteInferenceCalls', 'maxCapabilityInvocations', 'maxInputBytes', 'maxTotalTokens'] as const;
const BUDGET_KEYS: readonly string[] = ['maxTotalCostUsd', ...COUNT_KEYS];

/**
 * Validates and normalizes a budget.
 * @example createBudget({ maxTotalCostUsd: '0.10', maxRemoteInferenceCalls: 0 })
 */
export function createBudget(input?: BudgetInput | Budget | null): Budget {
  if (input === null || input === undefined) return NO_CAPS;
  return validatedBudget(input);
}

const NO_CAPS: Budget = Object.freeze({});

function validatedBudget(input: BudgetInput | Budget): Budget {
  if (!isPlainObject(input)) {
    throw new InvalidBudgetError('Budget must be a plain object.', { context: { received: typeof input } });
  }
  const unknownKeys = Object.keys(input).filter((key) => !BUDGET_KEYS.includes(key));
  if (unknownKeys.length > 0) {
    throw new InvalidBudgetError(`Unknown budget option(s): ${unknownKeys.join(', ')}. Known: ${BUDGET_KEYS.join(', ')}.`, {
      context: { unknownKeys },
    });
  }
  const budget: { -readonly [K in keyof Budget]: Budget[K] } = {};
  const usd = input.maxTotalCostUsd;
  if (usd !== undefined && usd !== null) {
    if (typeof usd === 'boolean') {
      throw new InvalidBudgetError('maxTotalCostUsd must be a number or a decimal string, not a boolean.', { context: { key: 'maxTotalCostUsd' } });
    }
    let parsed: Decimal;
    try {
      parsed = parseDecimal(usd as string | number | Decimal);
    } catch (cause) {
      throw new InvalidBudgetError(`maxTotalCostUsd must be a finite decimal, got ${String(usd)}.`, { context: { key: 'maxTotalCostUsd', value: String(usd) }, cause });
    }
    if (parsed.isNegative() && !parsed.isZero()) {
      throw new InvalidBudgetError(`maxTotalCostUsd must not be negative, got ${String(usd)}.`, { context: { key: 'maxTotalCostUsd', value: String(usd) } });
    }
    budget.maxTotalCostUsd = parsed;
  }
  for (const key of COUNT_KEYS) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      throw new InvalidBudgetError(`${key} must be a non-negative integer, got ${String(value)}.`, { context: { key, value: String(value) } });
    }
    budget[key] = value;
  }
  return Object.freeze(budget);
}

/** JSON form (USD as a decimal string), with keys in a fixed order. */
export function budgetToJson(budget: Budget): BudgetJson {
  const json: { -readonly [K in keyof BudgetJson]: BudgetJson[K] } = {};
  if (budget.maxTotalCostUsd !== undefined) json.maxTotalCostUsd = formatDecimal(budget.maxTotalCostUsd);
  for (const key of COUNT_KEYS) if (budget[key] !== undefined) json[key] = budget[key];
  return json;
}
