import type { NewCaptacion } from '../../../couch-design/captacion';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';

const DUENOS = [
  'Juan Carlos Pérez Gómez', 'Rosa María Jiménez Flores', 'Fernando Castro Núñez', 'Patricia Domínguez Salas', 'Héctor Rivera Campos',
  'Gabriela Mendoza Ríos', 'Arturo Vázquez Luna', 'Verónica Romero Ibarra', 'Ernesto Navarro Fuentes', 'Claudia Ortiz Cervantes',
];
const LUGARES: Array<[string, string, string, string]> = [
  ['Av. Vallarta', 'Arcos Vallarta', 'Guadalajara', 'Jalisco'], ['Calle Madero', 'Centro', 'Monterrey', 'Nuevo León'],
  ['Calle 60', 'Centro', 'Mérida', 'Yucatán'], ['Av. Juárez', 'Centro Histórico', 'Puebla', 'Puebla'],
  ['Calle Hidalgo', 'San Miguel', 'León', 'Guanajuato'], ['Av. Universidad', 'Narvarte', 'Ciudad de México', 'Ciudad de México'],
  ['Blvd. Kukulcán', 'Zona Hotelera', 'Cancún', 'Quintana Roo'], ['Calle Morelos', 'Centro', 'Querétaro', 'Querétaro'],
];
const TIPOS = ['Casa', 'Departamento', 'Terreno', 'Local Comercial', 'Oficina', 'Bodega'];
const ESTATUS = ['Captación', 'En trámite legal', 'En remodelación', 'En venta', 'Vendida', 'Pendiente', 'Cancelada'];

/** About 30 captaciones spread over the advisers; every fifth one assigned to the supervisor. */
export function demoCaptaciones(asesores: string[], supervisor: string, count = 30): Array<NewCaptacion & { _id: string }> {
  return Array.from({ length: count }, (_, i) => {
    const [calle, colonia, ciudad, estado] = LUGARES[i % LUGARES.length];
    const fecha = new Date(Date.UTC(2026, 10, 20) - i * 3 * 86_400_000).toISOString().slice(0, 10);
    const estatus = ESTATUS[i % ESTATUS.length];
    const c = sampleCaptacion({
      propietario: { nombre: DUENOS[i % DUENOS.length], telefono: `55${String(10_000_000 + i * 7919).slice(0, 8)}` },
      propiedad: {
        tipo: TIPOS[i % TIPOS.length],
        direccion: { calle, numero: String(100 + i * 17), colonia, ciudad, estado, codigo_postal: String(10_000 + i * 1231).padStart(5, '0').slice(0, 5) },
      },
      captacion: { fecha, asesor: i % 5 === 0 ? supervisor : asesores[i % asesores.length], tipo_captacion: 'Abierta', observaciones: '' },
      estatus_actual: estatus,
      venta: estatus === 'En venta' || estatus === 'Vendida' ? { en_venta: true, precio_venta: 1_500_000 + i * 85_000, estatus_venta: estatus === 'Vendida' ? 'Vendida' : 'En proceso' } : undefined,
    });
    return { ...c, _id: `demo-cap-${String(i + 1).padStart(3, '0')}` };
  });
}
