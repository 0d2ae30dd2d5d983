import { describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import { DocRepository } from '../store/doc-repository';
import type { ChangesOptions } from '../store/port';
import { storeForFile } from '../testing/per-file';
import { CaptacionesRepository } from './repository';

/** A busy store must not hold the list: it waits a moment for the feed, then answers from what it holds. */
const store = storeForFile();
let slow = false;

describe('the list on a slow feed', () => {
  it('answers within a moment with this gateway’s own write, without waiting out a slow catch-up', async () => {
    const db = await store.db('captaciones');
    const changes = async (o: ChangesOptions) => {
      if (slow) await new Promise((r) => setTimeout(r, 3_000));
      return db.changes(o);
    };
    const repo = new CaptacionesRepository(db, new DocRepository(await store.db('usuarios'), 'usuario'), {}, { changes });
    await repo.window({}, true, 0, 10);
    slow = true;
    const saved = await repo.put({ ...sampleCaptacion({ captacion: { asesor: 'u1' } }), _id: 'propia-lenta' });
    const started = Date.now();
    const page = await repo.window({}, true, 0, 10);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(page.ids).toContain(saved._id);
    slow = false;
  });
});
