/**
 * The Document: the input parsed once per run by `text_extraction` and shared read-only
 * by every field step. Every structure keeps spans into a text layer (see `SourceSpan`
 * in core), so evidence can point at the exact source text.
 *
 * Layers: `input` is the whole input decoded as UTF-8 (for text, HTML, e-mail, CSV and
 * JSON inputs the spans of every structure below point into it, so
 * `document.layers.input.slice(start, end)` is the source text). Derived layers hold
 * text that does not exist verbatim in the input: `pdf-text` (text extracted by pdf.js),
 * `html-text` (visible text of an HTML document or part), `mime:<n>` (a decoded
 * quoted-printable/base64 e-mail part). A derived layer has an `origin` mapping back to
 * the input where one exists.
 */
import type { SourceSpan } from '@paxman/core';

export type DocumentKind = 'text' | 'html' | 'email' | 'csv' | 'json' | 'pdf' | 'xml' | 'binary' | 'empty';

export interface TextLayer {
  readonly name: string;
  readonly text: string;
  /** For derived layers: the span of the input this layer was decoded from, when known. */
  readonly origin: SourceSpan | null;
}

export interface DocumentLine {
  readonly text: string;
  readonly span: SourceSpan;
  /** 0-based line number within its layer. */
  readonly index: number;
}

/** `Label: value`, `Label ..... value`, a label above its value, `<dt>/<dd>`, an e-mail header. */
export interface KeyValuePair {
  readonly key: string;
  readonly value: string;
  readonly keySpan: SourceSpan;
  readonly valueSpan: SourceSpan;
  readonly source: 'colon' | 'leader' | 'above' | 'spaced' | 'definition-list' | 'html-table-row' | 'email-header';
}

export interface TableCell {
  readonly text: string;
  readonly span: SourceSpan;
}

/** An aligned-column text table, an HTML table or the CSV grid. */
export interface Table {
  readonly source: 'text' | 'html' | 'csv';
  readonly header: readonly TableCell[] | null;
  readonly rows: readonly (readonly TableCell[])[];
}

export interface EmailPart {
  readonly contentType: string;
  /** Layer holding the decoded body text. */
  readonly layer: string;
}

export interface EmailMessage {
  /** Header name (lower case) → values in order of appearance, with spans in the input. */
  readonly headers: readonly { readonly name: string; readonly value: string; readonly span: SourceSpan }[];
  readonly parts: readonly EmailPart[];
}

/** A JSON leaf or node with its path (`$.invoice.total`, `$.items[0].amount`). */
export interface JsonNode {
  readonly path: string;
  /** Key (or index as string) of the node within its parent; `$` for the root. */
  readonly key: string;
  readonly value: unknown;
  /** Span of the value's text in the input. */
  readonly span: SourceSpan;
  readonly keySpan: SourceSpan | null;
}

export interface Document {
  readonly kind: DocumentKind;
  /** Text layers by name; always has `input` (empty for binary input). */
  readonly layers: Readonly<Record<string, TextLayer>>;
  /** The layer a reader should search first: `input`, or `pdf-text`, or `html-text`. */
  readonly primaryLayer: string;
  readonly lines: readonly DocumentLine[];
  readonly keyValues: readonly KeyValuePair[];
  readonly tables: readonly Table[];
  readonly email: EmailMessage | null;
  readonly csv: { readonly header: readonly TableCell[]; readonly rows: readonly (readonly TableCell[])[] } | null;
  readonly json: { readonly root: unknown; readonly nodes: readonly JsonNode[] } | null;
  /** Problems met while parsing (a PDF that has no text layer, a malformed MIME part). */
  readonly warnings: readonly string[];
}
