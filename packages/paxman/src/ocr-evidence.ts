/**
 * Evidence read by OCR gets where it is on the page: for each evidence record whose
 * spans lie in the Document's OCR text layer, `boxes` (one per span and page, enclosing
 * the words of the span — a value's box apart from its label's — in page units), `ocr-reading` grounds and, for readers of the artifact, `detail.ocrConfidence` (the lowest word confidence, which
 * the reconciler's rubric uses to lower a doubtful reading) and
 * `detail.ocrAllWordsConfidence` (the product of the word confidences: how likely every
 * word is right, which the rubric uses for free text read from the layout) and, when the
 * page was read twice, `detail.ocrSecondReading` (`agrees` / `differs` /
 * `differs-in-shape`: what the second reading says at the value's place; the rubric lowers
 * a value the readings disagree on, and does not trust a number one of them holds with a
 * digit or a separator more or fewer). Records of other
 * layers are returned as they are, so artifacts of text inputs do not change.
 */
import type { Evidence, Grounds, PageBox } from '@paxman/core';
import { type Document, ocrEvidence } from '@paxman/document';

function annotate(document: Document, evidence: Evidence): Evidence {
  const found = ocrEvidence(document, evidence.spans);
  if (found === null) return evidence;
  // One box per span and page (the value's apart from its label's), as PDF text-layer evidence is boxed.
  const boxes: PageBox[] = [];
  const seen = new Set<string>();
  for (const span of evidence.spans) {
    for (const box of ocrEvidence(document, [span])?.boxes ?? []) {
      const key = `${box.page}:${box.x}:${box.y}:${box.width}:${box.height}`;
      if (seen.has(key)) continue;
      seen.add(key);
      boxes.push(box);
    }
  }
  // The reading quality is stated as grounds (ADR 0023), which the rubric grades; the detail keeps the same facts for readers of the artifact.
  const reading: Grounds = {
    kind: 'ocr-reading',
    weakestWord: found.confidence,
    allWords: found.allWords,
    ...(found.allWordsBothReadings === undefined ? {} : { allWordsBothReadings: found.allWordsBothReadings }),
    ...(found.secondReading === undefined ? {} : { secondReading: found.secondReading }),
  };
  const annotated: Record<string, unknown> = {
    ...evidence,
    boxes,
    grounds: [...(evidence.grounds ?? []).filter((grounds) => grounds.kind !== 'ocr-reading'), reading],
    detail: {
      ...evidence.detail,
      ocrConfidence: found.confidence,
      ocrAllWordsConfidence: found.allWords,
      ...(found.allWordsBothReadings === undefined ? {} : { ocrAllWordsBothReadings: found.allWordsBothReadings }),
      ...(found.secondReading === undefined ? {} : { ocrSecondReading: found.secondReading }),
    },
  };
  // Members in canonical key order, as every record of an artifact.
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(annotated).sort()) ordered[key] = annotated[key];
  return Object.freeze(ordered) as unknown as Evidence;
}

/**
 * Annotates evidence records as the executor receives them: page boxes and OCR confidence
 * on those read from the OCR layer, the others returned as they are.
 *
 * @example ocrAnnotator(document)(record).boxes // [{ page: 1, x: 412, y: 640, width: 31, height: 13 }]
 */
export function ocrAnnotator(document: Document): (evidence: Evidence) => Evidence {
  return (evidence) => annotate(document, evidence);
}
