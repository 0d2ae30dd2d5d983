import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { parseListQuery } from './query';
import { pdfDisposition } from './routes';
import { captacionSearchText, foldText, matchesTerms, searchTerms } from './search';

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

describe('parseListQuery', () => {
  it('applies the defaults of the spec: page 1, ten rows, newest first', () => {
    expect(parseListQuery({})).toEqual({ page: 1, limit: 10, descending: true, terms: [] });
    expect(parseListQuery({ page: '3', limit: '25', sort: 'captacion.fecha', supervisor: 'u-1', search: 'Mérida' })).toEqual({
      page: 3, limit: 25, descending: false, asesor: 'u-1', terms: ['merida'],
    });
    // '+captacion.fecha' arrives as ' captacion.fecha' from a query string.
    expect(parseListQuery({ sort: ' captacion.fecha' }).descending).toBe(false);
  });
});

describe('pdfDisposition', () => {
  it('names the file captacion_{id}.pdf, with an ASCII fallback for other ids', () => {
    expect(pdfDisposition('abc-1')).toBe('attachment; filename="captacion_abc-1.pdf"');
    expect(pdfDisposition('año"1')).toBe(`attachment; filename="captacion_a_o_1.pdf"; filename*=UTF-8''captacion_a%C3%B1o%221.pdf`);
  });
});
