/**
 * Renders a prompt template for one field: `{{name}}` placeholders and
 * `{{#name}}…{{/name}}` sections (kept only when the value is non-empty). Values are
 * inserted literally; nothing in the document can open a placeholder.
 */
import type { CanonicalField } from '@paxman/contract';
import type { ChatMessage } from './provider.js';

export interface PromptTemplate {
  readonly id: string;
  readonly system: string;
  readonly user: string;
}

export interface PromptValues {
  readonly name: string;
  readonly type: string;
  readonly description: string;
  readonly allowedValues: string;
  readonly resolved: string;
  readonly document: string;
  /** The members of a row (an ARRAY of OBJECT field), one per line with its type and description; empty for other fields. */
  readonly members: string;
}

function fill(template: string, values: PromptValues): string {
  const withSections = template.replace(/\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g, (_, key: string, body: string) =>
    (values as unknown as Record<string, string>)[key] ? body : '',
  );
  return withSections.replace(/\{\{(\w+)\}\}/g, (_, key: string) => (values as unknown as Record<string, string>)[key] ?? '');
}

/** The values a field contributes to a prompt. */
export function promptValuesFor(field: CanonicalField, document: string, resolved: Readonly<Record<string, unknown>>): PromptValues {
  const typeHint: Record<string, string> = {
    MONEY: 'MONEY (amount with its currency, e.g. "1,234.56 EUR")',
    DATE: 'DATE (as written in the document)',
    DECIMAL: 'DECIMAL number',
    INTEGER: 'INTEGER',
    BOOLEAN: 'BOOLEAN (true or false)',
    ENUM: 'ENUM (one of the allowed values)',
    STRING: 'STRING (short text)',
  };
  const resolvedEntries = Object.entries(resolved).map(([path, value]) => `${path} = ${JSON.stringify(value)}`);
  const members = field.type === 'ARRAY' ? field.fields.map((member) => `- ${member.name}: ${typeHint[member.type] ?? member.type}${member.required ? ', required' : ''}${member.description ? ` — ${member.description}` : ''}`).join('\n') : '';
  return {
    name: field.path.replace(/_/g, ' '),
    type: typeHint[field.type] ?? field.type,
    description: field.description ?? '',
    allowedValues: field.enumValues.map((entry) => entry.value).join(', '),
    resolved: resolvedEntries.join('; '),
    document,
    members,
  };
}

export function renderPrompt(template: PromptTemplate, values: PromptValues): ChatMessage[] {
  return [
    { role: 'system', content: fill(template.system, values) },
    { role: 'user', content: fill(template.user, values) },
  ];
}
