/**
 * What the field capabilities need from the value recognizers (`src/recognizers/`):
 * find typed values in a text, parse one value, and infer document-wide reading hints
 * (date order, currency). The capabilities receive it as a parameter, so each can be
 * tested with the real recognizers or with a stand-in, and a caller can swap in
 * locale-specific recognizers without touching the capabilities.
 */
import type { RecognizedValue, RecognizerKind, RecognizerOptions } from '../../recognizers/types.js';

/** Document-wide reading hints (a subset of `RecognizerOptions`). */
export interface DocumentReadingHints {
  readonly dateOrder?: RecognizerOptions['dateOrder'];
  readonly defaultCurrency?: string | null;
  readonly locale?: string;
  readonly decimalSeparator?: '.' | ',' | null;
}

/** The recognizer functions the capabilities call. */
export interface ValueRecognizers {
  /** Every value of `kind` in `text`, non-overlapping, in order; offsets relative to `text`. */
  findValues(kind: RecognizerKind, text: string, options?: RecognizerOptions): readonly RecognizedValue[];
  /** `text` read as one value of `kind` (surrounding noise tolerated as the recognizer decides), or null. */
  parseValue(kind: RecognizerKind, text: string, options?: RecognizerOptions): RecognizedValue | null;
  /** Hints that hold for the whole document: the date order its unambiguous dates use, its currency. */
  inferDocumentContext(text: string): DocumentReadingHints;
}
