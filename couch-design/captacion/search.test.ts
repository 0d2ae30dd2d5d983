import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from './fixtures';
import { foldText, matchesTerms, searchTerms } from '../helpers/search';
import { captacionSearchText } from './search';

describe('search folding', () => {
  it('folds case, accents and ñ, and splits into distinct words', () => {
    expect(foldText('  Núñez   PEÑA\tÁlvarez ')).toBe('nunez pena alvarez');
    expect(searchTerms('José  JOSÉ núñez')).toEqual(['jose', 'nunez']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it('covers the owner name and every address part, one field per line', () => {
    const text = captacionSearchText(sampleCaptacion());
    expect(text.split('\n')).toEqual([
      'maria guadalupe hernandez ramirez',
      'av. miguel angel de quevedo',
      '742',
      'romero de terreros',
      'coyoacan',
      'ciudad de mexico',
      '04310',
    ]);
    expect(matchesTerms(text, searchTerms('Hernández Coyoacán 04310'))).toBe(true);
    // A word never spans two fields.
    expect(matchesTerms(text, ['quevedo742'])).toBe(false);
    expect(captacionSearchText({ propiedad: 'roto' })).toBe('');
  });
});
