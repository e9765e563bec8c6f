/**
 * The built-in value recognizers of `@paxman/values` behind the `ValueRecognizers` port,
 * and the same recognizers reading the dates of an instance's knowledge packs.
 */
import { builtInDateNames, findValues, parseValue, type Lexicon, type RecognizerOptions } from '@paxman/values';
import type { ValueRecognizers } from './recognizer-port.js';

/** The default recognizers (dates in the built-in packs' languages). */
export const DEFAULT_RECOGNIZERS: ValueRecognizers = Object.freeze({ findValues, parseValue });

/**
 * The default recognizers reading dates with `lexicon`'s month and weekday names (a user's
 * pack may add a language): `DEFAULT_RECOGNIZERS` itself when the lexicon names no more
 * than the built-in packs. Options that name their own `dateNames` keep them.
 */
export function recognizersFor(lexicon: Lexicon): ValueRecognizers {
  const dateNames = lexicon.dateNames;
  if (dateNames === builtInDateNames()) return DEFAULT_RECOGNIZERS;
  const withNames = (options: RecognizerOptions | undefined): RecognizerOptions => (options?.dateNames === undefined ? { ...options, dateNames } : options);
  const bound: ValueRecognizers = {
    findValues: (kind, text, options) => (kind === 'DATE' ? findValues(kind, text, withNames(options)) : findValues(kind, text, options)),
    parseValue: (kind, text, options) => (kind === 'DATE' ? parseValue(kind, text, withNames(options)) : parseValue(kind, text, options)),
  };
  return Object.freeze(bound);
}
