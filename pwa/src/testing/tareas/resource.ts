/**
 * Step 1 of the recipe 'Una pantalla REST nueva' (docs/architecture.md), for a throw-away entity
 * that only tests read: the endpoint declared once, as `pwa/src/lib/resources/tareas.ts` would.
 */
import { restResource } from '../../lib/data/rest';

export interface Tarea {
  _id: string;
  titulo: string;
  responsable: string;
}

export const TAREAS_URL = '/api/tareas';

export const tareasResource = restResource<Tarea>({
  listUrl: TAREAS_URL,
  pickList: (body) => body.tareas,
  itemUrl: (id) => `${TAREAS_URL}/${encodeURIComponent(id)}`,
  pickItem: (body) => body.tarea,
});
