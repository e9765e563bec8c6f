/**
 * `plan()`: the pure, deterministic planner (ARCHITECTURE §6). From a contract, the input
 * profile, the budget, the policy and a capability registry it builds one `FieldPlan`
 * per contract field with the heuristic chain of ARCHITECTURE §5: for each tier 1–6, the
 * capabilities of that tier that accept the field's type, cheapest first, each with the
 * frozen config its `configure` derives from the contract. It reads no clock, no random
 * state and no I/O, and its output does not depend on registry insertion order.
 */
import {
  type Budget,
  type BudgetInput,
  type BudgetJson,
  CapabilityTier,
  type Diagnostic,
  DiagnosticSeverity,
  type JsonValue,
  type Policy,
  type PolicyInput,
  budgetToJson,
  canonicalJson,
  createBudget,
  deepFreeze,
  isCapabilityTier,
  isPlainObject,
  mergePolicy,
  parseDecimal,
  compareVersions,
  tierName, type DiagnosticCode } from '@paxman/core';
import { type CanonicalContract, type CanonicalField, fingerprintContract } from '@paxman/contract';
import type { InputProfile, RunInputProfile } from '@paxman/input-profile';
import { type Capability, type CapabilityRegistry, type CapabilitySpec, type CostHint, capabilityKey } from '@paxman/capability-spi';
import { compareScored, normalizeCostHint, scoreCapability } from './capability-score.js';
import type { ExecutionPlan, FieldPlan, PlanStep } from './execution-plan.js';
import { baseFieldOrder, expressionDependencies, orderByDependencies } from './field-order.js';
import { PlanDiagnosticCode, ShortCircuitReason } from './plan-diagnostic-codes.js';
import { copyJsonObject } from './json-copy.js';
import { PLANNER_VERSION } from './planner-version.js';

/** Which inference providers the caller configured. Absent: a tier is available when the registry has a capability of it. */
export interface ConfiguredProviders {
  readonly local?: boolean;
  readonly remote?: boolean;
}

export interface PlanOptions {
  readonly contract: CanonicalContract;
  readonly profile: InputProfile;
  readonly registry: CapabilityRegistry;
  readonly budget?: BudgetInput | Budget | null;
  /** The call-site policy; the contract's own policy wins over it. */
  readonly policy?: PolicyInput | Policy | null;
  readonly providers?: ConfiguredProviders;
}

interface PlannableCapability {
  readonly capability: Capability;
  readonly spec: CapabilitySpec;
  readonly key: string;
  readonly costHint: CostHint;
  readonly score: number;
}

const CHAIN_TIERS: readonly CapabilityTier[] = [
  CapabilityTier.EXPLICIT_EVIDENCE,
  CapabilityTier.LOCAL_DETERMINISTIC,
  CapabilityTier.STRUCTURED_LOOKUP,
  CapabilityTier.DERIVED_COMPUTATION,
  CapabilityTier.LOCAL_INFERENCE,
  CapabilityTier.REMOTE_INFERENCE,
];

function planDiagnostic(code: DiagnosticCode, severity: Diagnostic['severity'], message: string, extra: Partial<Pick<Diagnostic, 'fieldPath' | 'capability' | 'context'>> = {}): Diagnostic {
  return { code, severity, stage: 'plan', message, ...extra };
}

/** What a plan is made from, without the input. */
export type PreparePlanOptions = Omit<PlanOptions, 'profile'>;

/**
 * A plan prepared for a contract, a policy, a budget and a registry: everything that does
 * not depend on the input (the effective policy, the budget, the contract fingerprint and
 * the field plans with their configs), computed once and reused for every input of a batch.
 */
export interface PreparedPlan {
  readonly contractFingerprint: string;
  /** The effective policy (defaults ← call site ← contract). */
  readonly policy: Policy;
  readonly budget: Budget;
  /** The plan for one input: the prepared field plans, unless the input is empty or over budget. */
  planFor(profile: RunInputProfile): ExecutionPlan;
  /**
   * `serializePlan(plan)` for a plan of this prepared plan, written around the canonical
   * text of the shared body, made once: a batch writes only what is new per input.
   */
  serialize(plan: ExecutionPlan): string;
}

/**
 * Prepares the input-independent part of planning (`contractFingerprint`: the contract's,
 * when the caller has computed it already). Pure: `preparePlan(o).planFor(p)` is
 * `plan({ ...o, profile: p })`, byte for byte. The field plans are built on the first
 * input that runs its fields and kept by the prepared plan (its own state, not the module's).
 */
export function preparePlan(options: PreparePlanOptions, contractFingerprint?: string): PreparedPlan {
  const policy = mergePolicy(options.policy, options.contract.policy);
  const budget = createBudget(options.budget);
  const fingerprint = contractFingerprint ?? fingerprintContract(options.contract);
  let runningBody: PlanBody | null = null;
  let runningBodyText: PlanBodyText | null = null;
  return Object.freeze({
    contractFingerprint: fingerprint,
    policy,
    budget,
    planFor(profile: RunInputProfile): ExecutionPlan {
      const inputTooLarge = budget.maxInputBytes !== undefined && profile.size > budget.maxInputBytes;
      let body: PlanBody;
      if (inputTooLarge) {
        const gate = planDiagnostic(PlanDiagnosticCode.INPUT_TOO_LARGE, DiagnosticSeverity.ERROR, `The input is ${profile.size} bytes, above budget.maxInputBytes (${budget.maxInputBytes}); the run fails fast without running any capability.`, {
          context: { size: profile.size, maxInputBytes: budget.maxInputBytes! },
        });
        body = buildBody(options, policy, budget, ShortCircuitReason.INPUT_TOO_LARGE, gate);
      } else if (profile.isEmpty) {
        const gate = planDiagnostic(PlanDiagnosticCode.EMPTY_INPUT, DiagnosticSeverity.WARNING, 'The input is empty (or whitespace only); every field is short-circuited to UNRESOLVED.', { context: { size: profile.size } });
        body = buildBody(options, policy, budget, ShortCircuitReason.EMPTY_INPUT, gate);
      } else {
        body = runningBody ??= deepFreeze(buildBody(options, policy, budget, null, null));
      }
      return deepFreeze({
        plannerVersion: PLANNER_VERSION,
        contractFingerprint: fingerprint,
        inputContentHash: profile.contentHash,
        policy: body.policy,
        budget: body.budget,
        fieldPlans: body.fieldPlans,
        diagnostics: body.diagnostics,
        failFast: inputTooLarge ? ShortCircuitReason.INPUT_TOO_LARGE : null,
      });
    },
    serialize(plan: ExecutionPlan): string {
      const body = runningBody;
      if (body === null || plan.fieldPlans !== body.fieldPlans || plan.policy !== body.policy || plan.budget !== body.budget || plan.diagnostics !== body.diagnostics) return canonicalJson(plan);
      runningBodyText ??= { budget: canonicalJson(body.budget), diagnostics: canonicalJson(body.diagnostics), fieldPlans: canonicalJson(body.fieldPlans), policy: canonicalJson(body.policy) };
      return planText(plan, runningBodyText);
    },
  });
}

/** The canonical text of each member of a plan body. */
interface PlanBodyText {
  readonly budget: string;
  readonly diagnostics: string;
  readonly fieldPlans: string;
  readonly policy: string;
}

/** The canonical JSON of a plan whose body members are written already: its members in code-unit key order. */
function planText(plan: ExecutionPlan, body: PlanBodyText): string {
  return (
    `{"budget":${body.budget},"contractFingerprint":${JSON.stringify(plan.contractFingerprint)},"diagnostics":${body.diagnostics},` +
    `"failFast":${JSON.stringify(plan.failFast)},"fieldPlans":${body.fieldPlans},"inputContentHash":${JSON.stringify(plan.inputContentHash)},` +
    `"plannerVersion":${JSON.stringify(plan.plannerVersion)},"policy":${body.policy}}`
  );
}

/**
 * Builds the execution plan. Pure: same inputs, byte-identical `serializePlan` output.
 * @example plan({ contract, profile: makeProfile(input), registry, policy: { allowRemoteInference: false } })
 */
export function plan(options: PlanOptions): ExecutionPlan {
  return preparePlan(options).planFor(options.profile);
}

/** Everything in a plan but the planner version, the fingerprint, the input hash and `failFast`. */
interface PlanBody {
  readonly policy: Policy;
  readonly budget: BudgetJson;
  readonly fieldPlans: readonly FieldPlan[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The plan body. `gateReason` (with its diagnostic) short-circuits every field when the
 * input is empty or too large; null plans every field's chain.
 */
function buildBody(options: PreparePlanOptions, policy: Policy, budget: Budget, gateReason: string | null, gateDiagnostic: Diagnostic | null): PlanBody {
  const { contract, registry } = options;
  const diagnostics: Diagnostic[] = gateDiagnostic === null ? [] : [gateDiagnostic];
  const runsFields = gateReason === null;

  const plannable = runsFields ? plannableCapabilities(registry, diagnostics) : [];
  const excludedTiers = runsFields ? inferenceGates(plannable, policy, budget, options.providers, diagnostics) : new Map<CapabilityTier, string>();

  const ordered = baseFieldOrder(contract.fields);
  const chains = new Map<string, { steps: PlanStep[]; reasons: string[] }>();
  for (const entry of ordered) {
    const reasons: string[] = [];
    const steps = runsFields ? chainFor(entry.field, contract, plannable, excludedTiers, reasons, diagnostics) : [];
    chains.set(entry.field.path, { steps, reasons });
  }
  const drafts = ordered.map((entry) => {
    const field = entry.field;
    const chain = chains.get(field.path)!;
    const { reasons } = chain;
    // A member of items that a step reads record by record is read with them: it runs nothing of its own.
    const arrayPath = field.path.includes('[]') ? field.path.slice(0, field.path.indexOf('[]')) : null;
    const readWithItems = arrayPath !== null && (chains.get(arrayPath)?.steps.length ?? 0) > 0;
    const steps = readWithItems ? [] : chain.steps;
    let shortCircuit: string | null = gateReason;
    if (shortCircuit === null && steps.length === 0) {
      shortCircuit = readWithItems ? ShortCircuitReason.READ_WITH_ITEMS : entry.hasMembers ? ShortCircuitReason.ASSEMBLED_FROM_MEMBERS : ShortCircuitReason.NO_CAPABILITY;
    }
    const fieldPlan: FieldPlan = {
      fieldId: field.id,
      fieldPath: field.path,
      required: entry.effectivelyRequired,
      steps,
      targetConfidence: Math.max(field.confidenceThreshold, policy.confidenceFloor),
      fallback: field.fallback,
      earlyStop: policy.earlyStop,
      shortCircuit,
    };
    return { fieldPlan, field, reasons };
  });

  const knownPaths = new Set(drafts.map((draft) => draft.field.path));
  const { ordered: fieldOrder, cycle } = orderByDependencies(
    drafts,
    (draft) => draft.field.path,
    (draft) => dependenciesOf(draft.field, draft.fieldPlan.steps, knownPaths),
  );
  if (cycle.length > 0) {
    diagnostics.push(planDiagnostic(PlanDiagnosticCode.DEPENDENCY_CYCLE, DiagnosticSeverity.WARNING, `Derived relations depend on each other in a cycle; these fields keep declaration order: ${cycle.join(', ')}.`, { context: { fields: cycle } }));
  }
  for (const draft of fieldOrder) {
    if (draft.fieldPlan.shortCircuit !== ShortCircuitReason.NO_CAPABILITY) continue;
    diagnostics.push(
      planDiagnostic(PlanDiagnosticCode.NO_CAPABILITY, DiagnosticSeverity.WARNING, `Field '${draft.field.path}' (${draft.field.type}) has no step to run and will be UNRESOLVED: ${draft.reasons.join('; ')}.`, {
        fieldPath: draft.field.path,
        context: { fieldType: draft.field.type, reasons: draft.reasons },
      }),
    );
  }
  return {
    policy: { ...policy, fxRates: { ...policy.fxRates } },
    budget: budgetToJson(budget),
    fieldPlans: fieldOrder.map((draft) => draft.fieldPlan),
    diagnostics,
  };
}

/** The latest version of each registered capability id, with a readable spec; ids sorted. */
function plannableCapabilities(registry: CapabilityRegistry, diagnostics: Diagnostic[]): PlannableCapability[] {
  const latest = new Map<string, Capability>();
  for (const capability of registry.list()) {
    const current = latest.get(capability.spec.id);
    if (current === undefined || compareVersions(capability.spec.version, current.spec.version) > 0) latest.set(capability.spec.id, capability);
  }
  const result: PlannableCapability[] = [];
  for (const id of [...latest.keys()].sort()) {
    const capability = latest.get(id)!;
    const spec = capability.spec;
    const key = capabilityKey(spec);
    const normalized = normalizeCostHint(spec.costHint);
    const tierProblem = isCapabilityTier(spec.tier) && spec.tier !== CapabilityTier.UNRESOLVED ? null : `tier must be 1–6, got ${String(spec.tier)}`;
    const typesProblem = Array.isArray(spec.acceptsTypes) ? null : 'acceptsTypes must be an array';
    const problem = 'problem' in normalized ? normalized.problem : (tierProblem ?? typesProblem);
    if (problem !== null || 'problem' in normalized) {
      diagnostics.push(planDiagnostic(PlanDiagnosticCode.INVALID_CAPABILITY_SPEC, DiagnosticSeverity.WARNING, `Capability ${key} is not planned: ${problem}.`, { capability: key, context: { problem: problem ?? '' } }));
      continue;
    }
    result.push({ capability, spec, key, costHint: normalized.costHint, score: scoreCapability(spec.tier, normalized.costHint) });
  }
  return result;
}

/**
 * The plan-time gates on the two inference tiers: policy, configured provider, budget.
 * Returns the reason each excluded tier is excluded and records one diagnostic per tier.
 */
function inferenceGates(plannable: readonly PlannableCapability[], policy: Policy, budget: Budget, providers: ConfiguredProviders | undefined, diagnostics: Diagnostic[]): Map<CapabilityTier, string> {
  const excluded = new Map<CapabilityTier, string>();
  const gates = [
    { tier: CapabilityTier.LOCAL_INFERENCE, allowed: policy.allowLocalInference, policyKey: 'allowLocalInference', provider: providers?.local, providerName: 'local' },
    { tier: CapabilityTier.REMOTE_INFERENCE, allowed: policy.allowRemoteInference, policyKey: 'allowRemoteInference', provider: providers?.remote, providerName: 'remote' },
  ] as const;
  for (const gate of gates) {
    const name = tierName(gate.tier);
    const ofTier = plannable.filter((entry) => entry.spec.tier === gate.tier);
    if (!gate.allowed) {
      const reason = `policy.${gate.policyKey} is false`;
      excluded.set(gate.tier, reason);
      diagnostics.push(planDiagnostic(PlanDiagnosticCode.POLICY_EXCLUDES_TIER, DiagnosticSeverity.INFO, `${name} (tier ${gate.tier}) is not planned: ${reason}.`, { context: { tier: gate.tier, policyKey: gate.policyKey } }));
      continue;
    }
    if (gate.provider === false || ofTier.length === 0) {
      const reason = gate.provider === false ? `no ${gate.providerName} inference provider is configured` : `no ${name} capability is registered (no ${gate.providerName} provider configured)`;
      excluded.set(gate.tier, reason);
      diagnostics.push(planDiagnostic(PlanDiagnosticCode.NO_PROVIDER, DiagnosticSeverity.INFO, `${name} (tier ${gate.tier}) is allowed by policy but not planned: ${reason}.`, { context: { tier: gate.tier } }));
      continue;
    }
    const budgetReason = budgetExclusion(gate.tier, ofTier, budget);
    if (budgetReason !== null) {
      excluded.set(gate.tier, budgetReason.reason);
      diagnostics.push(planDiagnostic(PlanDiagnosticCode.BUDGET_EXCLUDES_TIER, DiagnosticSeverity.WARNING, `${name} (tier ${gate.tier}) is not planned: ${budgetReason.reason}.`, { context: { tier: gate.tier, ...budgetReason.context } }));
    }
  }
  return excluded;
}

function budgetExclusion(tier: CapabilityTier, ofTier: readonly PlannableCapability[], budget: Budget): { reason: string; context: Record<string, JsonValue> } | null {
  if (budget.maxTotalCostUsd !== undefined) {
    let cheapest = parseDecimal(ofTier[0]!.costHint.usd);
    for (const entry of ofTier) {
      const usd = parseDecimal(entry.costHint.usd);
      if (usd.lessThan(cheapest)) cheapest = usd;
    }
    if (budget.maxTotalCostUsd.lessThan(cheapest)) {
      const limit = budget.maxTotalCostUsd.toFixed();
      return {
        reason: `budget.maxTotalCostUsd (${limit}) is below the cheapest ${tierName(tier)} cost (${cheapest.toFixed()})`,
        context: { cap: 'maxTotalCostUsd', limit, cheapestUsd: cheapest.toFixed() },
      };
    }
  }
  if (tier === CapabilityTier.REMOTE_INFERENCE && budget.maxRemoteInferenceCalls === 0) {
    return { reason: 'budget.maxRemoteInferenceCalls is 0', context: { cap: 'maxRemoteInferenceCalls', limit: 0 } };
  }
  return null;
}

function acceptsType(spec: CapabilitySpec, field: CanonicalField): boolean {
  return spec.acceptsTypes.includes('*') || spec.acceptsTypes.includes(field.type);
}

/** The chain of one field: tiers 1–6 in order, each tier's capabilities by score then id. */
function chainFor(field: CanonicalField, contract: CanonicalContract, plannable: readonly PlannableCapability[], excludedTiers: ReadonlyMap<CapabilityTier, string>, reasons: string[], diagnostics: Diagnostic[]): PlanStep[] {
  const steps: PlanStep[] = [];
  for (const tier of CHAIN_TIERS) {
    const excludedReason = excludedTiers.get(tier);
    if (excludedReason !== undefined) {
      reasons.push(`tier ${tier} excluded (${excludedReason})`);
      continue;
    }
    const ofTier = plannable.filter((entry) => entry.spec.tier === tier && acceptsType(entry.spec, field)).sort(compareScored);
    if (ofTier.length === 0) {
      if (tier !== CapabilityTier.LOCAL_INFERENCE && tier !== CapabilityTier.REMOTE_INFERENCE) reasons.push(`no tier ${tier} capability accepts ${field.type}`);
      continue;
    }
    for (const entry of ofTier) {
      const configuration = configureStep(entry, field, contract, diagnostics);
      if ('skip' in configuration) {
        reasons.push(`${entry.key}: ${configuration.skip}`);
        continue;
      }
      steps.push({ capability: entry.key, tier, config: configuration.config, score: entry.score, costHint: { ...entry.costHint } });
    }
  }
  return steps;
}

type StepConfiguration = { readonly config: Readonly<Record<string, JsonValue>> } | { readonly skip: string };

function configureStep(entry: PlannableCapability, field: CanonicalField, contract: CanonicalContract, diagnostics: Diagnostic[]): StepConfiguration {
  if (typeof entry.capability.configure !== 'function') return { config: {} };
  let configuration: unknown;
  try {
    configuration = entry.capability.configure(field, contract);
  } catch (error) {
    const code = typeof (error as { code?: unknown })?.code === 'string' ? (error as { code: string }).code : 'CAPABILITY_ERROR';
    const message = error instanceof Error ? error.message : String(error);
    diagnostics.push(
      planDiagnostic(PlanDiagnosticCode.CAPABILITY_CONFIGURE_FAILED, DiagnosticSeverity.WARNING, `${entry.key} could not configure field '${field.path}': ${message}`, {
        fieldPath: field.path,
        capability: entry.key,
        context: { errorCode: code },
      }),
    );
    return { skip: `configure failed (${code})` };
  }
  if (isPlainObject(configuration) && typeof configuration['skip'] === 'string') return { skip: configuration['skip'] };
  if (isPlainObject(configuration)) {
    const config = copyJsonObject(configuration['config']);
    if (config !== null) return { config };
  }
  diagnostics.push(
    planDiagnostic(PlanDiagnosticCode.CAPABILITY_CONFIGURE_FAILED, DiagnosticSeverity.WARNING, `${entry.key} returned an invalid step configuration for field '${field.path}' (expected { config: <JSON object> } or { skip: <reason> }; a config must be plain JSON: no undefined, functions, class instances or non-finite numbers).`, {
      fieldPath: field.path,
      capability: entry.key,
      context: { errorCode: 'INVALID_STEP_CONFIGURATION' },
    }),
  );
  return { skip: 'invalid step configuration' };
}

/** Fields a field depends on: its derived relation's operands and any step config `dependsOn`. */
function dependenciesOf(field: CanonicalField, steps: readonly PlanStep[], knownPaths: ReadonlySet<string>): string[] {
  const found = new Set<string>(field.derived ? expressionDependencies(field.derived.expression, knownPaths) : []);
  for (const step of steps) {
    const dependsOn = step.config['dependsOn'];
    if (Array.isArray(dependsOn)) for (const path of dependsOn) if (typeof path === 'string' && knownPaths.has(path)) found.add(path);
  }
  return [...found].sort();
}
