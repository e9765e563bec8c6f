/**
 * A name as a letter prints it to address someone: how it addresses them comes first (the
 * packs' `recipient-words`: "Herrn", "Mme", "Mr"), then the name. Alone on its line, the
 * address words leave the name to the next line; before a name of two words or more they
 * are dropped ("Frau Dr. Anna Weber" is Dr. Anna Weber). A single word after them may be a
 * family name alone or a part of a company's name, so the line is then kept as printed.
 */
import type { SourceSpan } from '@paxman/core';

/** A line (or a part of one) that may hold a name. */
export interface NameText {
  readonly text: string;
  readonly span: SourceSpan;
}

/**
 * The name `line` holds without the words addressing it: `line` itself when it starts with
 * none, `'next-line'` when it holds nothing else. `afterRecipientWords` is where the
 * address words a text starts with end, or null.
 */
export function withoutAddressWords(line: NameText, afterRecipientWords: (text: string) => number | null): NameText | 'next-line' {
  const end = afterRecipientWords(line.text);
  if (end === null) return line;
  const rest = line.text.slice(end);
  // The words end before their own full stop ("M. Jean Dupont").
  const name = rest.replace(/^[\s.,]+/u, '').trimEnd();
  if (name.length === 0) return 'next-line';
  if (!/\S\s+\S/.test(name)) return line;
  const start = line.span.start + end + rest.indexOf(name);
  return { text: name, span: { start, end: start + name.length, layer: line.span.layer } };
}
