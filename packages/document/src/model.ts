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
import type { PageBox, SourceSpan } from '@paxman/core';
import type { DocumentContext } from '@paxman/values';

export type DocumentKind = 'text' | 'html' | 'email' | 'csv' | 'json' | 'pdf' | 'image' | 'xml' | 'binary' | 'empty';

/**
 * A word read by OCR: its offsets in the OCR text layer, the page it is on (from 1), its
 * box in page units (image pixels; PDF points for a rendered PDF page; y downwards from
 * the top-left corner) and Tesseract's confidence (0–1).
 */
export interface OcrWordPlacement extends PageBox {
  readonly start: number;
  readonly end: number;
  readonly confidence: number;
}

/** How reading one page by OCR went. */
export interface OcrPageStatus {
  readonly page: number;
  readonly status: 'read' | 'timeout' | 'failed';
  readonly words: number;
  /** Why the page was not read (a time limit, an unreadable image). */
  readonly message?: string;
}

/** The OCR reading of an image or of a PDF without a text layer. */
export interface DocumentOcr {
  /** The text layer the words are laid out in (`ocr-text`). */
  readonly layer: string;
  readonly pages: readonly OcrPageStatus[];
  /** Sorted by `start`. */
  readonly words: readonly OcrWordPlacement[];
  /**
   * The page read a second time with another page segmentation (the engine's
   * `secondReading`): its words and boxes in page units, in no particular order; absent
   * when the engine read each page once. Evidence compares its value with this reading.
   */
  readonly secondReading?: readonly OcrCheckWord[];
}

/**
 * A run of PDF text (one pdf.js text item) where it landed in the `pdf-text` layer and on
 * its page: offsets `[start, end)` in the layer, the page (from 1), its box in PDF points
 * on the page as displayed (rotation applied; y downwards from the top-left corner), and
 * the way its text advances on that page (`right` for ordinary text, `down`, `left` or
 * `up` for text turned by the page's rotation or its own), so a part of the run can be
 * boxed by its share of the characters.
 */
export interface PdfTextRun extends PageBox {
  readonly start: number;
  readonly end: number;
  readonly direction: 'right' | 'down' | 'left' | 'up';
}

/** A PDF page as displayed: its number (from 1) and size in PDF points (rotation applied). */
export interface PdfPageSize {
  readonly page: number;
  readonly width: number;
  readonly height: number;
}

/** Where the text of a PDF's text layer is on its pages (`pdf/pdf-boxes.ts`). */
export interface DocumentPdfLayout {
  /** The text layer the runs are laid out in (`pdf-text`). */
  readonly layer: string;
  /** The pages read, in order. */
  readonly pages: readonly PdfPageSize[];
  /** Sorted by `start`, non-overlapping. */
  readonly runs: readonly PdfTextRun[];
}

/** A word of the second OCR reading: its text, page box (page units) and the second engine's confidence (0–1). */
export interface OcrCheckWord {
  readonly text: string;
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly confidence: number;
}

/**
 * One run of a derived layer that maps back to its source layer. When the run and its
 * target have the same length the map is character-exact (offset `start + k` ↔
 * `targetStart + k`); otherwise (an HTML entity such as `&amp;`) the whole run maps to the
 * whole target range.
 */
export interface LayerMapSegment {
  readonly start: number;
  readonly end: number;
  readonly targetStart: number;
  readonly targetEnd: number;
}

/** Offsets of a derived layer mapped back to another layer (`html-text` → `input`). */
export interface LayerOffsetMap {
  /** The layer the segments point into. */
  readonly target: string;
  /** Sorted by `start`, non-overlapping; text outside every segment (inserted line breaks) maps nowhere. */
  readonly segments: readonly LayerMapSegment[];
}

export interface TextLayer {
  readonly name: string;
  readonly text: string;
  /** For derived layers: the span of the input this layer was decoded from, when known. */
  readonly origin: SourceSpan | null;
  /** For derived layers whose offsets can be mapped back (rendered HTML): the per-run map. */
  readonly offsetMap?: LayerOffsetMap;
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
  /**
   * How the pair was printed; `block` is a run of labels on their own lines followed by
   * as many values on theirs (a receipt transcribed column by column), paired by order.
   */
  readonly source: 'colon' | 'leader' | 'above' | 'block' | 'spaced' | 'definition-list' | 'html-table-row' | 'email-header';
  /**
   * `summary` when the pair sits in a tax summary block ("GST SUMMARY", "VAT analysis"):
   * its "Total" is the summary's (an amount before tax, or the tax), not the document's.
   * `signature` when it is a line of a signature block ("By:", "Name:", "Title:", "Date:"
   * together): its "Title" is a signer's job title, its "Date" the day of signing.
   */
  readonly region?: 'summary' | 'signature';
}

export interface TableCell {
  /** Exactly the text of `span` in its layer. */
  readonly text: string;
  readonly span: SourceSpan;
  /**
   * The cell's value when it differs from its source text: a CSV cell with `""` escapes,
   * or a text-table header printed over two lines (`text` "Amount", `value` "Amount excl. VAT").
   */
  readonly value?: string;
}

/** An aligned-column text table, an HTML table or the CSV grid. */
export interface Table {
  readonly source: 'text' | 'html' | 'csv';
  readonly header: readonly TableCell[] | null;
  readonly rows: readonly (readonly TableCell[])[];
  /**
   * Indexes of the rows inside a tax summary block ("GST SUMMARY", "VAT analysis"), when
   * any: their "Total" is the summary's, not the document's (as `KeyValuePair.region`).
   */
  readonly summaryRows?: readonly number[];
}

export interface EmailPart {
  readonly contentType: string;
  /** Layer holding the decoded body text. */
  readonly layer: string;
  /** The body text within `layer` (for an unencoded part, a span of `input`). */
  readonly span?: SourceSpan;
  /** `7bit`, `8bit`, `quoted-printable`, `base64`, … (lower case). */
  readonly transferEncoding?: string;
  readonly charset?: string;
  /**
   * The layer holding the part's text alone: an HTML part rendered (`mime:<n>:html-text`),
   * or an unencoded plain part copied out of the input (`mime:<n>`, offset-mapped exactly
   * to `input`, where its structures are).
   */
  readonly textLayer?: string;
}

export interface EmailMessage {
  /** Header name (lower case) → values in order of appearance, with spans in the input. */
  readonly headers: readonly {
    readonly name: string;
    /** Unfolded and RFC 2047-decoded value. */
    readonly value: string;
    /** Span of the raw value in the input (after `Name:` and its whitespace). */
    readonly span: SourceSpan;
    /** Span of the header name in the input. */
    readonly nameSpan?: SourceSpan;
  }[];
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

/** An attribute of an XML element: its names, its decoded value and the span of the value. */
export interface XmlAttribute {
  /** As written (`currencyID`, `xsi:type`). */
  readonly name: string;
  readonly localName: string;
  /** Namespace URI; empty when the attribute has no prefix. */
  readonly namespace: string;
  readonly value: string;
  /** The value between its quotes in the layer. */
  readonly span: SourceSpan;
}

/** An element of an XML document, in document order. */
export interface XmlElement {
  /** As written, with its prefix (`ram:GrandTotalAmount`). */
  readonly name: string;
  readonly localName: string;
  /** Namespace URI (prefixes resolved); empty when none. */
  readonly namespace: string;
  /** Index of the parent element in `XmlDocument.elements`; -1 for the root. */
  readonly parent: number;
  /** 0 for the root. */
  readonly depth: number;
  /** Names as written from the root: `/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID`. */
  readonly path: string;
  /** The element's name in its start tag. */
  readonly nameSpan: SourceSpan;
  /** The element's decoded text, trimmed, when it has no child elements; empty otherwise. */
  readonly text: string;
  /** The trimmed text between its tags in the layer (entities as written), when it has some. */
  readonly textSpan: SourceSpan | null;
  readonly attributes: readonly XmlAttribute[];
  readonly hasChildren: boolean;
}

/**
 * An XML document the input holds: the input itself (`source: 'input'`) or a file embedded
 * in a PDF (`'pdf-attachment'`, in its own layer `attachment:<n>:<file name>`).
 */
export interface XmlDocument {
  readonly layer: string;
  readonly source: 'input' | 'pdf-attachment';
  /** The embedded file's name (`factur-x.xml`); null for the input. */
  readonly fileName: string | null;
  /** Root first, in document order. */
  readonly elements: readonly XmlElement[];
}

/** An XML text that was not read: refused (entities declared, a limit) or not well-formed. */
export interface XmlRefusal {
  readonly layer: string;
  readonly fileName: string | null;
  readonly reason: string;
  /** True when it was refused as unsafe or too large, false when it was not well-formed. */
  readonly refused: boolean;
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
  /**
   * The document's conventions (date order, dominant currency, decimal separator), read
   * once from the searched head of the primary layer when the Document is built; every
   * recognizer call and the reconciler take them from here.
   */
  readonly context: DocumentContext;
  /** For an image or a PDF read by OCR: the words with their page boxes (absent otherwise). */
  readonly ocr?: DocumentOcr;
  /** XML documents of the input: the input itself, or files embedded in a PDF (`buildDocument` always sets it; empty when none). */
  readonly xml?: readonly XmlDocument[];
  /** XML texts that were not read, and why (an `XML_REFUSED` diagnostic each). */
  readonly xmlRefusals?: readonly XmlRefusal[];
  /** For a PDF read from its text layer: where each run of text is on its page (absent otherwise). */
  readonly pdf?: DocumentPdfLayout;
}
