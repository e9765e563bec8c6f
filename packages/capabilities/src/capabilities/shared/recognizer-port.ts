/**
 * What the field capabilities need from the value recognizers (`@paxman/values`): find
 * typed values in a text and parse one value. Document-wide reading hints (date order,
 * currency, decimal separator) come from `document.context`, read once per document. The capabilities receive it as a parameter, so each can be
 * tested with the real recognizers or with a stand-in, and a caller can swap in
 * locale-specific recognizers without touching the capabilities.
 */
import type { RecognizedValue, RecognizerKind, RecognizerOptions } from '@paxman/values';

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
}
