/**
 * The recognizer interface: typed value finders over plain text. Offsets are UTF-16
 * indices into the exact string passed in, so a caller adds its own base offset to get
 * a span in a Document layer, and `text.slice(start, end) === hit.text` always holds.
 */
import type { DateNames } from './calendar-names.js';
import type { LegalFormCodes } from './legal-form-codes.js';
import type { JsonValue } from '@paxman/core';

/** An allowed value of an ENUM with its synonyms (structurally a contract's `EnumValue`). */
export interface EnumValue {
  readonly value: string;
  readonly synonyms: readonly string[];
}

export type RecognizerKind =
  | 'MONEY'
  | 'DECIMAL'
  | 'INTEGER'
  | 'PERCENT'
  | 'DATE'
  | 'BOOLEAN'
  | 'ENUM'
  | 'CURRENCY'
  | 'EMAIL'
  | 'URL'
  | 'PHONE'
  | 'IBAN'
  | 'PAYMENT_CARD'
  | 'STRING';

export interface RecognizedValue {
  /**
   * The value in the canonical JSON encoding of its field type: MONEY
   * `{ amount: "1234.56", currency: "EUR" | null }` (null when the text states none),
   * DECIMAL/PERCENT a decimal string, INTEGER a number, DATE `YYYY-MM-DD`, BOOLEAN a
   * boolean, ENUM the declared value, CURRENCY an ISO 4217 code, PAYMENT_CARD the last four
   * digits of a masked card number, others a string.
   */
  readonly value: JsonValue;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly kind: RecognizerKind;
  /** True when the reading is one of several (a date like 03/04/2025 with no order evidence). */
  readonly ambiguous: boolean;
  /** Facts for evidence: `{ currencySource: 'symbol' | 'code' | 'document' | 'hint' }`, `{ dateOrder: 'DMY' }`, … */
  readonly detail: Readonly<Record<string, JsonValue>>;
}

/** ENUM values compiled to one pattern (`compileEnumMatcher`); opaque to callers. */
export interface EnumMatcher {
  /** The list it was compiled from. */
  readonly values: readonly EnumValue[];
  /** The compiled terms, or null when the list has none. */
  readonly compiled: CompiledEnum | null;
}

/** An ENUM list as one whole-word pattern over its terms, and the values each term names. */
export interface CompiledEnum {
  readonly pattern: RegExp;
  readonly owners: ReadonlyMap<string, readonly string[]>;
}

export interface RecognizerOptions {
  /** Day/month order to use for ambiguous numeric dates (from other dates in the document, or a locale hint). */
  readonly dateOrder?: 'DMY' | 'MDY' | 'YMD';
  /** BCP 47 hint (`en-US`, `de-DE`) for number separators and date order. */
  readonly locale?: string;
  /** Currency to assume for a bare amount or an ambiguous symbol like `$` (stated as such in `detail`). */
  readonly defaultCurrency?: string | null;
  /** ENUM: the allowed values with synonyms. */
  readonly enumValues?: readonly EnumValue[];
  /**
   * ENUM: `enumValues` compiled once (`compileEnumMatcher`), for a caller that scans with the
   * same list again and again (a prepared plan's step). Used only when it was compiled from
   * this very `enumValues` list; otherwise the list is compiled for the scan.
   */
  readonly enumMatcher?: EnumMatcher;
  /**
   * The document's decimal separator (from `inferDocumentContext`): decides whether a lone
   * `1,234` / `1.234` is a thousand and more or a decimal. Without it the English reading
   * is used and flagged ambiguous. When absent, the `locale` decides (`de-DE` → `,`).
   */
  readonly decimalSeparator?: '.' | ',' | null;
  /** DATE: the month and weekday names to read (`compileDateNames` of an instance's packs); the built-in packs' when absent. */
  readonly dateNames?: DateNames;
  /** CURRENCY: the legal forms that end in a code ("Sdn Bhd"), compiled from an instance's packs (`compileLegalFormCodes`); the built-in packs' when absent. */
  readonly legalFormCodes?: LegalFormCodes;
}

/** How a recognizer reads: `scan` finds values anywhere in a text; `cell` reads a labelled value cell, a little more leniently. */
export type RecognizerMode = 'scan' | 'cell';
