/**
 * A pack's example cases: tests written as data, shipped with the knowledge they exercise (in
 * the manner of a grammar's spec corpus). Each example is a short document and the fields a
 * contract would ask of it, each with the value the pack's knowledge must let Paxman read, or
 * `null` for a field that must stay unresolved. The facade runs them (`runPackExamples`); the
 * built-in packs' examples run in the test suite, and a user runs their own pack's the same
 * way. Examples never change what a pack teaches: the reading mechanisms do not see them.
 */
import { isPlainObject } from '@paxman/core';

/** The field types an example may ask for (a scalar of the contract's types). */
export const EXAMPLE_FIELD_TYPES = ['STRING', 'INTEGER', 'DECIMAL', 'MONEY', 'DATE', 'BOOLEAN'] as const;

/** One field an example asks for, and the value it must read. */
export interface PackExampleField {
  readonly name: string;
  readonly type: (typeof EXAMPLE_FIELD_TYPES)[number];
  /** The field's description, as a contract would give it. */
  readonly description?: string;
  /** The value as `normalizedData` holds it (a MONEY as `{amount, currency}`), or null: the field stays unresolved. */
  readonly expect: unknown;
}

/** One example: a document, and what must be read from it. */
export interface PackExample {
  /** What the example shows, in a sentence. */
  readonly title: string;
  /** The document, as text. */
  readonly text: string;
  readonly fields: readonly PackExampleField[];
}

/** Longest example document: examples are snippets, not corpora. */
const MAX_EXAMPLE_CHARACTERS = 20_000;
const FIELD_NAME = /^[a-z_][a-z0-9_]*$/;

/** Adds to `problems` what is wrong with a pack's `examples` section, each with its path. */
export function examplesSectionProblems(value: unknown, problems: string[]): void {
  if (!Array.isArray(value)) {
    problems.push('examples: must be a list');
    return;
  }
  value.forEach((example: unknown, index) => {
    const at = `examples[${index}]`;
    if (!isPlainObject(example)) {
      problems.push(`${at}: must be an object`);
      return;
    }
    for (const key of Object.keys(example)) if (!['title', 'text', 'fields'].includes(key)) problems.push(`${at}.${key}: is not an example's property`);
    if (typeof example.title !== 'string' || example.title.trim() === '') problems.push(`${at}.title: must be a non-empty string`);
    if (typeof example.text !== 'string' || example.text.trim() === '' || example.text.length > MAX_EXAMPLE_CHARACTERS) problems.push(`${at}.text: must be a non-empty string of at most ${MAX_EXAMPLE_CHARACTERS} characters`);
    if (!Array.isArray(example.fields) || example.fields.length === 0) {
      problems.push(`${at}.fields: must be a non-empty list`);
      return;
    }
    const names = new Set<string>();
    example.fields.forEach((field: unknown, fieldIndex) => {
      const fieldAt = `${at}.fields[${fieldIndex}]`;
      if (!isPlainObject(field)) {
        problems.push(`${fieldAt}: must be an object`);
        return;
      }
      for (const key of Object.keys(field)) if (!['name', 'type', 'description', 'expect'].includes(key)) problems.push(`${fieldAt}.${key}: is not an example field's property`);
      if (typeof field.name !== 'string' || !FIELD_NAME.test(field.name)) problems.push(`${fieldAt}.name: must be a snake_case field name`);
      else if (names.has(field.name)) problems.push(`${fieldAt}.name: ${field.name} is asked twice`);
      else names.add(field.name);
      if (!(EXAMPLE_FIELD_TYPES as readonly unknown[]).includes(field.type)) problems.push(`${fieldAt}.type: must be one of ${EXAMPLE_FIELD_TYPES.join(', ')}`);
      if (field.description !== undefined && typeof field.description !== 'string') problems.push(`${fieldAt}.description: must be a string`);
      if (!('expect' in field)) problems.push(`${fieldAt}.expect: is required (null for a field that must stay unresolved)`);
    });
  });
}
