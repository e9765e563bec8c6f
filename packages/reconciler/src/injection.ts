/**
 * Prompt-injection screen (core's `instructionPhrase` over every string in a value): a
 * candidate value that reads like an instruction to a model is dropped whatever
 * capability produced it (a document can carry text aimed at the inference tier, and a
 * deterministic extractor can pick it up as a "value").
 */
import { type JsonValue, instructionPhrase, isPlainObject } from '@paxman/core';

/**
 * The phrase that makes `value` look like a prompt injection, or null. The strings inside
 * the value (money amounts, object members by sorted key, array items) are screened in
 * that order and the first phrase found is returned; no list of them is built.
 */
export function injectionPhrase(value: JsonValue): string | null {
  if (typeof value === 'string') return instructionPhrase(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const phrase = injectionPhrase(item);
      if (phrase !== null) return phrase;
    }
    return null;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    if (keys.length > 1) keys.sort();
    for (const key of keys) {
      const phrase = injectionPhrase(value[key] ?? null);
      if (phrase !== null) return phrase;
    }
  }
  return null;
}
