import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleCaptacion } from '../../../couch-design/captacion/fixtures';
import type { Config } from '../config';
import type { StoreDoc } from '../store/port';
import { startGateway, type TestGateway } from '../testing/gateway';
import { eventually, localDb, remoteDb, signedIn, type ClientDb } from '../testing/pouch-client';

/**
 * The gateway stops in the middle of a replication (as main.ts stops on SIGTERM: requests under way
 * finish, waiting longpolls answer) and a new one starts on the same LevelDB data and port: the
 * client resumes from its checkpoint, nothing is lost and nothing is duplicated.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), 'sync-reinicio-'));
const open: Array<() => Promise<void>> = [];

afterAll(async () => {
  // A gateway already stopped by the test is stopped again harmlessly; none may hold the run.
  for (const close of open.reverse()) {
    await Promise.race([close().catch(() => undefined), new Promise((r) => setTimeout(r, 10_000).unref())]);
  }
  rmSync(dataDir, { recursive: true, force: true });
});

/** A second gateway process on the same data and port, as after a restart. */
async function restartOn(config: Config, port: number): Promise<TestGateway> {
  const gw = await startGateway({ ...config, listenPort: port });
  open.push(() => gw.close());
  return gw;
}

const N = 3000;

function captaciones(prefix: string, asesor: string, n: number): StoreDoc[] {
  return Array.from({ length: n }, (_, i) => ({
    ...sampleCaptacion({ captacion: { asesor } }),
    _id: `${prefix}-${String(i).padStart(5, '0')}`,
  }));
}

async function countDocs(db: ClientDb): Promise<number> {
  return (await db.info()).doc_count;
}

// Thousands of documents through two gateways: on a loaded 2-core machine this takes a while.
describe('gateway restart during replication', { timeout: 180_000 }, () => {
  it('a pull resumes from its checkpoint after the gateway restarts', async () => {
    const gw1: TestGateway = await startGateway({ dataDir, dbPrefix: 'reinicio_' });
    open.push(() => gw1.close());
    const port = Number(new URL(gw1.url).port);
    const person = await signedIn(gw1, 'user');
    const seeded = await gw1.store.db('captaciones');
    for (let i = 0; i < N; i += 500) await seeded.bulkDocs(captaciones('c', person.id, N).slice(i, i + 500));

    let restarted = false;
    const sinceAfterRestart: string[] = [];
    const local = localDb();
    const remote = remoteDb(gw1.url, 'captaciones', person.cookie, (url) => {
      if (restarted && url.includes('/_changes')) sinceAfterRestart.push(new URL(url).searchParams.get('since') ?? '');
    });
    let written = 0;
    const rep = local.replicate.from(remote, { live: true, retry: true, batch_size: 100, back_off_function: () => 150 });
    rep.on('change', (info) => {
      written += info.docs.length;
    });
    try {
      await eventually(() => written >= 600, 'primera parte de la réplica', 20_000);
      await gw1.close();
      const atStop = await countDocs(local);
      expect(atStop).toBeLessThan(N);

      restarted = true;
      await restartOn(gw1.config, port);
      await eventually(async () => (await countDocs(local)) === N, 'réplica completa tras el reinicio', 90_000);
    } finally {
      rep.cancel();
    }

    // Resumed from a checkpoint, not from the start.
    expect(sinceAfterRestart.length).toBeGreaterThan(0);
    expect(sinceAfterRestart[0]).not.toBe('0');
    // Nothing lost, nothing written twice.
    expect(written).toBe(N);
    const { rows } = await local.allDocs({ conflicts: true, include_docs: true });
    expect(rows.map((r) => r.id)).toEqual(captaciones('c', person.id, N).map((d) => d._id));
    expect(rows.every((r) => r.value.rev.startsWith('1-') && !(r.doc as { _conflicts?: unknown })._conflicts)).toBe(true);
  });

  it('a push resumes too, and no captación is stamped twice', async () => {
    const gw1: TestGateway = await startGateway({ dataDir, dbPrefix: 'reinicio_push_' });
    open.push(() => gw1.close());
    const port = Number(new URL(gw1.url).port);
    const person = await signedIn(gw1, 'user');
    const local = localDb();
    const M = 600;
    await local.bulkDocs(captaciones('p', '', M) as PouchDB.Core.PutDocument<Record<string, unknown>>[]);

    let written = 0;
    const rep = local.replicate.to(remoteDb(gw1.url, 'captaciones', person.cookie), { live: true, retry: true, batch_size: 50, back_off_function: () => 150 });
    rep.on('change', (info) => {
      written += info.docs.length;
    });
    let second: TestGateway | undefined;
    try {
      await eventually(() => written >= 150, 'primera parte del envío', 20_000);
      await gw1.close();
      second = await restartOn(gw1.config, port);
      const db = await second.store.db('captaciones');
      await eventually(async () => (await db.find({ selector: { type: 'captacion' }, fields: ['_id'], limit: M + 10 })).docs.length === M, 'envío completo', 90_000);
    } finally {
      rep.cancel();
    }
    const db = await second.store.db('captaciones');
    const { docs } = await db.find({ selector: { type: 'captacion' }, limit: M + 10 });
    expect(docs).toHaveLength(M);
    for (const d of docs) {
      expect((d.historial_estatus as unknown[]).length, d._id).toBe(1);
      expect((d.captacion as { asesor: string }).asesor).toBe(person.id);
    }
  });
});
