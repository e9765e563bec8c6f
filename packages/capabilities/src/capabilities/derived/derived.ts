/**
 * `derived` (tier 4): arithmetic relations over fields resolved earlier in the run. A
 * relation comes from the contract (`field.derived.expression`) or is built in for the
 * common invoice relations (see `built-in-relations.ts`).
 *
 * - When the field has no candidate yet, the computed value is proposed as a candidate
 *   with `DERIVED` evidence (no span: it is not printed anywhere) naming the relation and
 *   the operand values.
 * - When earlier steps proposed candidates (`context.candidates`), each distinct value is
 *   checked: `DERIVED` evidence with verdict `SUPPORTS` (within the tolerance, default
 *   0.01) or `CONTRADICTS`. When every candidate is contradicted the computed value is
 *   proposed as well, so the reconciler sees the disagreement.
 *
 * MONEY operands must share one currency; a mix yields no value and a `CURRENCY_MISMATCH`
 * diagnostic. Operands missing from `context.resolved` (other than optional ones) mean
 * the relation cannot be evaluated: the result is empty.
 */
import { canonicalJson, CapabilityTier, Decimal, EvidenceKind, formatDecimal, parseDecimal, type JsonValue } from '@paxman/core';
import type { CanonicalContract, CanonicalField } from '@paxman/contract';
import { capabilityKey, type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration } from '@paxman/capability-spi';
import { defaultLexicon, labelsForField, type Lexicon } from '@paxman/values';
import { createResultBuilder } from '../shared/result-builder.js';
import { expressionFields, expressionToJson, formatExpression, parseExpression, type ExpressionNode } from './arithmetic-expression.js';
import { builtInRelation } from './built-in-relations.js';

/** The spec of `derived@1.0.0`. */
export const DERIVED_SPEC: CapabilitySpec = Object.freeze({
  id: 'derived',
  version: '1.0.0',
  tier: CapabilityTier.DERIVED_COMPUTATION,
  acceptsTypes: Object.freeze(['MONEY', 'DECIMAL', 'INTEGER', 'ENUM', 'STRING'] as const),
  costHint: Object.freeze({ tokens: 0, ms: 1, usd: '0' }),
  deterministic: true,
  description: 'Arithmetic relations over resolved fields: fills a missing value, confirms or contradicts a found one.',
});

/** The step config: the relation as text and as a tree, its operands and tolerance. */
export function configureDerived(field: CanonicalField, contract: CanonicalContract, lexicon: Lexicon = defaultLexicon()): StepConfiguration {
  if (field.type === 'ENUM' || field.type === 'STRING') {
    if (field.derived) return { skip: `derived computes numbers; ${field.path} is ${field.type}.` };
    const source = currencySource(field, contract, lexicon);
    if (!source) return { skip: `No derived relation is declared or built in for ${field.path}.` };
    return {
      config: {
        relation: `${field.path} = currency(${source})`,
        name: 'currency = currency of the total',
        origin: 'built-in',
        currencyOf: source,
        allowed: field.enumValues.map((entry) => entry.value),
      },
    };
  }
  if (!(DERIVED_SPEC.acceptsTypes as readonly string[]).includes(field.type)) return { skip: `derived computes numbers; ${field.path} is ${field.type}.` };
  let expression: string;
  let origin: 'contract' | 'built-in';
  let name: string;
  let optionalFields: readonly string[] = [];
  if (field.derived) {
    expression = field.derived.expression;
    origin = 'contract';
    name = `${field.path} = ${expression}`;
  } else {
    const builtIn = builtInRelation(field, contract, lexicon);
    if (!builtIn) return { skip: `No derived relation is declared or built in for ${field.path}.` };
    expression = builtIn.expression;
    origin = 'built-in';
    name = builtIn.name;
    optionalFields = builtIn.optionalFields;
  }
  const tree = parseExpression(expression);
  const operands = expressionFields(tree);
  if (operands.includes(field.path)) return { skip: `The relation for ${field.path} refers to the field itself.` };
  return {
    config: {
      relation: `${field.path} = ${formatExpression(tree)}`,
      name,
      origin,
      tree: expressionToJson(tree),
      operands,
      optionalFields: [...optionalFields],
      tolerance: field.derived?.tolerance ?? '0.01',
      fieldType: field.type,
      currency: field.currency,
    },
  };
}

interface Amount {
  readonly amount: Decimal;
  readonly currency: string | null;
  readonly places: number;
}

class CurrencyConflict extends Error {}

/** Decimal places as written ("500.00" has 2; decimal.js forgets trailing zeros). */
function placesOf(written: string | number, amount: Decimal): number {
  return typeof written === 'string' ? (written.trim().split('.')[1]?.length ?? 0) : amount.decimalPlaces();
}

function amountOf(value: JsonValue): Amount | null {
  try {
    if (typeof value === 'number' || typeof value === 'string') {
      const amount = parseDecimal(value);
      return { amount, currency: null, places: placesOf(value, amount) };
    }
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      const record = value as Record<string, JsonValue>;
      if (typeof record.amount === 'string' || typeof record.amount === 'number') {
        const amount = parseDecimal(record.amount);
        return { amount, currency: typeof record.currency === 'string' ? record.currency : null, places: placesOf(record.amount, amount) };
      }
    }
  } catch {
    return null;
  }
  return null;
}

function combine(left: string | null, right: string | null): string | null {
  if (left !== null && right !== null && left !== right) throw new CurrencyConflict(`${left} and ${right}`);
  return left ?? right;
}

function evaluate(node: ExpressionNode, operand: (path: string) => Amount | null, items: (path: string) => readonly JsonValue[] | null): Amount | null {
  if ('number' in node) return { amount: new Decimal(node.number), currency: null, places: 0 };
  if ('field' in node) return operand(node.field);
  if ('sum' in node) {
    const list = items(node.sum);
    if (!list || list.length === 0) return null;
    let total: Amount = { amount: new Decimal(0), currency: null, places: 0 };
    for (const item of list) {
      const member = typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, JsonValue>)[node.member] : undefined;
      const value = member === undefined ? null : amountOf(member);
      // One unreadable item makes the sum unknown, not smaller.
      if (!value) return null;
      total = { amount: total.amount.plus(value.amount), currency: combine(total.currency, value.currency), places: Math.max(total.places, value.places) };
    }
    return total;
  }
  if ('negate' in node) {
    const inner = evaluate(node.negate, operand, items);
    return inner && { ...inner, amount: inner.amount.negated() };
  }
  const left = evaluate(node.left, operand, items);
  const right = evaluate(node.right, operand, items);
  if (!left || !right) return null;
  if (node.op === '*') {
    if (left.currency !== null && right.currency !== null) throw new CurrencyConflict('money × money');
    return { amount: left.amount.times(right.amount), currency: left.currency ?? right.currency, places: left.places + right.places };
  }
  const currency = combine(left.currency, right.currency);
  const amount = node.op === '+' ? left.amount.plus(right.amount) : left.amount.minus(right.amount);
  return { amount, currency, places: Math.max(left.places, right.places) };
}

function encode(result: Amount, fieldType: string, fieldCurrency: string | null): JsonValue | null {
  const places = Math.min(result.places, 10);
  if (fieldType === 'INTEGER') return result.amount.isInteger() ? result.amount.toNumber() : null;
  if (fieldType === 'DECIMAL') return formatDecimal(result.amount.toDecimalPlaces(places), places);
  return { amount: formatDecimal(result.amount.toDecimalPlaces(Math.max(places, 2)), Math.max(places, 2)), currency: result.currency ?? fieldCurrency };
}

/**
 * The MONEY field whose currency a currency field (ENUM of ISO codes, or an ISO 4217
 * STRING) takes: the contract's single total-like MONEY field, else its single MONEY field.
 */
function currencySource(field: CanonicalField, contract: CanonicalContract, lexicon: Lexicon): string | null {
  const currencyField =
    labelsForField(field, lexicon).concepts.includes('currency') &&
    (field.constraints.some((constraint) => constraint.kind === 'iso_4217') || (field.enumValues.length > 0 && field.enumValues.every((entry) => /^[A-Z]{3}$/.test(entry.value))));
  if (!currencyField) return null;
  const money = contract.fields.filter((other) => other.type === 'MONEY' && !other.path.includes('[]'));
  const totals = money.filter((other) => labelsForField(other, lexicon).concepts.includes('total'));
  if (totals.length === 1) return totals[0]!.path;
  return money.length === 1 ? money[0]!.path : null;
}

function invokeCurrencyOf(context: CapabilityContext, builder: ReturnType<typeof createResultBuilder>, key: string): CapabilityResult {
  const source = String(context.config.currencyOf);
  const allowed = (context.config.allowed ?? []) as readonly string[];
  const resolvedMoney = context.resolved.get(source)?.value;
  const currency = amountOf(resolvedMoney ?? null)?.currency ?? null;
  if (currency === null || (allowed.length > 0 && !allowed.includes(currency))) return builder.build();
  const detail = { relation: context.config.relation ?? null, name: context.config.name ?? null, origin: 'built-in', operands: { [source]: resolvedMoney ?? null }, computed: currency };
  let supported = false;
  const seen = new Set<string>();
  for (const candidate of context.candidates ?? []) {
    if (candidate.fieldPath !== context.field.path || typeof candidate.value !== 'string' || candidate.capability === key || seen.has(candidate.value)) continue;
    seen.add(candidate.value);
    const agrees = candidate.value === currency;
    supported ||= agrees;
    builder.evidence({ kind: EvidenceKind.DERIVED, spans: [], verdict: agrees ? 'SUPPORTS' : 'CONTRADICTS', pattern: String(context.config.relation), discriminator: `check:${candidate.value}`, detail: { ...detail, value: candidate.value } });
  }
  if (!supported) {
    builder.finding({ value: currency, raw: String(context.config.relation), rank: 1, kind: EvidenceKind.DERIVED, spans: [], pattern: String(context.config.relation), discriminator: `fill:${currency}`, detail });
  }
  return builder.build();
}

/** Creates the capability. */
export function createDerivedCapability(options: { readonly lexicon?: Lexicon } = {}): Capability {
  const key = capabilityKey(DERIVED_SPEC);
  const lexicon = options.lexicon ?? defaultLexicon();
  const invoke = (context: CapabilityContext): CapabilityResult => {
    const builder = createResultBuilder({ capability: key, tier: DERIVED_SPEC.tier, fieldPath: context.field.path });
    const config = context.config;
    if (typeof config.currencyOf === 'string') return invokeCurrencyOf(context, builder, key);
    const tree = config.tree as unknown as ExpressionNode | undefined;
    if (!tree) return builder.build();
    const optional = new Set((config.optionalFields ?? []) as readonly string[]);
    const operandValues: Record<string, JsonValue> = {};
    const assumedZero: string[] = [];
    const operand = (path: string): Amount | null => {
      const resolved = context.resolved.get(path);
      if (!resolved || resolved.value === null) {
        if (optional.has(path)) {
          assumedZero.push(path);
          return { amount: new Decimal(0), currency: null, places: 0 };
        }
        return null;
      }
      operandValues[path] = resolved.value;
      return amountOf(resolved.value);
    };
    const items = (path: string): readonly JsonValue[] | null => {
      const value = context.resolved.get(path)?.value;
      if (!Array.isArray(value)) return null;
      operandValues[path] = value;
      return value;
    };
    let result: Amount | null;
    try {
      result = evaluate(tree, operand, items);
    } catch (error) {
      if (!(error instanceof CurrencyConflict)) throw error;
      builder.diagnostic({
        code: 'CURRENCY_MISMATCH',
        severity: 'WARNING',
        message: `Relation ${String(config.relation)} mixes currencies (${error.message}); no value computed.`,
        context: { relation: config.relation ?? null },
      });
      return builder.build();
    }
    if (!result) return builder.build();
    const computed = encode(result, String(config.fieldType), typeof config.currency === 'string' ? config.currency : null);
    if (computed === null) return builder.build();
    const tolerance = parseDecimal(typeof config.tolerance === 'string' ? config.tolerance : '0.01');
    const detail = {
      relation: config.relation ?? null,
      name: config.name ?? null,
      origin: config.origin ?? null,
      operands: operandValues,
      ...(assumedZero.length > 0 ? { assumedZero: [...new Set(assumedZero)] } : {}),
      computed,
    };

    const existing = new Map<string, JsonValue>();
    for (const candidate of context.candidates ?? []) {
      if (candidate.fieldPath === context.field.path && candidate.value !== null && candidate.capability !== key) existing.set(canonicalJson(candidate.value), candidate.value);
    }
    let supported = false;
    for (const [valueKey, value] of existing) {
      const found = amountOf(value);
      if (!found) continue;
      const difference = found.amount.minus(result.amount).abs();
      const currencyClash = found.currency !== null && result.currency !== null && found.currency !== result.currency;
      const agrees = !currencyClash && difference.lessThanOrEqualTo(tolerance);
      supported ||= agrees;
      builder.evidence({
        kind: EvidenceKind.DERIVED,
        spans: [],
        verdict: agrees ? 'SUPPORTS' : 'CONTRADICTS',
        pattern: String(config.relation),
        discriminator: `check:${valueKey}`,
        detail: { ...detail, value, difference: formatDecimal(difference), tolerance: formatDecimal(tolerance), ...(currencyClash ? { reason: 'currency differs' } : {}) },
      });
    }
    if (!supported) {
      builder.finding({
        value: computed,
        raw: String(config.relation),
        rank: 1,
        kind: EvidenceKind.DERIVED,
        spans: [],
        pattern: String(config.relation),
        discriminator: `fill:${canonicalJson(computed)}`,
        detail,
      });
    }
    return builder.build();
  };
  return Object.freeze({ spec: DERIVED_SPEC, configure: (field: CanonicalField, contract: CanonicalContract) => configureDerived(field, contract, lexicon), invoke });
}
