/**
 * A small, hand-written run (contract, plan, candidate results, reconciler verdicts) for
 * the artifact tests: an invoice with a found total, a found date, a defaulted currency,
 * an unresolved PO number, and an OBJECT whose member was found.
 */
import { type CandidateResult, DEFAULT_POLICY, type Diagnostic, type Evidence, sha256Hex } from '@paxman/core';
import { defineContract, fingerprintContract } from '@paxman/contract';
import type { ExecutionPlan, PlanStep } from '@paxman/planner';
import type { ResolvedResult } from '@paxman/reconciler';
import { type BuildArtifactOptions, buildArtifact } from '../build-artifact.js';

export const sourceText = 'ACME Corp\nInvoice date: 2026-01-15\nTotal due: $811.88\nBill to: Globex Ltd\n';

export const contract = defineContract({
  id: 'invoice',
  version: '2',
  fields: [
    { path: 'total_amount', type: 'MONEY', required: true },
    { path: 'invoice_date', type: 'DATE', required: true },
    { path: 'currency_code', type: 'ENUM', enumValues: [{ value: 'USD', synonyms: [] }], default: 'USD', fallback: 'USE_DEFAULT' },
    { path: 'purchase_order', type: 'STRING' },
    { path: 'buyer', type: 'OBJECT', fields: [{ path: 'buyer.name', type: 'STRING' }] },
  ],
});

function span(text: string): { start: number; end: number; layer: string } {
  const start = sourceText.indexOf(text);
  return { start, end: start + text.length, layer: 'input' };
}

const totalEvidence: Evidence = {
  id: 'ev_total',
  capability: 'explicit_evidence@1.0.0',
  fieldPath: 'total_amount',
  kind: 'EXACT_LABEL',
  spans: [span('$811.88')],
  text: '$811.88',
  label: 'Total due',
};
const totalPatternEvidence: Evidence = {
  id: 'ev_total_pattern',
  capability: 'pattern_extraction@1.0.0',
  fieldPath: 'total_amount',
  kind: 'RECOGNIZER',
  spans: [span('$811.88')],
  text: '$811.88',
  pattern: 'money',
};
const dateEvidence: Evidence = {
  id: 'ev_date',
  capability: 'explicit_evidence@1.0.0',
  fieldPath: 'invoice_date',
  kind: 'EXACT_LABEL',
  spans: [span('2026-01-15')],
  text: '2026-01-15',
  label: 'Invoice date',
};
const buyerEvidence: Evidence = {
  id: 'ev_buyer',
  capability: 'explicit_evidence@1.0.0',
  fieldPath: 'buyer.name',
  kind: 'SYNONYM_LABEL',
  spans: [span('Globex Ltd')],
  text: 'Globex Ltd',
  label: 'Bill to',
};

const budgetDiagnostic: Diagnostic = { code: 'test.NO_MATCH', severity: 'INFO', stage: 'capability', message: 'No labelled value found.', fieldPath: 'purchase_order', capability: 'explicit_evidence@1.0.0' };

function planSteps(path: string): PlanStep[] {
  return [
    { capability: 'explicit_evidence@1.0.0', tier: 1, config: { labels: [path] }, score: 10001, costHint: { tokens: 0, ms: 1, usd: '0' } },
    { capability: 'pattern_extraction@1.0.0', tier: 2, config: {}, score: 20001, costHint: { tokens: 0, ms: 1, usd: '0' } },
  ];
}

export const plan: ExecutionPlan = {
  plannerVersion: '1.0.0',
  contractFingerprint: fingerprintContract(contract),
  inputContentHash: sha256Hex(sourceText),
  policy: DEFAULT_POLICY,
  budget: {},
  fieldPlans: ['total_amount', 'invoice_date', 'currency_code', 'purchase_order', 'buyer', 'buyer.name'].map((path) => ({
    fieldId: path,
    fieldPath: path,
    required: path === 'total_amount' || path === 'invoice_date',
    steps: planSteps(path),
    targetConfidence: 0.8,
    fallback: path === 'currency_code' ? 'USE_DEFAULT' : 'UNRESOLVED',
    earlyStop: true,
    shortCircuit: null,
  })),
  diagnostics: [{ code: 'test.OPTIONAL_FIELD', severity: 'INFO', stage: 'plan', message: 'Optional fields are planned after required ones.' }],
  failFast: null,
};

export const candidateResults: CandidateResult[] = [
  {
    fieldPath: 'total_amount',
    candidates: [
      { fieldPath: 'total_amount', value: { amount: '811.88', currency: 'USD' }, raw: '$811.88', capability: 'explicit_evidence@1.0.0', tier: 1, evidenceIds: ['ev_total'] },
      { fieldPath: 'total_amount', value: { amount: '811.88', currency: 'USD' }, raw: '$811.88', capability: 'pattern_extraction@1.0.0', tier: 2, evidenceIds: ['ev_total_pattern'] },
    ],
    evidence: [totalPatternEvidence, totalEvidence],
    diagnostics: [],
    steps: [
      { capability: 'explicit_evidence@1.0.0', outcome: 'RAN', candidateCount: 1 },
      { capability: 'pattern_extraction@1.0.0', outcome: 'RAN', candidateCount: 1 },
    ],
    status: 'COMPLETED',
  },
  {
    fieldPath: 'invoice_date',
    candidates: [{ fieldPath: 'invoice_date', value: '2026-01-15', raw: '2026-01-15', capability: 'explicit_evidence@1.0.0', tier: 1, evidenceIds: ['ev_date'] }],
    evidence: [dateEvidence, dateEvidence],
    diagnostics: [],
    steps: [{ capability: 'explicit_evidence@1.0.0', outcome: 'RAN', candidateCount: 1 }],
    status: 'COMPLETED',
  },
  { fieldPath: 'currency_code', candidates: [], evidence: [], diagnostics: [], steps: [], status: 'COMPLETED' },
  { fieldPath: 'purchase_order', candidates: [], evidence: [], diagnostics: [budgetDiagnostic, budgetDiagnostic], steps: [], status: 'COMPLETED' },
  {
    fieldPath: 'buyer.name',
    candidates: [{ fieldPath: 'buyer.name', value: 'Globex Ltd', raw: 'Globex Ltd', capability: 'explicit_evidence@1.0.0', tier: 1, evidenceIds: ['ev_buyer'] }],
    evidence: [buyerEvidence],
    diagnostics: [],
    steps: [{ capability: 'explicit_evidence@1.0.0', outcome: 'RAN', candidateCount: 1 }],
    status: 'COMPLETED',
  },
];

const base = { diagnostics: [], requiresHuman: false, conflict: null } as const;
export const resolved: ResolvedResult[] = [
  { ...base, fieldPath: 'total_amount', status: 'SUCCESS', value: { amount: '811.88', currency: 'USD' }, confidence: 0.97, band: 'CERTAIN', evidenceIds: ['ev_total', 'ev_total_pattern'], defaulted: false, unresolvedReason: null },
  { ...base, fieldPath: 'invoice_date', status: 'PARTIAL_SUCCESS', value: '2026-01-15', confidence: 0.72, band: 'MEDIUM', evidenceIds: ['ev_date'], defaulted: false, unresolvedReason: null },
  { ...base, fieldPath: 'currency_code', status: 'UNRESOLVED', value: 'USD', confidence: 0, band: 'UNTRUSTED', evidenceIds: [], defaulted: true, unresolvedReason: 'NO_CANDIDATE' },
  {
    ...base,
    fieldPath: 'purchase_order',
    status: 'UNRESOLVED',
    value: null,
    confidence: 0,
    band: 'UNTRUSTED',
    evidenceIds: [],
    defaulted: false,
    unresolvedReason: 'NO_CANDIDATE',
    diagnostics: [{ code: 'FIELD_UNRESOLVED', severity: 'WARNING', stage: 'reconcile', message: 'No candidate.', fieldPath: 'purchase_order' }],
  },
  { ...base, fieldPath: 'buyer', status: 'UNRESOLVED', value: null, confidence: 0, band: 'UNTRUSTED', evidenceIds: [], defaulted: false, unresolvedReason: 'NO_CANDIDATE' },
  { ...base, fieldPath: 'buyer.name', status: 'SUCCESS', value: 'Globex Ltd', confidence: 0.9, band: 'HIGH', evidenceIds: ['ev_buyer'], defaulted: false, unresolvedReason: null },
];

export function sampleOptions(overrides: Partial<BuildArtifactOptions> = {}): BuildArtifactOptions {
  return {
    status: 'PARTIAL_SUCCESS',
    contract,
    input: { contentHash: sha256Hex(sourceText), size: Buffer.byteLength(sourceText), inputType: 'text' },
    plan,
    candidateResults,
    resolved,
    diagnostics: [{ code: 'test.PROFILED', severity: 'INFO', stage: 'profile', message: 'Input profiled as text.' }],
    execution: {
      steps: [
        { capability: 'explicit_evidence@1.0.0', invocations: 6, estimatedUsd: '0', reportedUsd: '0', tokens: 0, durationMs: 1.25 },
        { capability: 'pattern_extraction@1.0.0', invocations: 1, estimatedUsd: '0', reportedUsd: '0', tokens: 0, durationMs: 0.5 },
      ],
      totalInvocations: 7,
      remoteInferenceCalls: 0,
      totalUsd: '0',
      totalTokens: 0,
      durationMs: 1.75,
    },
    versions: { paxman: '0.1.0', planner: '1.0.0', capabilities: { text_extraction: '1.0.0' } },
    timings: { totalMs: 4.5, stages: { plan: 0.25 } },
    id: 'artifact-1',
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export function sampleArtifact(overrides: Partial<BuildArtifactOptions> = {}) {
  return buildArtifact(sampleOptions(overrides));
}
