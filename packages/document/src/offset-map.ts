/**
 * Mapping spans of a derived layer back to the layer it was rendered from, through the
 * layer's `offsetMap` (rendered HTML text → HTML source). A span maps exactly when both
 * its ends fall in character-exact runs and the source text there is the same text;
 * otherwise the mapping covers the runs it touches (an entity, a collapsed space) and is
 * reported as inexact.
 */
import type { SourceSpan } from '@paxman/core';
import type { Document, LayerMapSegment, LayerOffsetMap, TextLayer } from './model.js';

/** A span mapped into another layer. */
export interface MappedSpan {
  readonly span: SourceSpan;
  /** True when the target slice is exactly the same text as the original slice. */
  readonly exact: boolean;
}

/** Index of the last segment whose start is ≤ offset, or -1. */
function segmentAt(segments: readonly LayerMapSegment[], offset: number): number {
  let low = 0;
  let high = segments.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (segments[middle]!.start <= offset) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function isLinear(segment: LayerMapSegment): boolean {
  return segment.end - segment.start === segment.targetEnd - segment.targetStart;
}

/**
 * Maps `[start, end)` of a layer through `map`; null when no segment lies in the range
 * (text the renderer inserted, such as line breaks).
 */
export function mapRange(map: LayerOffsetMap, start: number, end: number, sourceText: string, targetText: string): MappedSpan | null {
  const segments = map.segments;
  if (segments.length === 0 || end <= start) return null;
  let first = segmentAt(segments, start);
  if (first === -1 || segments[first]!.end <= start) first += 1;
  const last = segmentAt(segments, end - 1);
  if (first >= segments.length || last < first) return null;
  const firstSegment = segments[first]!;
  const lastSegment = segments[last]!;
  if (lastSegment.end <= start) return null;
  const targetStart = isLinear(firstSegment) && start >= firstSegment.start ? firstSegment.targetStart + (start - firstSegment.start) : firstSegment.targetStart;
  const targetEnd = isLinear(lastSegment) && end <= lastSegment.end ? lastSegment.targetStart + (end - lastSegment.start) : lastSegment.targetEnd;
  const span: SourceSpan = { start: targetStart, end: Math.max(targetEnd, targetStart), layer: map.target };
  const exact = targetText.slice(span.start, span.end) === sourceText.slice(start, end);
  return { span, exact };
}

/**
 * Maps a span of a Document layer back towards `input`, following offset maps (and, for a
 * decoded e-mail part, its `origin`: the encoded text it came from, never exact). Returns
 * the span itself (exact) when it is already in `input`, null when it cannot be mapped.
 */
export function mapSpanToInput(document: Document, span: SourceSpan): MappedSpan | null {
  let current: MappedSpan = { span, exact: true };
  for (let hops = 0; hops < 8; hops += 1) {
    if (current.span.layer === 'input') return current;
    const layer: TextLayer | undefined = document.layers[current.span.layer];
    if (layer === undefined) return null;
    const target = layer.offsetMap === undefined ? undefined : document.layers[layer.offsetMap.target];
    if (layer.offsetMap !== undefined && target !== undefined) {
      const mapped = mapRange(layer.offsetMap, current.span.start, current.span.end, layer.text, target.text);
      if (mapped === null) return null;
      current = { span: mapped.span, exact: current.exact && mapped.exact };
      continue;
    }
    if (layer.origin === null) return null;
    current = { span: layer.origin, exact: false };
  }
  return null;
}
