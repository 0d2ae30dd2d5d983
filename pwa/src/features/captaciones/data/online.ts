/**
 * The captaciones beyond the device set (issue 34 item 2; docs/architecture.md «El conjunto del
 * dispositivo»): online, the list and its search read the whole scope through REST
 * (`GET /api/captaciones`), and each row says whether the device holds it; a captación opened
 * online is read through REST too, which keeps it on the person's devices from then on (the
 * gateway marks it), and the sync is told to follow the set at once. Pinning is REST as well; the
 * last answer about pins is remembered for offline (lib/sync/set-pins.ts).
 */
import { CAPTACION } from '../../../../../couch-design/captacion/entity';
import { DEVICE_SET_PATH, LIST_MAX_LIMIT, pinPath, type DeviceSetAnswer, type PinAnswer } from '../../../../../couch-design/captacion/device-set';
import type { Captacion } from '../../../../../couch-design/captacion';
import { PAGE_SIZE } from '../../../components/list';
import { api } from '../../../lib/api';
import { localDatabase } from '../../../lib/db';
import { checkDeviceSet } from '../../../lib/sync/controller';
import { rememberPin, rememberPins } from '../../../lib/sync/set-pins';
import type { CaptacionesPage } from './resource';

interface ListAnswer {
  captaciones: Captacion[];
  paginacion: { pagina: number; paginas: number; total: number };
}

/** A page of the whole scope, and which of its rows the device holds. */
export interface OnlinePage extends CaptacionesPage {
  onDevice: ReadonlySet<string>;
}

export async function onlinePage(query: string, page: number, size = PAGE_SIZE): Promise<OnlinePage> {
  const params = new URLSearchParams({ page: String(page), limit: String(size) });
  if (query.trim()) params.set('search', query.trim());
  const answer = await api.get<ListAnswer>(`/api/captaciones?${params.toString()}`);
  // Past the last page (records deleted meanwhile): the last one, as the local list clamps.
  if (answer.captaciones.length === 0 && answer.paginacion.paginas > 0 && page > answer.paginacion.paginas) return onlinePage(query, answer.paginacion.paginas, size);
  // A record the device holds is shown as the device has it (its own edits not sent yet); one it
  // deleted and has not sent yet is left out.
  const db = await localDatabase(CAPTACION.database);
  const local = await db.allDocs<Captacion>({ keys: answer.captaciones.map((c) => c._id), include_docs: true, conflicts: true });
  const onDevice = new Set<string>();
  const deleted = new Set<string>();
  const mine = new Map<string, Captacion>();
  for (const row of local.rows) {
    if (!('value' in row) || !row.value) continue;
    if (row.value.deleted) deleted.add(row.id);
    else if (row.doc) {
      onDevice.add(row.id);
      mine.set(row.id, row.doc);
    }
  }
  const { pagina, paginas, total } = answer.paginacion;
  const items = answer.captaciones.filter((c) => !deleted.has(c._id)).map((c) => mine.get(c._id) ?? c);
  const shown = total - deleted.size;
  // A search that matches nothing says so ('Ninguna captación coincide…'), never that the list is empty.
  return { items, page: pagina, pages: paginas, total: shown, inScope: query.trim() ? Math.max(shown, 1) : shown, onDevice };
}

/**
 * Every captación of the whole scope matching `query`, in the list's order, as onlinePage shows
 * them ('Exportar CSV' online: what the list covers, not only the device set). Read when asked.
 */
export async function onlineMatching(query: string): Promise<Captacion[]> {
  // By id: a record written meanwhile shifts the pages, and one row may come on two of them.
  const out = new Map<string, Captacion>();
  for (let page = 1; ; page++) {
    const answer = await onlinePage(query, page, LIST_MAX_LIMIT);
    for (const c of answer.items) if (!out.has(c._id)) out.set(c._id, c);
    if (answer.page >= answer.pages) return [...out.values()];
  }
}

/** A captación the device does not hold, read online; the device keeps it from now on. */
export async function openOnline(id: string): Promise<Captacion> {
  const { captacion } = await api.get<{ captacion: Captacion }>(`/api/captaciones/${encodeURIComponent(id)}`);
  checkDeviceSet();
  return captacion;
}

/**
 * Deletes through REST a captación the device does not hold (a row 'Solo en línea'): deleting it on
 * the device would find nothing there. The revision shown is the one deleted (a newer one is refused).
 */
export async function removeOnline(doc: Pick<Captacion, '_id' | '_rev'>): Promise<void> {
  const rev = doc._rev ? `?rev=${encodeURIComponent(doc._rev)}` : '';
  await api.del(`/api/captaciones/${encodeURIComponent(doc._id)}${rev}`);
}

let asking: Promise<void> | null = null;

/** Asks which captaciones the person pinned and remembers the answer; screens asking at once share one request. */
export function refreshPins(userId: string): Promise<void> {
  return (asking ??= api
    .get<DeviceSetAnswer>(DEVICE_SET_PATH)
    .then((answer) => rememberPins(userId, DEVICE_SET_PATH, answer.fijadas))
    .finally(() => {
      asking = null;
    }));
}

export async function setPinned(userId: string, id: string, pinned: boolean): Promise<boolean> {
  const answer = pinned ? await api.put<PinAnswer>(pinPath(id)) : await api.del<PinAnswer>(pinPath(id));
  rememberPin(userId, DEVICE_SET_PATH, id, answer.fijada);
  checkDeviceSet();
  return answer.fijada;
}
