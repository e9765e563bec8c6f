import { describe, expect, it } from 'vitest';
import { recordKnowledge } from '@paxman/knowledge';
import { withoutColumnLabel } from './column-label.js';
import { compileHeaderTerms } from './header-terms.js';

const terms = compileHeaderTerms(recordKnowledge());
const cell = (text: string) => ({ text, span: { start: 100, end: 100 + text.length, layer: 'input' }, number: null });

describe('a column label printed in place of a value', () => {
  it('is cut from the end of a description, with its span', () => {
    expect(withoutColumnLabel(cell('PRESTATION SUPPORT - Description'), 'description', terms)).toEqual({ text: 'PRESTATION SUPPORT', span: { start: 100, end: 118, layer: 'input' }, number: null });
    expect(withoutColumnLabel(cell("PRESTATION SUPPORT - Description de l'article"), 'description', terms).text).toBe('PRESTATION SUPPORT');
    expect(withoutColumnLabel(cell('Kabel – Artikelbeschreibung'), 'description', terms).text).toBe('Kabel');
  });

  it('leaves a description alone whose last part says more than the column name, or that is nothing but the name', () => {
    for (const text of ['Mounting ring - anodised', 'Lens - 50 mm', 'Description', 'X - Description', 'Cable-Description', 'Support - Description of the cable set']) {
      expect(withoutColumnLabel(cell(text), 'description', terms).text).toBe(text);
    }
  });

  it('only cuts a name of the cell\'s own column', () => {
    expect(withoutColumnLabel(cell('Calibration - Quantity'), 'description', terms).text).toBe('Calibration - Quantity');
  });
});
