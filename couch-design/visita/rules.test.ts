import { describe, expect, it } from 'vitest';
import { visitaSchema, VISITA_MSG } from './schema';
import { newestFirst, semanaDe, visitasPdfList } from './rules';

describe('visits', () => {
  it('this week runs Monday to Sunday on the local calendar, across a month and a year', () => {
    expect(semanaDe(new Date(2026, 11, 2, 9))).toEqual({ desde: '2026-11-30', hasta: '2026-12-06' });
    expect(semanaDe(new Date(2026, 11, 6, 23, 59))).toEqual({ desde: '2026-11-30', hasta: '2026-12-06' });
    expect(semanaDe(new Date(2026, 11, 7, 0, 1))).toEqual({ desde: '2026-12-07', hasta: '2026-12-13' });
    expect(semanaDe(new Date(2027, 0, 1))).toEqual({ desde: '2026-12-28', hasta: '2027-01-03' });
  });

  it('are listed and printed newest first', () => {
    const v = (fecha: string, hora: string, visitante: string) => ({ fecha, hora, visitante, telefono: '5512345678', comentarios: '', resultado: 'Oferta' });
    const list = [v('2026-11-20', '10:30', 'A'), v('2026-11-27', '09:00', 'B'), v('2026-11-27', '17:05', 'C')];
    expect(newestFirst(list).map((x) => x.visitante)).toEqual(['C', 'B', 'A']);
    expect(visitasPdfList(list).rows.map((r) => r.slice(0, 3))).toEqual([
      ['27/11/2026', '17:05', 'C'],
      ['27/11/2026', '09:00', 'B'],
      ['20/11/2026', '10:30', 'A'],
    ]);
    expect(visitasPdfList([]).rows).toEqual([]);
  });

  it('say in Spanish what is missing or wrong, "requerido" before "no válido"', () => {
    const errors = (value: Record<string, unknown>) => {
      try {
        visitaSchema.validateSync(value, { abortEarly: false, strict: true });
        return [];
      } catch (e) {
        return (e as { errors: string[] }).errors;
      }
    };
    expect(errors({ fecha: '', hora: '', visitante: '', telefono: '', resultado: '' })).toEqual([
      VISITA_MSG.fecha,
      VISITA_MSG.hora,
      VISITA_MSG.visitante,
      VISITA_MSG.telefono,
      VISITA_MSG.resultado,
    ]);
    expect(errors({ fecha: '2026-02-30', hora: '25:00', visitante: 'Al', telefono: '55-1234', resultado: 'Quizá' })).toEqual([
      VISITA_MSG.fechaInvalida,
      VISITA_MSG.horaInvalida,
      VISITA_MSG.visitanteCorto,
      VISITA_MSG.telefonoDigitos,
      VISITA_MSG.resultadoInvalido,
    ]);
    expect(errors({ fecha: '2026-11-20', hora: '10:30', visitante: 'Jorge', telefono: '5512345678', resultado: 'No interesado' })).toEqual([]);
  });
});
