/**
 * Evidence read from a PDF's text layer gets where it is on the page: for each evidence
 * record whose spans lie in the `pdf-text` layer, `boxes` — one per line of the layer the
 * spans cover, in PDF points on the page as displayed, like the boxes of OCR'd evidence.
 * Nothing else changes (no confidence: the text layer is read exactly), and records of
 * other layers are returned as they are, so artifacts of text, HTML, e-mail, CSV and JSON
 * inputs do not change.
 */
import type { Evidence } from '@paxman/core';
import { type Document, pdfTextBoxes } from '@paxman/document';

function annotate(document: Document, evidence: Evidence): Evidence {
  const boxes = pdfTextBoxes(document, evidence.spans);
  if (boxes === null) return evidence;
  const annotated: Record<string, unknown> = { ...evidence, boxes };
  // Members in canonical key order, as every record of an artifact.
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(annotated).sort()) ordered[key] = annotated[key];
  return Object.freeze(ordered) as unknown as Evidence;
}

/**
 * Annotates evidence records as the executor receives them: page boxes on those read from
 * a PDF's text layer, the others returned as they are.
 *
 * @example pdfAnnotator(document)(record).boxes // [{ page: 1, x: 498.2, y: 641.5, width: 38.9, height: 11 }]
 */
export function pdfAnnotator(document: Document): (evidence: Evidence) => Evidence {
  return (evidence) => annotate(document, evidence);
}
