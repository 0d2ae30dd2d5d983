import { describe, expect, it } from 'vitest';
import { captacionPathLabel } from './labels';

describe('the label of a stored field named by its path (rejected changes)', () => {
  it('keeps the context a list without headings needs', () => {
    expect(captacionPathLabel('propietario.telefono')).toBe('Teléfono del propietario');
    expect(captacionPathLabel('propietario.nombre')).toBe('Nombre del propietario');
    expect(captacionPathLabel('propiedad.tipo')).toBe('Tipo de propiedad');
    expect(captacionPathLabel('propiedad.direccion.calle')).toBe('Calle de la propiedad');
    expect(captacionPathLabel('propiedad.caracteristicas.m2_terreno')).toBe('Terreno de la propiedad');
    expect(captacionPathLabel('propiedad.caracteristicas.baños')).toBe('Baños de la propiedad');
    expect(captacionPathLabel('propiedad.adeudos[2].monto')).toBe('Monto del adeudo 2');
    expect(captacionPathLabel('referencias_personales[1].telefono')).toBe('Teléfono de la referencia 1');
    expect(captacionPathLabel('datos_laborales.telefono')).toBe('Teléfono del trabajo');
    expect(captacionPathLabel('documentos_entregados.ine')).toBe('INE (documentos)');
    expect(captacionPathLabel('venta.precio_venta')).toBe('Precio de venta');
    expect(captacionPathLabel('venta.comprador.telefono')).toBe('Teléfono del comprador');
    expect(captacionPathLabel('venta.documentos_entregados.contrato')).toBe('Contrato (venta)');
    expect(captacionPathLabel('captacion.tipo_captacion')).toBe('Tipo de captación');
    expect(captacionPathLabel('estatus_actual')).toBe('Estatus');
  });

  it('answers nothing for a path no screen asks for', () => {
    expect(captacionPathLabel('propietario.desconocido')).toBeUndefined();
    expect(captacionPathLabel('otra_cosa.campo')).toBeUndefined();
    expect(captacionPathLabel('')).toBeUndefined();
  });
});
