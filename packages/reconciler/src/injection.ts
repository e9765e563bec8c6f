/**
 * Prompt-injection screen (core's `instructionPhrase` over every string in a value): a
 * candidate value that reads like an instruction to a model is dropped whatever
 * capability produced it (a document can carry text aimed at the inference tier, and a
 * deterministic extractor can pick it up as a "value").
 */
import { type JsonValue, instructionPhrase, isPlainObject } from '@paxman/core';

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
    const phrase = instructionPhrase(text);
    if (phrase !== null) return phrase;
  }
  return null;
}
