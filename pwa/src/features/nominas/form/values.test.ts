import { describe, expect, it } from 'vitest';
import { MSG } from '../../../../../couch-design/nomina';
import { toFormValues, toNominaFields, validateNominaForm } from './values';

describe('payroll form values (spec 000 section 5)', () => {
  it('turns a dd/mm/yyyy date into yyyy-mm-dd for the date input', () => {
    expect(toFormValues({ conceptoDePago: 'Quincena', salario: 15250.5, fecha: '15/11/2026' })).toEqual({ conceptoDePago: 'Quincena', salario: 15250.5, fecha: '2026-11-15' });
    expect(toFormValues({ fecha: '2026-11-15' }).fecha).toBe('2026-11-15');
    expect(toFormValues({ fecha: '31/02/2026' }).fecha).toBe('');
    expect(toFormValues({})).toEqual({ conceptoDePago: '', salario: '', fecha: '' });
  });

  it('asks for salario, fecha and the concept with the shared messages', () => {
    expect(validateNominaForm({ conceptoDePago: ' ', salario: '', fecha: '' })).toEqual([
      { param: 'conceptoDePago', msg: MSG.conceptoRequerido },
      { param: 'salario', msg: MSG.salarioRequerido },
      { param: 'fecha', msg: MSG.fechaRequerida },
    ]);
    expect(validateNominaForm({ conceptoDePago: 'Bono', salario: -5, fecha: '2026-11-15' })).toEqual([{ param: 'salario', msg: MSG.salarioNegativo }]);
    expect(validateNominaForm({ conceptoDePago: 'Bono', salario: 100, fecha: '2026-11-15' })).toEqual([]);
  });

  it('sends the cleaned fields', () => {
    expect(toNominaFields({ conceptoDePago: '  Sueldo\nBono ', salario: 1200.5, fecha: '2026-11-15' })).toEqual({ conceptoDePago: 'Sueldo\nBono', salario: 1200.5, fecha: '2026-11-15' });
  });
});
