/**
 * Lazily loaded parsing libraries. htmlparser2 costs ~30 ms and postal-mime ~6 ms to
 * import cold; a run on plain text, CSV or JSON should pay neither, so the builder loads
 * them only for HTML and e-mail input (pdf.js is loaded the same way in `pdf-text.ts`).
 */
import { ConfigurationError } from '@paxman/core';
import type { Parser } from 'htmlparser2';

/** The constructor of htmlparser2's streaming parser. */
export type HtmlParserConstructor = typeof Parser;
/** postal-mime's RFC 2047 encoded-word decoder. */
export type DecodeWords = (text: string) => string;

/**
 * Imports an optional peer dependency, or throws a `ConfigurationError` that says which
 * package to install (the `paxman` package installs all of them).
 */
export async function importOptionalPeer<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') {
      throw new ConfigurationError(`Reading this input needs the optional package "${name}"; install it next to @paxman/document (the paxman package installs it).`, {
        context: { package: name },
        cause: error,
      });
    }
    throw error;
  }
}

/** htmlparser2's `Parser`, imported on first use (Node's module cache keeps it). */
export function loadHtmlParser(): Promise<HtmlParserConstructor> {
  return importOptionalPeer('htmlparser2', () => import('htmlparser2').then((module) => module.Parser));
}

/** postal-mime's `decodeWords`, imported on first use. */
export function loadDecodeWords(): Promise<DecodeWords> {
  return importOptionalPeer('postal-mime', () => import('postal-mime').then((module) => module.decodeWords as DecodeWords));
}
