/**
 * @paxman/values — text in, typed value out: the value recognizers (money, numbers,
 * dates, currencies, percentages, e-mail, URL, phone, IBAN, payment cards, enum values,
 * booleans), the document conventions that settle what one value cannot (date order,
 * dominant currency, decimal separator), the business lexicon of label synonyms, and a
 * linear-time (RE2-semantics) regex engine. No document model, no I/O, no state.
 */
export {
  findValues,
  parseValue,
  inferDocumentContext,
  ibanChecksumHolds,
  compileEnumMatcher,
  type DocumentContext,
  type EnumMatcher,
  type RecognizedValue,
  type RecognizerKind,
  type RecognizerOptions,
  type EnumValue,
} from './recognizers/index.js';
export { builtInDateNames, compileDateNames, type DateNames } from './recognizers/calendar-names.js';
export { builtInLegalFormCodes, compileLegalFormCodes, type LegalFormCodes } from './recognizers/legal-form-codes.js';
export type { DocumentContextKnowledge } from './recognizers/document-context.js';
export { parseLooseDecimal, readCurrency, type CurrencyReading } from './recognizers/amount-text.js';
export { booleanWord } from './recognizers/boolean.js';
export { labelsForField, synonymLabels, descriptionNounPhrase, type FieldLabels, type LabelledField } from './lexicon/labels-for-field.js';
export { isNumberWord, normalizeLabel, normalizeLabelText, splitIdentifier, type NormalizedLabel } from './lexicon/normalize-label.js';
export { businessLexicon, conceptsOfLabel, createLexicon, defaultLexicon, lexiconConcept, type Lexicon, type LexiconConcept } from './lexicon/business-lexicon.js';
export { compileSafeRegex, type SafeRegex, type SafeRegexMatch } from './regex/safe-regex.js';
