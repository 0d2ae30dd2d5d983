/**
 * What a write of another record needs to know about captaciones (couch-design/write-policy.ts,
 * `CaptacionFact`): each named captación's adviser, whether it is deleted, and its live photos.
 * Read from the store in three calls per request whatever the number of writes: the winners'
 * revisions (`_all_docs`), the live ones' bodies and tombstones (`_bulk_get`), and the photos by
 * captación (the `fotos` index, with what each photo says its image is).
 */
import type { CaptacionFact } from '../../../couch-design/write-policy';
import { CAPTACION } from '../../../couch-design/captacion/entity';
import { FOTO, FOTOS_BY_CAPTACION } from '../../../couch-design/fotos/entity';
import { FOTO_TYPE, MAX_FOTOS_POR_CAPTACION, parseFotoId } from '../../../couch-design/fotos/types';
import type { Store } from '../store/port';

export type CaptacionFactsReader = (ids: readonly string[]) => Promise<Map<string, CaptacionFact>>;

const asesorOf = (doc: unknown): string => {
  const a = (doc as { captacion?: { asesor?: unknown } } | undefined)?.captacion?.asesor;
  return typeof a === 'string' ? a : '';
};

/**
 * The embedded store's Mango index can fail a read that crosses a write of the same documents
 * (pouchdb-find reads a row whose document just changed): read again, a few times.
 */
export async function findAgain<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

export function captacionFactsFrom(store: Store): CaptacionFactsReader {
  return async (ids) => {
    const out = new Map<string, CaptacionFact>();
    const wanted = [...new Set(ids)].filter((id) => id !== '' && !id.startsWith('_'));
    if (!wanted.length) return out;
    const [captaciones, fotos] = await Promise.all([store.db(CAPTACION.database), store.db(FOTO.database)]);
    const heads = (await captaciones.allDocs(wanted)).flatMap((r) => ('value' in r ? [{ id: r.id, rev: r.value.rev, deleted: r.value.deleted === true }] : []));
    if (!heads.length) return out;
    const [bodies, found] = await Promise.all([
      captaciones.bulkGet(heads.map((h) => ({ id: h.id, rev: h.rev }))),
      findAgain(() =>
        fotos.find({
          selector: { captacion_id: { $in: heads.map((h) => h.id) } },
          fields: ['_id', 'captacion_id', 'ancho', 'alto', 'bytes', 'mime'],
          use_index: [FOTOS_BY_CAPTACION.ddoc, FOTOS_BY_CAPTACION.name],
          // Both kinds, at most the maximum each, per captación: more than that is already refused.
          limit: heads.length * MAX_FOTOS_POR_CAPTACION * 2 + 10,
        }),
      ),
    ]);
    bodies.results.forEach((r, k) => {
      const head = heads[k];
      const ok = r.docs.find((d) => 'ok' in d);
      const doc = ok && 'ok' in ok ? ok.ok : undefined;
      if (head && head.id === r.id) out.set(head.id, { asesor: asesorOf(doc), deleted: head.deleted, fotos: new Set(), imagenes: new Map() });
    });
    for (const d of found.docs) {
      const fact = typeof d.captacion_id === 'string' ? out.get(d.captacion_id) : undefined;
      const parsed = parseFotoId(d._id);
      if (!fact || !parsed) continue;
      fact.fotos.add(d._id);
      const { ancho, alto, bytes, mime } = d;
      if (typeof ancho !== 'number' || typeof alto !== 'number' || typeof bytes !== 'number' || typeof mime !== 'string') continue;
      const known = fact.imagenes?.get(parsed.uuid) ?? {};
      fact.imagenes?.set(parsed.uuid, { ...known, [parsed.kind === FOTO_TYPE ? 'foto' : 'original']: { ancho, alto, bytes, mime } });
    }
    return out;
  };
}
