/**
 * The OCR languages of an instance: the caller's `ocr.languages`, else the languages of the
 * caller's knowledge packs (issue 33, ADR 0019 revision 1), so a photo is read with the data of
 * the language its pack describes.
 */
import type { OcrReaderOptions } from '@paxman/document';
import { tesseractLanguageCode } from './tesseract-language-code.js';

/**
 * The OCR reader's options: the caller's, and when they name no languages, those of the
 * caller's knowledge packs (in Tesseract's codes) before English — a Latvian pack reads
 * photos with Latvian data where it is installed, and says so where it is not.
 */
export function ocrOptions(ocr: OcrReaderOptions, packLanguages: readonly string[]): OcrReaderOptions {
  if (ocr.languages !== undefined || packLanguages.length === 0) return ocr;
  // A tag the code table does not know selects no data (`ocr.languages` names Tesseract's codes directly).
  const codes = packLanguages.flatMap((tag) => tesseractLanguageCode(tag) ?? []);
  return codes.length === 0 ? ocr : { ...ocr, languages: [...new Set([...codes, 'eng'])] };
}
