/**
 * The `inference` capability for the two model tiers: one call per field that the
 * deterministic tiers left below target. It renders the field's prompt with only the
 * relevant excerpt of a long document, calls the provider, and passes the answer
 * through `parseInferenceOutput`; only a grounded `value` becomes a candidate, its evidence
 * stating what the quote shows (`quoteGrounds`: labelled, exact, on an instruction line). An
 * ARRAY-of-OBJECT field (an invoice's lines) is asked for its rows in one call
 * (`RECORDS_TEMPLATE`, `parseRecordsOutput`): each grounded row is an item and each of its
 * members a cell with its own evidence, graded like a single quoted value. Before the
 * call it reserves the worst case against the run's allowance (`reserveCall`); after it, it
 * books the provider's reported usage capped by that reservation, requests (retries
 * included) as calls. Prompt and completion hashes are always kept, their texts only with
 * `policy.recordInferenceIO`.
 */
import { CapabilityTier, DiagnosticSeverity, type Diagnostic, EvidenceKind, type Evidence, InferenceProviderError, type JsonValue, evidenceId, sha256Hex } from '@paxman/core';
import { type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec, type StepConfiguration } from '@paxman/capability-spi';
import type { CanonicalField } from '@paxman/contract';
import { selectExcerpt } from './excerpt.js';
import { parseInferenceOutput } from './parse-inference-output.js';
import { quoteGrounds } from './quote-grounds.js';
import { usageCostUsd } from './pricing.js';
import { type CallReservation, reserveCall, settleUsage } from './reservation.js';
import type { InferenceProvider } from './provider.js';
import { type PromptTemplate, promptValuesFor, renderPrompt } from './render-prompt.js';
import type { Lexicon } from '@paxman/values';
import { DEFAULT_TEMPLATE } from './templates/default.js';
import { RECORDS_TEMPLATE } from './templates/records.js';
import { parseRecordsOutput } from './parse-records-output.js';

export interface InferenceCapabilityOptions {
  readonly provider: InferenceProvider;
  readonly tier: 'local' | 'remote';
  /** Model to ask for (default: the provider's). */
  readonly model?: string;
  readonly template?: PromptTemplate;
  /** Token budget for the document excerpt (default 1500). */
  readonly excerptTokens?: number;
  readonly maxTokens?: number;
  /** Most tokens of an answer that lists rows (default 1500). */
  readonly maxRowTokens?: number;
  /** The template for rows (default `RECORDS_TEMPLATE`). */
  readonly recordsTemplate?: PromptTemplate;
  /** Expected latency of one call, for the planner's score and the latency cap (default 1500 local / 2500 remote). */
  readonly expectedLatencyMs?: number;
  /** The instance's lexicon: a quote that names the field in one of its languages grounds the answer as labelled (default: the built-in packs'). */
  readonly lexicon?: Lexicon;
}

/** Types of the values a model may state (of a field, or of a row's members). */
const VALUE_TYPES = ['STRING', 'INTEGER', 'DECIMAL', 'DATE', 'BOOLEAN', 'ENUM', 'MONEY'] as const;
const INFERABLE_TYPES = [...VALUE_TYPES, 'ARRAY'] as const;
const PROMPT_OVERHEAD_TOKENS = 250;

export function createInferenceCapability(options: InferenceCapabilityOptions): Capability {
  const tier = options.tier === 'local' ? CapabilityTier.LOCAL_INFERENCE : CapabilityTier.REMOTE_INFERENCE;
  const model = options.model ?? options.provider.defaultModel;
  const template = options.template ?? DEFAULT_TEMPLATE;
  const excerptTokens = options.excerptTokens ?? 1500;
  const maxTokens = options.maxTokens ?? 200;
  const maxRowTokens = options.maxRowTokens ?? 1500;
  const recordsTemplate = options.recordsTemplate ?? RECORDS_TEMPLATE;
  const estimatedTokens = excerptTokens + PROMPT_OVERHEAD_TOKENS + maxTokens;
  const spec: CapabilitySpec = Object.freeze({
    id: options.tier === 'local' ? 'inference_local' : 'inference_remote',
    version: '1.1.0',
    tier,
    acceptsTypes: INFERABLE_TYPES,
    costHint: Object.freeze({
      tokens: estimatedTokens,
      ms: options.expectedLatencyMs ?? (options.tier === 'local' ? 1500 : 2500),
      usd: usageCostUsd({ inputTokens: excerptTokens + PROMPT_OVERHEAD_TOKENS, outputTokens: maxTokens }, options.provider.pricing),
    }),
    deterministic: false,
    description: `Asks a ${options.tier} model (${options.provider.id}: ${model}) for one field (or the rows of a list) and keeps only answers grounded in the document.`,
  });
  const capabilityId = `${spec.id}@${spec.version}`;

  /** The prompt, the call and its booking, shared by single values and rows: the model's answer, or the result to return without one. */
  async function callModel(context: CapabilityContext, rows: boolean): Promise<ModelAnswer | CapabilityResult> {
    const { field, document } = context;
    const sourceText = document.layers[document.primaryLayer]?.text ?? '';
    const { excerpt, truncated } = selectExcerpt(sourceText, field, { maxCharacters: excerptTokens * 4 });
    const resolved: Record<string, JsonValue> = {};
    for (const [path, entry] of context.resolved) resolved[path] = entry.value;
    const usedTemplate = rows ? recordsTemplate : template;
    const messages = renderPrompt(usedTemplate, promptValuesFor(field, excerpt, resolved));
    const promptText = messages.map((message) => `${message.role}\n${message.content}`).join('\n\n');
    const remote = tier === CapabilityTier.REMOTE_INFERENCE;
    const reservation = reserveCall({ messages, maxTokens: rows ? maxRowTokens : maxTokens, pricing: options.provider.pricing, remote, allowance: context.allowance });
    if ('refused' in reservation) {
      return { candidates: [], evidence: [], diagnostics: [inferenceDiagnostic(capabilityId, 'INFERENCE_NOT_CALLED', DiagnosticSeverity.WARNING, `No model call for ${field.path}: ${reservation.refused}.`, field.path, reservation.context)], usage: NO_USAGE };
    }
    let response;
    try {
      response = await options.provider.complete({ messages, model, maxTokens: reservation.maxTokens, temperature: 0, signal: context.signal, maxAttempts: reservation.maxAttempts });
    } catch (error) {
      if (context.signal?.aborted || !(error instanceof InferenceProviderError)) throw error;
      const attempts = typeof error.context.attempts === 'number' ? error.context.attempts : 1;
      return {
        candidates: [],
        evidence: [],
        diagnostics: [inferenceDiagnostic(capabilityId, 'INFERENCE_FAILED', DiagnosticSeverity.WARNING, `The model call for ${field.path} failed: ${error.message}`, field.path, { ...error.context, attempts })],
        usage: { ...NO_USAGE, remoteCalls: remote ? attempts : 0 },
      };
    }
    const settled = settleUsage(response, promptText, reservation);
    const io: Record<string, JsonValue> = {
      provider: options.provider.id,
      model: response.model,
      template: usedTemplate.id,
      promptHash: sha256Hex(promptText),
      completionHash: sha256Hex(response.text),
      inputTokens: settled.inputTokens,
      outputTokens: settled.outputTokens,
      excerptTruncated: truncated,
    };
    if (context.policy?.recordInferenceIO) {
      io.prompt = promptText;
      io.completion = response.text;
    }
    const usage = {
      inputTokens: settled.inputTokens,
      outputTokens: settled.outputTokens,
      tokens: settled.inputTokens + settled.outputTokens,
      usd: usageCostUsd(settled, options.provider.pricing),
      remoteCalls: remote ? (response.attempts ?? 1) : 0,
    };
    const usageDiagnostics = settled.capped === null ? [] : [inferenceDiagnostic(capabilityId, 'INFERENCE_USAGE_CAPPED', DiagnosticSeverity.WARNING, `The model server reported more usage for ${field.path} than the request allowed (${settled.capped}); booked at what was allowed.`, field.path, { reportedInputTokens: response.usage.inputTokens, reportedOutputTokens: response.usage.outputTokens, bookedInputTokens: settled.inputTokens, bookedOutputTokens: settled.outputTokens })];
    return { text: response.text, sourceText, io, usage, usageDiagnostics };
  }

  /** The diagnostic of an answer that gives no value: the model says the document does not state the field, or the answer is not used. */
  function noValue(field: CanonicalField, absent: boolean, reason: string, io: Record<string, JsonValue>): Diagnostic {
    return {
      code: absent ? 'INFERENCE_ABSENT' : 'INFERENCE_ABSTAINED',
      severity: absent ? DiagnosticSeverity.INFO : DiagnosticSeverity.WARNING,
      stage: 'inference',
      message: absent ? `The model says the document does not state ${field.path}.` : `Model answer for ${field.path} not used: ${reason}.`,
      fieldPath: field.path,
      capability: capabilityId,
      context: io,
    };
  }

  /**
   * The evidence of a value a model quoted (a field's, or a row's member: `quoted`): the
   * quote's span, and what the quote shows stated as grounds the reconciler grades (ADR 0023).
   */
  function quotedEvidence(input: {
    readonly field: CanonicalField;
    readonly document: CapabilityContext['document'];
    readonly sourceText: string;
    readonly io: Record<string, JsonValue>;
    readonly quoted: CanonicalField;
    readonly quote: string;
    readonly value: JsonValue;
    readonly span: { readonly start: number; readonly end: number };
    readonly discriminator: string;
    readonly detail: Record<string, JsonValue>;
  }): Evidence {
    const spans = [{ start: input.span.start, end: input.span.end, layer: input.document.primaryLayer }];
    const shown = quoteGrounds({ field: input.quoted, quote: input.quote, value: input.value, sourceText: input.sourceText, span: input.span, ...(options.lexicon === undefined ? {} : { lexicon: options.lexicon }) });
    return {
      id: evidenceId({ capability: capabilityId, fieldPath: input.field.path, kind: EvidenceKind.INFERENCE, spans, discriminator: input.discriminator }),
      capability: capabilityId,
      fieldPath: input.field.path,
      kind: EvidenceKind.INFERENCE,
      spans,
      text: input.quote,
      verdict: 'SUPPORTS',
      grounds: [{ kind: 'model-quote', quote: shown.quote }],
      detail: { ...input.io, grounded: true, ...input.detail, ...(shown.instructionPhrase === undefined ? {} : { instructionNearby: shown.instructionPhrase }) },
    };
  }

  async function inferValue(context: CapabilityContext): Promise<CapabilityResult> {
    const { field, document } = context;
    const answer = await callModel(context, false);
    if (!('text' in answer)) return answer;
    const { io, usage, usageDiagnostics, sourceText } = answer;
    const verdict = parseInferenceOutput(answer.text, { field, sourceText });
    if (verdict.kind !== 'value') return { candidates: [], evidence: [], diagnostics: [noValue(field, verdict.kind === 'absent', verdict.kind === 'unknown' ? verdict.reason : '', io), ...usageDiagnostics], usage };
    const evidence = quotedEvidence({ field, document, sourceText, io, quoted: field, quote: verdict.quote, value: verdict.value, span: verdict.span, discriminator: io.completionHash as string, detail: {} });
    return {
      candidates: [{ fieldPath: field.path, value: verdict.value, raw: verdict.quote, capability: capabilityId, tier, evidenceIds: [evidence.id] }],
      evidence: [evidence],
      diagnostics: usageDiagnostics,
      usage,
    };
  }

  /**
   * Rows of an ARRAY-of-OBJECT field: one call for the whole list; each grounded row
   * becomes an item, each of its members a cell with its own evidence (`detail.item`,
   * `detail.member`) graded like a single value the model quoted (ADR 0021 revision 2).
   */
  async function inferRows(context: CapabilityContext): Promise<CapabilityResult> {
    const { field, document } = context;
    const answer = await callModel(context, true);
    if (!('text' in answer)) return answer;
    const { io, usage, usageDiagnostics, sourceText } = answer;
    const verdict = parseRecordsOutput(answer.text, { field, sourceText });
    if (verdict.kind !== 'rows') return { candidates: [], evidence: [], diagnostics: [noValue(field, verdict.kind === 'absent', verdict.kind === 'unknown' ? verdict.reason : '', io), ...usageDiagnostics], usage };
    const evidence: Evidence[] = [];
    const members = new Map(field.fields.map((member) => [member.name, member]));
    verdict.rows.forEach((row, item) => {
      for (const [name, value] of Object.entries(row.value)) {
        evidence.push(quotedEvidence({ field, document, sourceText, io, quoted: members.get(name)!, quote: row.quote, value, span: row.span, discriminator: `${io.completionHash as string}:${item}:${name}`, detail: { item, member: name } }));
      }
    });
    const dropped: Diagnostic[] = verdict.dropped.map(({ row, reason }) => ({
      code: 'RECORD_ITEM_DROPPED',
      severity: DiagnosticSeverity.INFO,
      stage: 'inference',
      message: `Row ${row} of the model's answer for ${field.path} not used: ${reason}.`,
      fieldPath: field.path,
      capability: capabilityId,
      context: { row, reason },
    }));
    return {
      candidates: [{ fieldPath: field.path, value: verdict.rows.map((row) => row.value), raw: verdict.rows.map((row) => row.quote).join('\n'), capability: capabilityId, tier, evidenceIds: evidence.map((record) => record.id) }],
      evidence,
      diagnostics: [...dropped, ...usageDiagnostics],
      usage,
    };
  }

  return Object.freeze({
    spec,
    configure(field: CanonicalField): StepConfiguration {
      if (field.type === 'ARRAY') {
        if (field.path.includes('[]') || field.itemType !== 'OBJECT' || field.fields.length === 0) return { skip: 'inference fills arrays of objects (rows) only' };
        const unreadable = field.fields.filter((member) => !(VALUE_TYPES as readonly string[]).includes(member.type));
        if (unreadable.length > 0) return { skip: `members of type ${unreadable.map((member) => member.type).join(', ')} are not filled by inference` };
        return { config: { model, template: recordsTemplate.id, provider: options.provider.id, excerptTokens, rows: true } };
      }
      if (!(VALUE_TYPES as readonly string[]).includes(field.type)) return { skip: `${field.type} fields are not filled by inference` };
      return { config: { model, template: template.id, provider: options.provider.id, excerptTokens } };
    },
    invoke: (context: CapabilityContext): Promise<CapabilityResult> => (context.field.type === 'ARRAY' ? inferRows(context) : inferValue(context)),
  });
}

/** What a model call gave: its text, the source it was asked about, its booking. */
interface ModelAnswer {
  readonly text: string;
  readonly sourceText: string;
  readonly io: Record<string, JsonValue>;
  readonly usage: NonNullable<CapabilityResult['usage']>;
  readonly usageDiagnostics: Diagnostic[];
}

const NO_USAGE = Object.freeze({ inputTokens: 0, outputTokens: 0, tokens: 0, usd: '0', remoteCalls: 0 });

function inferenceDiagnostic(capability: string, code: 'INFERENCE_NOT_CALLED' | 'INFERENCE_FAILED' | 'INFERENCE_USAGE_CAPPED', severity: Diagnostic['severity'], message: string, fieldPath: string, context: Readonly<Record<string, JsonValue>>): Diagnostic {
  return { code, severity, stage: 'inference', message, fieldPath, capability, context };
}

export type { CallReservation };
