/**
 * The built-in value recognizers (`src/recognizers/`) behind the `ValueRecognizers` port,
 * with the recognizers' `DocumentContext` turned into reading hints: the date order the
 * document's unambiguous dates use, its dominant currency, and its decimal separator.
 */
import { findValues, inferDocumentContext, parseValue } from '../../recognizers/index.js';
import type { DocumentReadingHints, ValueRecognizers } from './recognizer-port.js';

/** The default recognizers. */
export const DEFAULT_RECOGNIZERS: ValueRecognizers = Object.freeze({
  findValues,
  parseValue,
  inferDocumentContext(text: string): DocumentReadingHints {
    const context = inferDocumentContext(text);
    return {
      ...(context.dateOrder ? { dateOrder: context.dateOrder } : {}),
      ...(context.dominantCurrency ? { defaultCurrency: context.dominantCurrency } : {}),
      ...(context.decimalSeparator ? { decimalSeparator: context.decimalSeparator } : {}),
    };
  },
});
