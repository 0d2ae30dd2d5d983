/** Three people and their two columns, for the list tables' tests. */
import type { Column } from '../components/list';

export interface Person {
  id: string;
  name: string;
}

export const PEOPLE: Person[] = [
  { id: 'p1', name: 'Ana' },
  { id: 'p2', name: 'Beto' },
  { id: 'p3', name: 'Carla' },
];

export const COLUMNS: Column<Person>[] = [
  { header: 'Nombre', cell: (p) => p.name, failed: 'Error de conexión' },
  { header: 'Clave', cell: (p) => p.id },
];
