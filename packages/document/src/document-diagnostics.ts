/**
 * Everything a Document has to say about how it was read, as diagnostics for the artifact:
 * each warning (a format limit hit, pages dropped, a JSON nesting limit, bytes read as
 * another encoding, binary input) as `DOCUMENT_WARNING`, a text searched in its head only
 * (`INPUT_PARTIALLY_SEARCHED`), pages OCR could not read, and XML it refused (`XML_REFUSED`). Nothing a reader noticed is
 * kept from the caller.
 */
import type { Diagnostic } from '@paxman/core';
import type { Document } from './model.js';
import { ocrDiagnostics } from './ocr/ocr-document.js';
import { unsearchedTextDiagnostics } from './searched-text.js';
import { xmlDiagnostics } from './xml/xml-document.js';

/** The Document's warnings and limits as diagnostics, in a fixed order. */
export function documentDiagnostics(document: Document): Diagnostic[] {
  const warnings: Diagnostic[] = document.warnings.map((warning) => ({ code: 'DOCUMENT_WARNING', severity: 'WARNING', stage: 'execution', message: warning }));
  return [...warnings, ...unsearchedTextDiagnostics(document), ...ocrDiagnostics(document), ...xmlDiagnostics(document)];
}
