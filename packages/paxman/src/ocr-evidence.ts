/**
 * Evidence read by OCR gets where it is on the page: for each evidence record whose
 * spans lie in the Document's OCR text layer, `boxes` (one per page, enclosing the words
 * of its spans, in page units) and `detail.ocrConfidence` (the lowest word confidence,
 * which the reconciler's rubric uses to lower a doubtful reading). Records of other
 * layers are returned as they are, so artifacts of text inputs do not change.
 */
import type { CandidateResult, Evidence } from '@paxman/core';
import { type Document, ocrEvidence } from '@paxman/document';

function annotate(document: Document, evidence: Evidence): Evidence {
  const found = ocrEvidence(document, evidence.spans);
  if (found === null) return evidence;
  const annotated: Record<string, unknown> = { ...evidence, boxes: found.boxes, detail: { ...evidence.detail, ocrConfidence: found.confidence } };
  // Members in canonical key order, as every record of an artifact.
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(annotated).sort()) ordered[key] = annotated[key];
  return Object.freeze(ordered) as unknown as Evidence;
}

/**
 * The results with page boxes and OCR confidence on the evidence read from the OCR layer.
 *
 * @example withOcrEvidence(document, results)[0].evidence[0].boxes // [{ page: 1, x: 412, y: 640, width: 31, height: 13 }]
 */
export function withOcrEvidence(document: Document, results: readonly CandidateResult[]): CandidateResult[] {
  return results.map((result) => {
    let changed = false;
    const evidence = result.evidence.map((record) => {
      const annotated = annotate(document, record);
      if (annotated !== record) changed = true;
      return annotated;
    });
    return changed ? Object.freeze({ ...result, evidence: Object.freeze(evidence) }) : result;
  });
}
