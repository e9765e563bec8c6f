/**
 * Prompt-injection screen: a candidate value that reads like an instruction to a model
 * is dropped whatever capability produced it (a document can carry text aimed at the
 * inference tier, and a deterministic extractor can pick it up as a "value").
 */
import { type JsonValue, isPlainObject } from '@paxman/core';

const INJECTION_PATTERNS: readonly RegExp[] = [
  /\bignore\s+(?:all\s+|any\s+|the\s+)?(?:previous|prior|above|earlier)\s+(?:instructions?|prompts?|rules?)/,
  /\b(?:disregard|forget)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:previous|prior|above|earlier)?\s*(?:instructions?|prompts?|rules?|schema)/,
  /(?:^|\W)(?:system|assistant|developer)\s*:/,
  /\byou\s+are\s+(?:now\s+)?(?:a|an|the)\b/,
  /\byou\s+are\s+now\b/,
  /\boutput\s+(?:the\s+)?(?:total|literal|string|value|following)\b/,
  /\bnew\s+(?:task|instructions?)\s*:/,
  /\b(?:respond|answer|reply)\s+(?:only\s+)?with\b/,
  /<\/?(?:system|instructions?|prompt)>/,
];

/** The strings inside a JSON value (money amounts, object members, array items). */
function stringsOf(value: JsonValue, into: string[]): void {
  if (typeof value === 'string') into.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (isPlainObject(value)) for (const key of Object.keys(value).sort()) stringsOf(value[key] ?? null, into);
}

/** The phrase that makes `value` look like a prompt injection, or null. */
export function injectionPhrase(value: JsonValue): string | null {
  const texts: string[] = [];
  stringsOf(value, texts);
  for (const text of texts) {
    const normalized = text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ');
    for (const pattern of INJECTION_PATTERNS) {
      const match = pattern.exec(normalized);
      if (match) return match[0].trim();
    }
  }
  return null;
}
