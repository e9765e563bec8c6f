/**
 * Lazily loaded parsing libraries. htmlparser2 costs ~30 ms and postal-mime ~6 ms to
 * import cold; a run on plain text, CSV or JSON should pay neither, so the builder loads
 * them only for HTML and e-mail input (pdf.js is loaded the same way in `pdf-text.ts`).
 */
import type { Parser } from 'htmlparser2';

/** The constructor of htmlparser2's streaming parser. */
export type HtmlParserConstructor = typeof Parser;
/** postal-mime's RFC 2047 encoded-word decoder. */
export type DecodeWords = (text: string) => string;

let htmlParser: Promise<HtmlParserConstructor> | undefined;
let wordDecoder: Promise<DecodeWords> | undefined;

/** htmlparser2's `Parser`, imported on first use. */
export function loadHtmlParser(): Promise<HtmlParserConstructor> {
  htmlParser ??= import('htmlparser2').then((module) => module.Parser);
  return htmlParser;
}

/** postal-mime's `decodeWords`, imported on first use. */
export function loadDecodeWords(): Promise<DecodeWords> {
  wordDecoder ??= import('postal-mime').then((module) => module.decodeWords as DecodeWords);
  return wordDecoder;
}
