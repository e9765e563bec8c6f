/**
 * The confidence rubric's constants, in one place so the evaluation can tune them
 * (ADR 0007). Every number the reconciler uses to turn evidence into confidence lives
 * here; the functions in `confidence.ts` only combine them.
 */
import { EvidenceKind, type FieldType } from '@paxman/core';

/**
 * Base strength of one sighting by the kind of its grounds (see `GROUNDS_STRENGTH`, the table). A sighting is one place in the
 * document (or one sourceless lookup or derivation); its strength is the strongest kind
 * among the evidence at that place.
 */
export const BASE_STRENGTH = Object.freeze({
  [EvidenceKind.STRUCTURED_DATA]: 0.97,
  [EvidenceKind.STRUCTURED_KEY]: 0.97,
  [EvidenceKind.EXACT_LABEL]: 0.96,
  [EvidenceKind.SYNONYM_LABEL]: 0.93,
  [EvidenceKind.FUZZY_LABEL]: 0.7,
  [EvidenceKind.CONTRACT_PATTERN]: 0.85,
  [EvidenceKind.LOOKUP]: 0.9,
  [EvidenceKind.DERIVED]: 0.8,
  [EvidenceKind.INFERENCE]: 0.8,
} as const);

/**
 * A printed label found inside running text ("Total is $1,250.00") or followed by a
 * qualifier ("Total due on August 3"), label grounds with placement `inline`:
 * the document's layout does not pair the label with the value, so the reading is weaker
 * than the same label as the key of a key-value line, a table header or a totals row.
 */
export const INLINE_LABEL_STRENGTH = Object.freeze({
  [EvidenceKind.EXACT_LABEL]: 0.9,
  [EvidenceKind.SYNONYM_LABEL]: 0.85,
} as const);

/**
 * A labelled value (structured key, exact or synonym label) that is the only value any
 * capability proposed for the field (no competitor, not even below the noise floor) is
 * confirmed as by an independent check of this strength, at full weight: the remaining
 * doubt is multiplied by 1 − 0.6. The typical failure of a labelled reading is picking a
 * sibling value (the subtotal for the total, the order date for the invoice date); when
 * the document offers no alternative at all, most of that failure mode is gone.
 */
export const UNCONTESTED_STRENGTH = 0.6;

/** Recognizer grounds: an unlabelled typed hit whose value is the only one of its type in the document (`unique`). */
export const RECOGNIZER_UNIQUE_STRENGTH = 0.75;
/**
 * RECOGNIZER unique in the document for kinds a document states once per role (a currency
 * code, an IBAN): the only currency in an invoice is the invoice's currency.
 */
export const RECOGNIZER_UNIQUE_SPECIFIC_STRENGTH = 0.93;
/**
 * Recognizer kinds (recognizer grounds' `recognizer`) that get the specific strength: a
 * currency code, an IBAN, a masked payment card number (a receipt prints the card it was
 * paid with), and a date when it is the only date the document prints outside other
 * fields' labels (a document with one date is dated by it; `pattern_extraction` offers it
 * only to issue and transaction dates).
 */
export const SPECIFIC_RECOGNIZER_KINDS: readonly string[] = Object.freeze(['CURRENCY', 'IBAN', 'PAYMENT_CARD', 'DATE']);

/**
 * The first name-like line of a document, directly above an address line or the
 * document's title (layout grounds, role `letterhead`, `confirmed`): the classic
 * letterhead of the issuer. Unlabelled, so it counts on its own, never as agreement. A
 * first line with neither below it is an ambiguous hit (RECOGNIZER_AMBIGUOUS_STRENGTH).
 */
export const LETTERHEAD_STRENGTH = 0.93;
/**
 * The issuer's address read as the run of lines under its letterhead (layout grounds,
 * role `address-block`): as strong as a letterhead when a contact, tax or document line
 * ends it (`confirmed`), ambiguous when it runs into the body — where it ends is
 * then a guess.
 */
export const ADDRESS_BLOCK_STRENGTH = 0.93;
/**
 * Clause grounds, reading `stated` (a contract clause: "entered into as
 * of <date>", "governed by the laws of <place>"), the only value the document's clauses give:
 * the clause itself says what the value is, as a label would. Refit on the real contract
 * corpora (ADR 0007 revision 2): measured right 98.5 % of the time (662 of 672 values
 * over kleister-nda-train and cuad-dev, most misses transcription differences of the
 * truth), so at the bottom of CERTAIN.
 */
export const CLAUSE_STRENGTH = 0.95;
/**
 * A clause value inferred rather than stated (clause reading `inferred`): a title heading that the
 * preamble refers to only by its kind ("This Agreement", measured right 47 times in 53 on
 * cuad-dev), a letter agreement's date line. A clause value whose extent is uncertain
 * ("the laws of Victoria, Australia" — the place may be "Victoria"
 * or "Victoria, Australia") is graded the same.
 */
export const CLAUSE_FALLBACK_STRENGTH = 0.85;
/**
 * An effective date read as the agreement's own date (clause reading `agreement-date`, not from a
 * letter's date line) when nothing in the agreement says it takes effect otherwise: measured
 * right 49 times in 50 on the real contract corpora (kleister-nda-train, cuad-dev).
 */
export const EFFECTIVE_FROM_AGREEMENT_DATE_STRENGTH = 0.92;
/**
 * An effective date inferred from a letter agreement's date line (clause reading
 * `letter-date`): two inferences stacked — the letter is dated when written, the
 * agreement often takes effect when countersigned. Measured right 19 times in 28 on the NDA
 * dev corpus: below the default floor (MEDIUM), offered, never resolved by default. An
 * effective date inferred from the date a signing clause states (`execution-date`: "the
 * parties have executed this Agreement as of …", the preamble stating no date) is graded the
 * same: right 9 times in 11 on kleister-nda-train (the other two NDAs state no effective date
 * at all), too few to set it apart. So is an agreement's date read as the date its preamble
 * says it takes effect (`from-effective-date`, the preamble stating no other date): right 9
 * times in 14 on cuad-dev (two were signed later, three state no date of their own).
 */
export const CLAUSE_WEAK_INFERENCE_STRENGTH = 0.7;

/**
 * Recognizer grounds unique in the document whose reading a check backs (`backing`:
 * `'checksum'` — a check digit that holds, such as IBAN mod 97 or a VAT id's — or
 * `'validator'` — a registry or format validator that accepted it): any capability,
 * including a plug-in, may state this. It reaches HIGH (over the default floor), never
 * CERTAIN on its own: CERTAIN needs what the rubric demands of every value, a label or
 * agreement from independent evidence.
 */
export const BACKED_RECOGNIZER_STRENGTH = 0.9;
/** RECOGNIZER: an unlabelled hit among other values of the same type (or uniqueness unknown). */
export const RECOGNIZER_AMBIGUOUS_STRENGTH = 0.4;

/** Weight of each further independent sighting in the noisy-OR combination (the strongest counts fully). */
export const AGREEMENT_WEIGHT = 0.5;
/** Confidence never reaches 1: documents can be wrong. */
export const MAX_CONFIDENCE = 0.99;

/** A DERIVED check that SUPPORTS the value counts as an extra independent sighting of this strength. */
export const DERIVED_SUPPORT_STRENGTH = 0.6;
/** Multiplier for each DERIVED check that CONTRADICTS the value. */
export const DERIVED_CONTRADICTION_FACTOR = 0.5;
/** Multiplier for each failed VALIDATION verdict on the value. */
export const VALIDATION_FAILURE_FACTOR = 0.5;

/** Multiplier on a sighting whose reading is ambiguous (`ambiguous-reading` grounds, e.g. day/month order). */
export const AMBIGUOUS_READING_FACTOR = 0.6;
/**
 * OCR: word confidence (Tesseract's, 0–1, the lowest among the sighting's words, in
 * `ocr-reading` grounds' `weakestWord`) at or above which the reading is trusted as printed text.
 * Below it the sighting's strength is scaled by `ocrConfidence / OCR_TRUSTED_CONFIDENCE`
 * (a total read at 0.4 counts half), so a doubtful reading cannot be CERTAIN alone.
 */
export const OCR_TRUSTED_CONFIDENCE = 0.8;
/**
 * OCR, free text read from the layout (letterhead, address block): the product of the
 * words' confidences (`ocr-reading` grounds' `allWords`, the chance every word is right) at
 * or above which the text is trusted as read; below it the strength is scaled by
 * `product / OCR_TRUSTED_ALL_WORDS` (when that is lower than the weakest word's factor).
 * Measured on the sroie-dev receipt scans (ADR 0007 rev. 3): names read at a product of
 * 0.5–0.6 were right 1 time in 7, at 0.6–0.7 84 %, at 0.7 and over 96 %; addresses (many
 * words) at 0.3–0.6 about 70 %, so an address read by OCR is seldom trusted alone.
 */
export const OCR_TRUSTED_ALL_WORDS = 0.7;
/**
 * OCR, free text read from the layout on a page read by two engines: the chance that every
 * word is right judged word by word by both readings (`ocr-reading` grounds'
 * `allWordsBothReadings`: a word both engines read alike is right 99 times in 100, one they
 * read otherwise far less often) at or above which the text is trusted as read; below it
 * the strength is scaled by `chance / OCR_TRUSTED_BOTH_READINGS`. Unlike Tesseract's own
 * confidences this estimate is calibrated, so the threshold sits near the strength it
 * guards: an address with one word the engines read differently falls below the default
 * floor. Measured on sroie-dev-images (ADR 0019 revision 1).
 */
export const OCR_TRUSTED_BOTH_READINGS = 0.85;
/**
 * OCR: multiplier on a finding whose place the page's second reading (another page
 * segmentation, `ocr-reading` grounds' `secondReading: 'differs'`) read differently. Measured on the
 * sroie-dev scans (ADR 0007 rev. 3): of the dates read wrong, 9 in 10 were read otherwise
 * the second time, of those read right 7 in 100; so a disputed reading is not trusted
 * alone (one exact label, 0.96, falls to 0.48).
 */
export const OCR_SECOND_READING_DIFFERS_FACTOR = 0.5;
/**
 * OCR: the same multiplier by the field's type, where it differs from
 * `OCR_SECOND_READING_DIFFERS_FACTOR`. With two engines (PP-OCRv4 read first, Tesseract
 * second) the readings of an amount or a date disagree mostly because Tesseract misread a
 * digit PP-OCR read right ("9.85" for 9.65): dropping every disputed amount threw away most
 * of what the stronger reading gains; lowering it keeps a labelled value resolved but no
 * longer HIGH alone. Measured on sroie-dev-images (ADR 0019).
 */
export const OCR_SECOND_READING_DIFFERS_FACTOR_BY_TYPE: Readonly<Partial<Record<FieldType, number>>> = Object.freeze({ MONEY: 0.9, DATE: 0.9, DECIMAL: 0.9, INTEGER: 0.9 });
/**
 * OCR: multiplier on a number whose second reading holds a digit or a separator more or
 * fewer (`secondReading: 'differs-in-shape'`: "1000" against "10.00", "00" against "7.00"):
 * a character lost or doubled, not a digit misread, and neither reading says which is
 * right, so the value is not trusted alone (one uncontested label falls under the default
 * floor) whatever its type. Measured on sroie-dev-images (ADR 0019 revision 2).
 */
export const OCR_SECOND_READING_SHAPE_DIFFERS_FACTOR = 0.5;
/**
 * OCR: the most a finding read by OCR counts for (after the factors above). An OCR reader
 * misreads a character in a few values in a hundred with nothing on the page to catch it
 * (sroie-dev scans, ADR 0007 rev. 3: 3 of 104 CERTAIN values wrong without this cap); so a
 * lone OCR reading grades at most 0.948 (HIGH), and only agreeing sightings at other places
 * or a supporting check make a value read from a photo CERTAIN (then 56 of 56 right).
 */
export const OCR_READING_MAX_STRENGTH = 0.87;
/**
 * OCR: the same ceiling by the field's type for a value the page's second reading (another
 * engine) read alike at its place (`secondReading: 'agrees'`), where it differs from
 * `OCR_READING_MAX_STRENGTH`. The ceiling stands for a misread character nothing on the page
 * catches; a second engine reading the same characters catches most. Measured on
 * sroie-dev-images (ADR 0019 revision 2): dates so read were right 106 times in 106 at a
 * mean grade of 0.90; totals stay capped (a total's failure is the wrong line, which both
 * engines read alike).
 */
export const OCR_READ_ALIKE_MAX_STRENGTH_BY_TYPE: Readonly<Partial<Record<FieldType, number>>> = Object.freeze({ DATE: 0.93 });
/**
 * MONEY: multiplier when the currency came from an ambiguous symbol (`$`, `¥`, `kr`).
 * Chosen so that one exact label (0.96) read with such a symbol stays below the default
 * threshold (0.768): a lone `$` never makes a confident USD amount.
 */
export const AMBIGUOUS_SYMBOL_FACTOR = 0.8;
/** MONEY: the same when the document's dominant currency agrees with the ambiguous reading. */
export const AMBIGUOUS_SYMBOL_CONFIRMED_FACTOR = 0.95;
/** MONEY: multiplier when the currency came from a hint or the document's dominant currency. */
export const ASSUMED_CURRENCY_FACTOR = 0.95;
/** MONEY: ceiling for a value whose currency could not be established (never confident). */
export const UNKNOWN_CURRENCY_CAP = 0.5;

/**
 * Ceiling of a structured-data value (an e-invoice's XML) that the page disputes: the page
 * prints another value for the field (`STRUCTURED_DATA_MISMATCH`, policy `prefer`). The
 * structured value still resolves at the default floor (machine data is what the invoice
 * legally is in EN 16931), but never CERTAIN: either the page or the data was edited, or
 * the data belongs to another invoice, and a person should look (ADR 0015).
 */
export const STRUCTURED_DATA_DISPUTED_CAP = 0.85;

/** Competing values weaker than this are noise (other amounts in an invoice) and do not count as conflicts. */
export const CONFLICT_NOISE_FLOOR = 0.45;
/** How hard a competing value above the noise floor pulls the winner down (0..1). */
export const CONFLICT_WEIGHT = 0.8;
/** A competitor at least this strong makes the conflict unresolvable: the field stays UNRESOLVED (CONFLICT). */
export const STRONG_CONFLICT_STRENGTH = 0.8;
/** Ceiling of the confidence of a field in a strong conflict. */
export const STRONG_CONFLICT_CAP = 0.5;

/**
 * Ceiling of a value only a model proposes on an unlabelled quote (`model-quote` grounds,
 * quote `exact`): no deterministic finding (a label, a structured key, a pattern, a
 * lookup) and no supporting check (DERIVED or VALIDATION verdict) backs it. Just below the
 * HIGH band: a grounded quote proves the text is in the document, not that it is the
 * field's value (a planted "Batch code: EVIL-666" is grounded too), so such a value
 * resolves only when the caller lowers the floor for it (ADR 0008).
 */
export const INFERENCE_UNSUPPORTED_CAP = 0.79;
/**
 * A model answer whose exact quote names the field next to the value (`model-quote`
 * grounds, quote `labelled`: "please deliver the pallets to our warehouse in Rotterdam"
 * for `delivery_city`). Graded as the same text read by a deterministic label finder would
 * be: a synonym label in running text (INLINE_LABEL_STRENGTH, 0.85) — the quote pairs a
 * term of the field's label or concept with the value, but the layout does not. HIGH, so
 * it resolves at the default floor; not CERTAIN on its own (ADR 0023).
 */
export const MODEL_LABELLED_QUOTE_STRENGTH = 0.85;
/**
 * Ceiling of a value a model quoted from a line that also holds instruction-like text
 * (quote `instruction-line`, judged by the inference capability with core's
 * `instructionPhrase`) or whose quote itself speaks to the model (`addresses-model`): the
 * text is aimed at the model, so what it "states" is LOW at most.
 */
export const INFERENCE_NEAR_INSTRUCTION_CAP = 0.45;

/** Confidence reported for a value that is the contract default (fallback USE_DEFAULT). */
export const DEFAULT_VALUE_CONFIDENCE = 0.6;

/** Strength of a candidate that carries no finding evidence at all (a capability bug; kept weak). */
export const NO_EVIDENCE_STRENGTH = 0.3;

/**
 * Strength of an unlabelled reading of a layout role no built-in capability reads yet
 * (party block, title line, summary, payment, signature, preamble): until a corpus
 * measures one, it is graded as the unlabelled hit it is — RECOGNIZER_UNIQUE_STRENGTH when
 * unique and confirmed, RECOGNIZER_AMBIGUOUS_STRENGTH otherwise — never above what a
 * letterhead earned by measurement.
 */
export const UNMEASURED_LAYOUT_ROLE_STRENGTH = Object.freeze({ confirmed: RECOGNIZER_UNIQUE_STRENGTH, unconfirmed: RECOGNIZER_AMBIGUOUS_STRENGTH } as const);

/**
 * The rubric table (ADR 0023): the base strength of one finding, keyed by its grounds.
 * Every entry is one of the measured constants above, so the justification of each number
 * is the comment of its constant. Value-level modifiers (reading grounds, currency,
 * agreement, checks, conflicts, ceilings) then apply as in `confidence.ts`.
 */
export const GROUNDS_STRENGTH = Object.freeze({
  'structured-data': BASE_STRENGTH.STRUCTURED_DATA,
  'structured-key': BASE_STRENGTH.STRUCTURED_KEY,
  label: Object.freeze({
    exact: Object.freeze({ paired: BASE_STRENGTH.EXACT_LABEL, inline: INLINE_LABEL_STRENGTH.EXACT_LABEL }),
    synonym: Object.freeze({ paired: BASE_STRENGTH.SYNONYM_LABEL, inline: INLINE_LABEL_STRENGTH.SYNONYM_LABEL }),
    fuzzy: Object.freeze({ paired: BASE_STRENGTH.FUZZY_LABEL, inline: BASE_STRENGTH.FUZZY_LABEL }),
  }),
  'contract-pattern': BASE_STRENGTH.CONTRACT_PATTERN,
  recognizer: Object.freeze({ ambiguous: RECOGNIZER_AMBIGUOUS_STRENGTH, unique: RECOGNIZER_UNIQUE_STRENGTH, uniqueSpecific: RECOGNIZER_UNIQUE_SPECIFIC_STRENGTH, backed: BACKED_RECOGNIZER_STRENGTH }),
  layout: Object.freeze({
    letterhead: Object.freeze({ confirmed: LETTERHEAD_STRENGTH, unique: RECOGNIZER_UNIQUE_STRENGTH, ambiguous: RECOGNIZER_AMBIGUOUS_STRENGTH }),
    'address-block': Object.freeze({ confirmed: ADDRESS_BLOCK_STRENGTH, unique: RECOGNIZER_AMBIGUOUS_STRENGTH, ambiguous: RECOGNIZER_AMBIGUOUS_STRENGTH }),
  }),
  clause: Object.freeze({
    ambiguous: RECOGNIZER_AMBIGUOUS_STRENGTH,
    stated: CLAUSE_STRENGTH,
    inferred: CLAUSE_FALLBACK_STRENGTH,
    'agreement-date': EFFECTIVE_FROM_AGREEMENT_DATE_STRENGTH,
    'letter-date': CLAUSE_WEAK_INFERENCE_STRENGTH,
    'execution-date': CLAUSE_WEAK_INFERENCE_STRENGTH,
    'from-effective-date': CLAUSE_WEAK_INFERENCE_STRENGTH,
  }),
  lookup: BASE_STRENGTH.LOOKUP,
  arithmetic: BASE_STRENGTH.DERIVED,
  /**
   * A model quote: its strength, its ceiling when nothing deterministic backs the value
   * (`alone`), and its ceiling in any case (`always`).
   */
  'model-quote': Object.freeze({
    exact: Object.freeze({ strength: BASE_STRENGTH.INFERENCE, alone: INFERENCE_UNSUPPORTED_CAP, always: 1 }),
    labelled: Object.freeze({ strength: MODEL_LABELLED_QUOTE_STRENGTH, alone: 1, always: 1 }),
    'instruction-line': Object.freeze({ strength: BASE_STRENGTH.INFERENCE, alone: INFERENCE_UNSUPPORTED_CAP, always: INFERENCE_NEAR_INSTRUCTION_CAP }),
    'addresses-model': Object.freeze({ strength: BASE_STRENGTH.INFERENCE, alone: INFERENCE_UNSUPPORTED_CAP, always: INFERENCE_NEAR_INSTRUCTION_CAP }),
  }),
} as const);

/**
 * Records (ADR 0021). A cell read under a header concept of a record set is a labelled
 * reading of one value: it starts where a labelled scalar starts. Its row's arithmetic
 * moves it: quantity × unit price equal to the amount is an independent check of three
 * cells at once; a row that does not multiply out (a price per 100, a discount folded in)
 * is less sure. The set's sum against a printed total checks every row's amount at once: a
 * sum equal to the printed total raises the set; an items total the rows do not reach
 * says rows are missing or extra and lowers it below the HIGH band; nothing to compare
 * with leaves the set a little below its items. Another source stating the same item
 * agrees with it.
 */
export const RECORD_CELL_CONFIDENCE = 0.88;
export const RECORD_ROW_AGREES = 0.06;
export const RECORD_ROW_DISAGREES = -0.1;
export const RECORD_SET_ADDS_UP = 0.04;
export const RECORD_SET_UNCHECKED = -0.02;
export const RECORD_SET_DOES_NOT_ADD_UP = -0.25;
export const RECORD_SOURCE_AGREES = 0.04;

/**
 * Party lists (ADR 0025). A party read in an agreement's preamble up to the term it is
 * called by afterwards: the shape (a lead word, a name, a quoted term) is the same in every
 * preamble, the name's extent is the risk (a descriptor left on, a legal form cut off).
 * Measured on cuad-dev and kleister-nda-train (ADR 0025): a list read from a preamble is
 * exact in 0.84 of cuad-dev's documents and 0.72 of kleister's (whose labels rewrite
 * "Incorporated" as "Inc." and "&" as "and"), and one whose every party the
 * signature block names too in about as many (the block also names affiliates and
 * officers, so it confirms a name, not the list). A letter agreement's companies (its
 * address block above "Dear …" and its signature block) are exact less often: graded at
 * the field's default threshold. A list read only from the signature block (the
 * companies over "By:" lines) misses people and unsigned parties: below every floor.
 * A list is exact only when every party is, so a list takes its weakest party's grade.
 */
export const PARTY_PREAMBLE_CONFIDENCE = 0.82;
export const PARTY_CONFIRMED = 0.02;
export const PARTY_LETTER_CONFIDENCE = 0.8;
export const PARTY_SIGNATURE_CONFIDENCE = 0.5;
/**
 * A person who signs for themselves where the agreement names the other party only by a blank,
 * "the undersigned" or in the first person ("As a condition of my employment with …"): the
 * signature block's one conformed signature that no officer's or witness's line surrounds
 * (`confirmed` signature grounds). Measured (ADR 0025, revision 2): lists holding such a signer
 * are exact in 11 of 14 kleister-nda-train documents (one of the three misses is the label's
 * spelling of a name the document prints otherwise) and occur in none of cuad-dev's: graded at
 * the field's default threshold, like a letter's companies, so that a list whose company is
 * also less sure (a name its shape alone ends) falls below it.
 */
export const PARTY_SIGNER_CONFIDENCE = 0.8;
/**
 * A company of a list read from the signature blocks of an agreement whose opening calls its
 * parties those who sign ("the undersigned hereby agree", "the Parties signatory hereto";
 * evidence detail `signatory`, ADR 0043): the agreement points to its signatures for its parties,
 * so the list is not a guess from its close, but a block's layout may still add a general partner
 * or miss a block. Graded as an unconfirmed preamble party; a list of three or more companies loses
 * `PARTY_COMPANY_LIST_SIZE` and so sits at the default threshold when a legal form or the prefix and
 * key around it ("For and on behalf of Korea Telecom By:") fix each name's ends. Measured (ADR 0043):
 * 5 such lists on cuad-dev, 3 exact, 73 of 75 items right (the misses a block's "(publ)" and a
 * signatory the label leaves out); none on kleister-nda-train. Exact less often than the grade says
 * on so few documents: the number to lower if more show it.
 */
export const PARTY_SIGNATORY_CONFIDENCE = 0.82;
/**
 * A preamble party whose name only its shape ends: no defined term follows it and it ends in
 * no legal form ("between Sonos, Inc. and IAC, …"), so a descriptor may be left on or a legal
 * form cut off. Measured (ADR 0025, revision 1): on cuad-dev, two-party lists whose parties
 * have no term are exact in 14 of 20 documents, and 4 of the 6 misses hold such a name; graded
 * below the band.
 */
export const PARTY_UNBOUNDED_NAME = 0.08;
/**
 * A party list of one party (a form that leaves the other blank) or of more than two: an
 * agreement has two parties far more often than any other number, and a longer list has more
 * names to get right. Measured (ADR 0025, revision 1): lists of three or more are exact in
 * 0.50 of cuad-dev's documents and 0.08 of kleister-nda-train's, lists of one in 0.67 of
 * kleister's; graded below the band. Not for the one company of an unsigned form whose other
 * party is unnamed (evidence detail `sole`, revision 5): with nobody's signature to name the
 * other party, the list of one is complete — exact in 0.78 of kleister-nda-train's such lists.
 */
export const PARTY_LIST_SIZE = 0.08;
/**
 * A party list of three or more where every party is a company whose name ends in a legal form
 * (evidence detail `company`, ADR 0039): the legal form fixes each name's end, so the list is
 * nearly as sure as a list of two — but still has more names to get right. Measured on the
 * preamble lists of three or more (ADR 0039): such lists are exact in 7 of 9 cuad-dev documents
 * and 0 of 1 kleister-nda-train (the misses: labels adding "d/b/a …", "formerly known as …", "on
 * behalf of itself", or dropping a printed comma), against 2 of 8 cuad-dev and 1 of 9 kleister
 * lists that hold a person or an institution without a legal form. Graded just at the default
 * threshold for an unconfirmed preamble list (0.82 − 0.02). Preamble parties only: a letter's
 * lists of three or more (its address and signature blocks) are exact in none of kleister's 4.
 */
export const PARTY_COMPANY_LIST_SIZE = 0.02;
