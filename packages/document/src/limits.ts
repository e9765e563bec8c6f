/**
 * Size limits of `text_extraction`. Structure detection (lines, key-values, tables, JSON
 * nodes) is linear, but a 100 MB input would still create millions of small objects; past
 * these limits the text layer is kept whole and only its head is structured, with a warning.
 */

/** Characters of one layer that get lines, key-values and tables. */
export const STRUCTURE_CHARACTER_LIMIT = 8_000_000;
/** JSON texts longer than this are kept as text (no tree, no nodes). */
export const JSON_CHARACTER_LIMIT = 8_000_000;
/** Value nodes listed for a JSON input. */
export const JSON_NODE_LIMIT = 200_000;
/** JSON nesting deeper than this is rejected (treated as text) rather than recursed into. */
export const JSON_DEPTH_LIMIT = 256;
/** PDF pages read. */
export const PDF_PAGE_LIMIT = 100;
/**
 * Pixels of one page image read by OCR (10 000 × 10 000: a 48-megapixel phone photo or an A3
 * page scanned at 600 dpi fits). A larger image (a few hundred kilobytes of PNG can claim
 * 20 000 × 20 000 pixels: 2.5 GB and half a minute of decoding) is not read, with a warning;
 * PDF pages are rendered at a lower scale to fit.
 */
export const OCR_PIXEL_LIMIT = 100_000_000;
/** PDF inputs larger than this are not parsed. */
export const PDF_BYTE_LIMIT = 50_000_000;
/** Nested multipart levels followed in an e-mail. */
export const MIME_DEPTH_LIMIT = 8;
/** HTML source characters rendered to text. */
export const HTML_CHARACTER_LIMIT = 8_000_000;
/** Characters of one e-mail part body that are decoded. */
export const MIME_PART_CHARACTER_LIMIT = 16_000_000;
/** Lines longer than this are not searched for key-values or table cells. */
export const LINE_STRUCTURE_LIMIT = 2_000;
/** XML texts longer than this (a standalone XML input or a PDF's attachment) are not read as XML. */
export const XML_CHARACTER_LIMIT = 8_000_000;
/** Elements of one XML document. */
export const XML_ELEMENT_LIMIT = 200_000;
/** XML nesting deeper than this is refused. */
export const XML_DEPTH_LIMIT = 256;
/** Embedded files of one PDF read (an e-invoice carries one XML; the others are read in order up to this). */
export const PDF_ATTACHMENT_LIMIT = 8;
/** Bytes of one embedded file of a PDF that is read as XML. */
export const PDF_ATTACHMENT_BYTE_LIMIT = 8_000_000;
