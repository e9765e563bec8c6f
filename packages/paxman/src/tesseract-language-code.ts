/**
 * Tesseract names its language data by ISO 639-2/T codes (`lav`, `deu`), knowledge packs
 * their language by BCP 47 tags (`lv`, `de-AT`, `ms-MY`). This maps a tag's primary subtag
 * to the code of Tesseract's data for it, so the languages of the packs in use select the OCR
 * languages (ADR 0019, revision 1). A code table, not words of any language.
 */

/** ISO 639-1 → the ISO 639-2/T code Tesseract's data files use, for the languages Tesseract reads in Latin, Cyrillic or Greek script. */
const TESSERACT_CODES: Readonly<Record<string, string>> = Object.freeze({
  bg: 'bul', ca: 'cat', cs: 'ces', cy: 'cym', da: 'dan', de: 'deu', el: 'ell', en: 'eng', es: 'spa', et: 'est',
  eu: 'eus', fi: 'fin', fr: 'fra', ga: 'gle', gl: 'glg', hr: 'hrv', hu: 'hun', id: 'ind', is: 'isl', it: 'ita',
  lt: 'lit', lv: 'lav', ms: 'msa', mt: 'mlt', nb: 'nor', nl: 'nld', nn: 'nor', no: 'nor', pl: 'pol', pt: 'por',
  ro: 'ron', ru: 'rus', sk: 'slk', sl: 'slv', sq: 'sqi', sr: 'srp', sv: 'swe', tr: 'tur', uk: 'ukr', vi: 'vie',
});

/**
 * The Tesseract code for a BCP 47 tag (`lv` → `lav`, `de-AT` → `deu`); a three-letter
 * primary subtag is taken as it is; null for a tag this table does not know.
 *
 * @example tesseractLanguageCode('ms-MY') // 'msa'
 */
export function tesseractLanguageCode(tag: string): string | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (/^[a-z]{3}$/.test(primary)) return primary;
  return TESSERACT_CODES[primary] ?? null;
}
