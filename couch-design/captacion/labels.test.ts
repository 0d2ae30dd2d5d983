import { describe, it } from 'vitest';
import { expectAnswers } from '../testing/answers';
import { captacionPathLabel } from './labels';

describe('the label of a stored field named by its path (rejected changes)', () => {
  it('keeps the context a list without headings needs', () => {
    expectAnswers(captacionPathLabel, [
      ['propietario.telefono', 'Teléfono del propietario'],
      ['propietario.nombre', 'Nombre del propietario'],
      ['propiedad.tipo', 'Tipo de propiedad'],
      ['propiedad.direccion.calle', 'Calle de la propiedad'],
      ['propiedad.caracteristicas.m2_terreno', 'Terreno de la propiedad'],
      ['propiedad.caracteristicas.baños', 'Baños de la propiedad'],
      ['propiedad.adeudos[2].monto', 'Monto del adeudo 2'],
      ['referencias_personales[1].telefono', 'Teléfono de la referencia 1'],
      ['datos_laborales.telefono', 'Teléfono del trabajo'],
      ['documentos_entregados.ine', 'INE (documentos)'],
      ['venta.precio_venta', 'Precio de venta'],
      ['venta.comprador.telefono', 'Teléfono del comprador'],
      ['venta.documentos_entregados.contrato', 'Contrato (venta)'],
      ['captacion.tipo_captacion', 'Tipo de captación'],
      ['estatus_actual', 'Estatus'],
    ]);
  });

  it('answers nothing for a path no screen asks for', () => {
    expectAnswers(captacionPathLabel, [
      ['propietario.desconocido', undefined],
      ['otra_cosa.campo', undefined],
      ['', undefined],
    ]);
  });
});
