/**
 * The `inference` capability for the two model tiers: one call per field that the
 * deterministic tiers left below target. It renders the field's prompt with only the
 * relevant excerpt of a long document, calls the provider, and passes the answer
 * through `parseInferenceOutput`; only a grounded `value` becomes a candidate, its evidence
 * stating what the quote shows (`quoteGrounds`: labelled, exact, on an instruction line). Before the
 * call it reserves the worst case against the run's allowance (`reserveCall`); after it, it
 * books the provider's reported usage capped by that reservation, requests (retries
 * included) as calls. Prompt and completion hashes are always kept, their texts only with
 * `policy.recordInferenceIO`.
 */
import { CapabilityTier, DiagnosticSeverity, type Diagnostic, EvidenceKind, type Evidence, InferenceProviderError, type JsonValue, evidenceId, sha256Hex } from '@paxman/core';
import { type Capability, type CapabilityContext, type CapabilityResult, type CapabilitySpec } from '@paxman/capability-spi';
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

export interface InferenceCapabilityOptions {
  readonly provider: InferenceProvider;
  readonly tier: 'local' | 'remote';
  /** Model to ask for (default: the provider's). */
  readonly model?: string;
  readonly template?: PromptTemplate;
  /** Token budget for the document excerpt (default 1500). */
  readonly excerptTokens?: number;
  readonly maxTokens?: number;
  /** Expected latency of one call, for the planner's score and the latency cap (default 1500 local / 2500 remote). */
  readonly expectedLatencyMs?: number;
  /** The instance's lexicon: a quote that names the field in one of its languages grounds the answer as labelled (default: the built-in packs'). */
  readonly lexicon?: Lexicon;
}

const INFERABLE_TYPES = ['STRING', 'INTEGER', 'DECIMAL', 'DATE', 'BOOLEAN', 'ENUM', 'MONEY'] as const;
const PROMPT_OVERHEAD_TOKENS = 250;

export function createInferenceCapability(options: InferenceCapabilityOptions): Capability {
  const tier = options.tier === 'local' ? CapabilityTier.LOCAL_INFERENCE : CapabilityTier.REMOTE_INFERENCE;
  const model = options.model ?? options.provider.defaultModel;
  const template = options.template ?? DEFAULT_TEMPLATE;
  const excerptTokens = options.excerptTokens ?? 1500;
  const maxTokens = options.maxTokens ?? 200;
  const estimatedTokens = excerptTokens + PROMPT_OVERHEAD_TOKENS + maxTokens;
  const spec: CapabilitySpec = Object.freeze({
    id: options.tier === 'local' ? 'inference_local' : 'inference_remote',
    version: '1.0.0',
    tier,
    acceptsTypes: INFERABLE_TYPES,
    costHint: Object.freeze({
      tokens: estimatedTokens,
      ms: options.expectedLatencyMs ?? (options.tier === 'local' ? 1500 : 2500),
      usd: usageCostUsd({ inputTokens: excerptTokens + PROMPT_OVERHEAD_TOKENS, outputTokens: maxTokens }, options.provider.pricing),
    }),
    deterministic: false,
    description: `Asks a ${options.tier} model (${options.provider.id}: ${model}) for one field and keeps only answers grounded in the document.`,
  });
  const capabilityId = `${spec.id}@${spec.version}`;

  return Object.freeze({
    spec,
    configure(field: CanonicalField) {
      if (!(INFERABLE_TYPES as readonly string[]).includes(field.type)) return { skip: `${field.type} fields are not filled by inference` };
      return { config: { model, template: template.id, provider: options.provider.id, excerptTokens } };
    },
    async invoke(context: CapabilityContext): Promise<CapabilityResult> {
      const { field, document } = context;
      const sourceLayer = document.primaryLayer;
      const sourceText = document.layers[sourceLayer]?.text ?? '';
      const { excerpt, truncated } = selectExcerpt(sourceText, field, { maxCharacters: excerptTokens * 4 });
      const resolved: Record<string, JsonValue> = {};
      for (const [path, entry] of context.resolved) resolved[path] = entry.value;
      const messages = renderPrompt(template, promptValuesFor(field, excerpt, resolved));
      const promptText = messages.map((message) => `${message.role}\n${message.content}`).join('\n\n');
      const remote = tier === CapabilityTier.REMOTE_INFERENCE;
      const reservation = reserveCall({ messages, maxTokens, pricing: options.provider.pricing, remote, allowance: context.allowance });
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
        template: template.id,
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
      const verdict = parseInferenceOutput(response.text, { field, sourceText });
      if (verdict.kind !== 'value') {
        const diagnostic: Diagnostic = {
          code: verdict.kind === 'absent' ? 'INFERENCE_ABSENT' : 'INFERENCE_ABSTAINED',
          severity: verdict.kind === 'absent' ? DiagnosticSeverity.INFO : DiagnosticSeverity.WARNING,
          stage: 'inference',
          message: verdict.kind === 'absent' ? `The model says the document does not state ${field.path}.` : `Model answer for ${field.path} not used: ${verdict.reason}.`,
          fieldPath: field.path,
          capability: capabilityId,
          context: io,
        };
        return { candidates: [], evidence: [], diagnostics: [diagnostic, ...usageDiagnostics], usage };
      }
      const spans = [{ start: verdict.span.start, end: verdict.span.end, layer: sourceLayer }];
      // What the quote shows, stated as grounds the reconciler grades (ADR 0023).
      const shown = quoteGrounds({ field, quote: verdict.quote, value: verdict.value, sourceText, span: verdict.span, ...(options.lexicon === undefined ? {} : { lexicon: options.lexicon }) });
      const evidence: Evidence = {
        id: evidenceId({ capability: capabilityId, fieldPath: field.path, kind: EvidenceKind.INFERENCE, spans, discriminator: io.completionHash as string }),
        capability: capabilityId,
        fieldPath: field.path,
        kind: EvidenceKind.INFERENCE,
        spans,
        text: verdict.quote,
        verdict: 'SUPPORTS',
        grounds: [{ kind: 'model-quote', quote: shown.quote }],
        detail: { ...io, grounded: true, ...(shown.instructionPhrase === undefined ? {} : { instructionNearby: shown.instructionPhrase }) },
      };
      return {
        candidates: [{ fieldPath: field.path, value: verdict.value, raw: verdict.quote, capability: capabilityId, tier, evidenceIds: [evidence.id] }],
        evidence: [evidence],
        diagnostics: usageDiagnostics,
        usage,
      };
    },
  });
}

const NO_USAGE = Object.freeze({ inputTokens: 0, outputTokens: 0, tokens: 0, usd: '0', remoteCalls: 0 });

function inferenceDiagnostic(capability: string, code: 'INFERENCE_NOT_CALLED' | 'INFERENCE_FAILED' | 'INFERENCE_USAGE_CAPPED', severity: Diagnostic['severity'], message: string, fieldPath: string, context: Readonly<Record<string, JsonValue>>): Diagnostic {
  return { code, severity, stage: 'inference', message, fieldPath, capability, context };
}

export type { CallReservation };
