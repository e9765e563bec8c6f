import { describe, expect, it } from 'vitest';
import { ocrOptions } from './ocr-options.js';
import { tesseractLanguageCode } from './tesseract-language-code.js';

describe('OCR languages from the knowledge packs', () => {
  it("reads in the caller's packs' languages before English, unless the caller names the languages", () => {
    expect(ocrOptions({}, [])).toEqual({});
    expect(ocrOptions({ workers: 1 }, ['lv', 'de-AT', 'lv-LV'])).toEqual({ workers: 1, languages: ['lav', 'deu', 'eng'] });
    expect(ocrOptions({ languages: ['eng'] }, ['lv'])).toEqual({ languages: ['eng'] });
    // A tag without a known code selects no data rather than a code Tesseract would refuse.
    expect(ocrOptions({}, ['x-klingon'])).toEqual({});
  });

  it('maps BCP 47 tags to the codes of Tesseract data', () => {
    expect(tesseractLanguageCode('ms-MY')).toBe('msa');
    expect(tesseractLanguageCode('sv')).toBe('swe');
    expect(tesseractLanguageCode('fil')).toBe('fil');
    expect(tesseractLanguageCode('zz')).toBeNull();
  });
});
