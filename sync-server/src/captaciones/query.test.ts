import { describe, expect, it } from 'vitest';
import { parseListQuery } from './query';
import { pdfDisposition } from './routes';

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
