/**
 * The words of a language that structure detection reads a page with: the keys of a
 * signature block ("By", "Name", "Title") and the heading of a tax summary ("GST Summary"),
 * and the month names and legal forms the document's conventions are read with.
 * They are knowledge, so they come from the caller: an instance passes its packs' words
 * (`structureWordsOf(lexicon)` through `buildDocument`'s `words`); without them, the built-in
 * packs' words are used. The document code itself holds no word of any language.
 */
import { defaultLexicon, type DocumentContextKnowledge, type Lexicon } from '@paxman/values';

/** Words structure detection reads, lower case. */
export interface StructureWords {
  /** Keys of the lines of a signature block ("by", "name", "title", "date"). */
  readonly signatureKeys: ReadonlySet<string>;
  /** Keys that show a signature block is there ("by", "its", "signature"). */
  readonly signatureAnchors: ReadonlySet<string>;
  /** Keys that, printed together, show a signature block (["name", "title"]). */
  readonly signatureKeySets: readonly (readonly string[])[];
  /** Names of a tax ("gst", "vat", "mwst"). */
  readonly taxWords: ReadonlySet<string>;
  /** Words that, after a tax's name, head a tax summary ("summary", "breakdown"). */
  readonly summaryWords: ReadonlySet<string>;
  /** What the document's conventions are read with: the packs' month names and the legal forms that end in a currency code (the built-in packs' when absent). */
  readonly context?: DocumentContextKnowledge;
}

const lowerCase = (words: readonly string[]): ReadonlySet<string> => new Set(words.map((word) => word.toLowerCase()));

/** The structure words of a lexicon's packs (word classes `signature-keys`, `signature-anchors`, `signature-key-sets`, `tax-words`, `summary-words`). */
export function structureWordsOf(lexicon: Lexicon): StructureWords {
  return Object.freeze({
    signatureKeys: lowerCase(lexicon.rawWords('signature-keys')),
    signatureAnchors: lowerCase(lexicon.rawWords('signature-anchors')),
    signatureKeySets: Object.freeze(lexicon.rawWords('signature-key-sets').map((entry) => Object.freeze(entry.toLowerCase().split(/\s+/).filter((key) => key.length > 0)))),
    taxWords: lowerCase(lexicon.rawWords('tax-words')),
    summaryWords: lowerCase(lexicon.rawWords('summary-words')),
    context: Object.freeze({ dateNames: lexicon.dateNames, legalFormCodes: lexicon.legalFormCodes }),
  });
}

/** The structure words of the built-in packs (made per call: a caller building many documents passes its own). */
export function defaultStructureWords(): StructureWords {
  return structureWordsOf(defaultLexicon());
}
