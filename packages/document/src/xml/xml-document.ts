/**
 * XML in a Document: a standalone XML input, or an XML file embedded in a PDF (a ZUGFeRD,
 * Factur-X or XRechnung invoice), scanned once into `document.xml` with spans into its own
 * layer. A text that is refused or not well-formed is recorded in `document.xmlRefusals`
 * (an `XML_REFUSED` diagnostic) and nothing of it is read as XML.
 */
import type { Diagnostic } from '@paxman/core';
import type { DocumentDraft } from '../document-draft.js';
import type { Document } from '../model.js';
import { scanXml } from './xml-scanner.js';

/** Scans layer `layer` of the draft as XML; true when it was read. */
export function addXmlDocument(draft: DocumentDraft, layer: string, source: 'input' | 'pdf-attachment', fileName: string | null): boolean {
  const text = draft.layers[layer]?.text ?? '';
  const scan = scanXml(text, layer);
  if (!scan.ok) {
    draft.xmlRefusals.push({ layer, fileName, reason: scan.reason, refused: scan.refused });
    return false;
  }
  draft.xml.push({ layer, source, fileName, elements: scan.elements });
  return true;
}

/** An `XML_REFUSED` warning for each XML text the Document did not read. */
export function xmlDiagnostics(document: Document): Diagnostic[] {
  return (document.xmlRefusals ?? []).map((refusal) => ({
    code: 'XML_REFUSED' as const,
    severity: 'WARNING' as const,
    stage: 'execution' as const,
    message: `${refusal.fileName === null ? 'The XML input' : `The embedded file ${refusal.fileName}`} was not read as XML: ${refusal.reason}`,
    context: { layer: refusal.layer, refused: refusal.refused, ...(refusal.fileName === null ? {} : { fileName: refusal.fileName }) },
  }));
}
