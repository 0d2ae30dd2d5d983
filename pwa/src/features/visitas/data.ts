/**
 * A captación's visits on this device, live: one recorded here, one arriving by sync and one
 * deleted with its captación all show without reloading the screen. Written with `localPut`:
 * the sync engine pushes them after the captaciones (couch-design/child-entity.ts).
 */
import { VISITA } from '../../../../couch-design/visita/entity';
import { newestFirst, semanaDe, visitasPdfList } from '../../../../couch-design/visita/rules';
import type { VisitaDatos } from '../../../../couch-design/visita/schema';
import type { PdfList } from '../../../../couch-design/pdf';
import { useLocalRead, type LocalLoadable } from '../../lib/data';
import { ensureLocalIndex, localFindAll, localPut } from '../../lib/db';

export type Visita = VisitaDatos & { _id: string; _rev: string; captacionId: string };

const { database, childOf } = { database: VISITA.database, childOf: VISITA.sync.childOf };

export async function listVisitas(captacionId: string): Promise<Visita[]> {
  await ensureLocalIndex(database, childOf.byParent);
  const found = await localFindAll<Visita>(database, { selector: { [childOf.field]: captacionId }, use_index: [childOf.byParent.ddoc, childOf.byParent.name] });
  return newestFirst(found);
}

/** Records a new visit (no `_id`) or saves an edit of one. */
export async function saveVisita(captacionId: string, datos: VisitaDatos, current?: Pick<Visita, '_id' | '_rev'>): Promise<void> {
  await localPut(database, {
    _id: current?._id ?? `visita-${crypto.randomUUID()}`,
    ...(current ? { _rev: current._rev } : {}),
    [childOf.field]: captacionId,
    ...datos,
  });
}

/** The captaciones with a visit this week (Monday to Sunday on the device's calendar). */
export async function captacionesConVisitasEstaSemana(now = new Date()): Promise<Set<string>> {
  const { desde, hasta } = semanaDe(now);
  const found = await localFindAll<Visita>(database, { selector: { fecha: { $gte: desde, $lte: hasta } }, fields: [childOf.field] });
  return new Set(found.map((v) => v.captacionId));
}

/** The captación PDF's list of its visits, as the device holds them. */
export async function visitasForPdf(captacionId: string): Promise<PdfList> {
  return visitasPdfList(await listVisitas(captacionId));
}

export type VisitasState = LocalLoadable<Visita[]>;

export function useVisitas(captacionId: string): VisitasState {
  return useLocalRead(database, captacionId, listVisitas);
}
