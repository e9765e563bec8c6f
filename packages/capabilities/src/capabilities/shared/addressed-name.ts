/**
 * A name as a letter prints it to address someone: how it addresses them comes first (the
 * packs' `recipient-words`: "Herrn", "Mme", "Mr"), then the name. Alone on its line, the
 * address words leave the name to the next line; before a name of two words or more they
 * are dropped ("Frau Dr. Anna Weber" is Dr. Anna Weber). A single word after them may be a
 * family name alone or a part of a company's name, and a name ending in a legal form is a
 * company's that may start with such a word ("Pan Pacific Trading Ltd"): the line is then
 * kept as printed.
 */
import type { SourceSpan } from '@paxman/core';
import type { LayoutWords } from './layout-words.js';

/** A line (or a part of one) that may hold a name. */
export interface NameText {
  readonly text: string;
  readonly span: SourceSpan;
}

/** What the reading asks of the packs' words: where the address words a text starts with end, and where a legal form ends it. */
export type AddressWords = Pick<LayoutWords, 'afterStart' | 'legalFormStart'>;

/**
 * The name `line` holds without the words addressing it: `line` itself when it starts with
 * none, `'next-line'` when it holds nothing else.
 */
export function withoutAddressWords(line: NameText, words: AddressWords): NameText | 'next-line' {
  const end = words.afterStart('recipient-words', line.text);
  if (end === null) return line;
  const rest = line.text.slice(end);
  // The words end before their own full stop ("M. Jean Dupont").
  const name = rest.replace(/^[\s.,]+/u, '').trimEnd();
  if (name.length === 0) return 'next-line';
  if (!/\S\s+\S/.test(name) || words.legalFormStart(name) !== null) return line;
  const start = line.span.start + end + rest.indexOf(name);
  return { text: name, span: { start, end: start + name.length, layer: line.span.layer } };
}
