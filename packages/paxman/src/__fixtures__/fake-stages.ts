/**
 * Stand-in pipeline stages for the facade's own tests: a Document with `Label: value`
 * lines only, and one tier-1 capability that reads a field's value after its label. They
 * exercise the wiring (contract, plan, execute, reconcile, artifact, replay) without
 * depending on the quality of the real capabilities, which the integration tests cover.
 */
import { type Candidate, type Evidence, type JsonValue, evidenceId } from '@paxman/core';
import type { Capability } from '@paxman/capability-spi';
import type { Document, KeyValuePair } from '@paxman/document';
import { createFieldScorer } from '@paxman/reconciler';
import { run } from '@paxman/executor';
import type { PipelineStages } from '../pipeline-stages.js';

function keyValues(text: string): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const pattern = /^([A-Za-z][A-Za-z .]*?):[ \t]*(\S[^\n]*?)[ \t]*$/gm;
  for (const match of text.matchAll(pattern)) {
    const keyStart = match.index;
    const valueStart = keyStart + match[0].indexOf(match[2]!, match[1]!.length + 1);
    pairs.push({
      key: match[1]!,
      value: match[2]!,
      keySpan: { start: keyStart, end: keyStart + match[1]!.length, layer: 'input' },
      valueSpan: { start: valueStart, end: valueStart + match[2]!.length, layer: 'input' },
      source: 'colon',
    });
  }
  return pairs;
}

export function fakeDocument(bytes: Uint8Array): Document {
  const text = new TextDecoder().decode(bytes);
  return {
    kind: text.trim() === '' ? 'empty' : 'text',
    layers: { input: { name: 'input', text, origin: null } },
    primaryLayer: 'input',
    lines: [],
    keyValues: keyValues(text),
    tables: [],
    context: { dateOrder: null, dominantCurrency: null, decimalSeparator: null },
    email: null,
    csv: null,
    json: null,
    warnings: [],
  };
}

function parseTyped(type: string, raw: string): JsonValue | undefined {
  switch (type) {
    case 'MONEY': {
      const match = /^(USD|EUR|\$|€)\s?(\d+(?:\.\d+)?)$/.exec(raw);
      if (match === null) return undefined;
      const currency = match[1] === '$' ? 'USD' : match[1] === '€' ? 'EUR' : match[1]!;
      return { amount: match[2]!, currency };
    }
    case 'DATE':
      return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined;
    case 'DECIMAL':
      return /^\d+(?:\.\d+)?$/.test(raw) ? raw : undefined;
    case 'INTEGER':
      return /^\d+$/.test(raw) ? Number(raw) : undefined;
    default:
      return raw;
  }
}

/** `label_reader@1.0.0`: the value after `<field name in words>:`. */
export function labelReader(version = '1.0.0'): Capability {
  const capability = `label_reader@${version}`;
  return {
    spec: { id: 'label_reader', version, tier: 1, acceptsTypes: ['*'], costHint: { tokens: 0, ms: 1, usd: '0' }, deterministic: true },
    configure: (field) => ({ config: { label: field.name.replaceAll('_', ' ').toLowerCase() } }),
    invoke(context) {
      const label = String(context.config['label']);
      const candidates: Candidate[] = [];
      const evidence: Evidence[] = [];
      for (const pair of context.document.keyValues) {
        if (pair.key.trim().toLowerCase() !== label) continue;
        const value = parseTyped(context.field.type, pair.value);
        if (value === undefined) continue;
        const spans = [pair.valueSpan];
        const id = evidenceId({ capability, fieldPath: context.field.path, kind: 'EXACT_LABEL', spans, label: pair.key });
        evidence.push({ id, capability, fieldPath: context.field.path, kind: 'EXACT_LABEL', spans, text: pair.value, label: pair.key });
        candidates.push({ fieldPath: context.field.path, value, raw: pair.value, capability, tier: 1, evidenceIds: [id] });
      }
      return { candidates, evidence, diagnostics: [] };
    },
  };
}

/** Stages built from the fakes above, with the real executor and reconciler scorer. */
export function fakeStages(overrides: Partial<PipelineStages> = {}): PipelineStages {
  return {
    defaultCapabilities: () => [labelReader()],
    documentBuilder: { id: 'fake_document', version: '1.0.0' },
    buildDocument: async (bytes) => fakeDocument(bytes),
    execute: (options) => run(options),
    fieldScorer: (contract, policy, documentContext) => createFieldScorer(contract, policy, documentContext),
    ...overrides,
  };
}
