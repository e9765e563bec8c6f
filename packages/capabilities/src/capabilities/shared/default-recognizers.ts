/**
 * The built-in value recognizers of `@paxman/values` behind the `ValueRecognizers` port,
 * and the same recognizers reading with an instance's knowledge packs: the dates of their
 * calendars and the currency codes that end their legal forms.
 */
import { builtInDateNames, builtInLegalFormCodes, findValues, parseValue, type Lexicon, type RecognizerKind, type RecognizerOptions } from '@paxman/values';
import type { ValueRecognizers } from './recognizer-port.js';

/** The default recognizers (dates and legal forms of the built-in packs). */
export const DEFAULT_RECOGNIZERS: ValueRecognizers = Object.freeze({ findValues, parseValue });

/**
 * The default recognizers reading DATE values with `lexicon`'s month and weekday names and
 * CURRENCY values with its legal forms (a user's pack may add a language):
 * `DEFAULT_RECOGNIZERS` itself when the lexicon knows no more than the built-in packs.
 * Options that name their own `dateNames` or `legalFormCodes` keep them.
 */
export function recognizersFor(lexicon: Lexicon): ValueRecognizers {
  const { dateNames, legalFormCodes } = lexicon;
  if (dateNames === builtInDateNames() && legalFormCodes === builtInLegalFormCodes()) return DEFAULT_RECOGNIZERS;
  const withKnowledge = (kind: RecognizerKind, options: RecognizerOptions | undefined): RecognizerOptions | undefined => {
    if (kind === 'DATE' && options?.dateNames === undefined) return { ...options, dateNames };
    if (kind === 'CURRENCY' && options?.legalFormCodes === undefined) return { ...options, legalFormCodes };
    return options;
  };
  const bound: ValueRecognizers = {
    findValues: (kind, text, options) => findValues(kind, text, withKnowledge(kind, options)),
    parseValue: (kind, text, options) => parseValue(kind, text, withKnowledge(kind, options)),
  };
  return Object.freeze(bound);
}
