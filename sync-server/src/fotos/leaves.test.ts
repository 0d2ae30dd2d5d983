import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FOTOS_MSG, fotoId, fotoOriginalId } from '../../../couch-design/fotos/types';
import { JPEG_2X2 } from '../../../couch-design/testing/images';
import { captacionOf, ROLES, seed, signedIn, type Person } from '../testing/captaciones';
import { gatewayForFile } from '../testing/per-file';
import type { StoreDoc } from '../store/port';
import { okDocs } from '../store/winner';

/**
 * Deleted means every leaf (issue 33 item 3): a photo with conflicting leaves (two tablets that
 * reordered it offline) pushed through `/db/fotos`, then its captación deleted or reassigned, or
 * the photo deleted by REST or by `/db`: no leaf of it (nor of its original) is left live or in
 * the old adviser's scope, and a tablet cannot push it back to life.
 */
const gw = gatewayForFile();
let admin: Person, ana: Person, sup: Person;

beforeAll(async () => {
  admin = await signedIn(gw, ROLES.admin);
  ana = await signedIn(gw, ROLES.asesor);
  sup = await signedIn(gw, ROLES.supervisor);
});

const hash = (): string => randomBytes(16).toString('hex');
const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

interface Planted {
  uuid: string;
  foto: string;
  original: string;
  /** The revision both branches grow from, and the two branches. */
  root: string;
  branches: string[];
}

/** Revision `rev` of document `_id` whose history is `path` (newest first), as replication sends it. */
const revision = (_id: string, rev: string, path: string[]) => ({ _id, _rev: rev, _revisions: { start: Number(rev.split('-')[0]), ids: path } });

function fotoRev(captacionId: string, uuid: string, rev: string, path: string[], orden: number): Record<string, unknown> {
  return {
    ...revision(fotoId(captacionId, uuid), rev, path),
    type: 'foto',
    captacion_id: captacionId,
    asesor: 'quien-sea',
    orden,
    portada: orden === 0,
    ancho: 2,
    alto: 2,
    bytes: JPEG_2X2.length,
    mime: 'image/jpeg',
    tomada: '2026-11-26T10:00:00.000Z',
    _attachments: { miniatura: { content_type: 'image/jpeg', data: b64(JPEG_2X2) } },
  };
}

function originalRev(captacionId: string, uuid: string, rev: string, path: string[]): Record<string, unknown> {
  return {
    ...revision(fotoOriginalId(captacionId, uuid), rev, path),
    type: 'foto-original',
    captacion_id: captacionId,
    asesor: 'quien-sea',
    _attachments: { original: { content_type: 'image/jpeg', data: b64(JPEG_2X2) } },
  };
}

async function bulk(p: Person, docs: unknown[]): Promise<Array<{ id: string; error?: string; reason?: string }>> {
  const r = await p.client.json('POST', '/db/fotos/_bulk_docs', { docs, new_edits: false });
  expect(r.status).toBe(201);
  return r.body as Array<{ id: string; error?: string; reason?: string }>;
}

/** A photo and its original, each with two conflicting live leaves, pushed by `p` as two tablets would. */
async function plantConflicted(p: Person, captacionId: string): Promise<Planted> {
  const uuid = randomUUID();
  const [r1, b1, b2, o1, q1, q2] = [hash(), hash(), hash(), hash(), hash(), hash()];
  expect(await bulk(p, [originalRev(captacionId, uuid, `1-${o1}`, [o1]), fotoRev(captacionId, uuid, `1-${r1}`, [r1], 0)])).toEqual([]);
  expect(
    await bulk(p, [
      originalRev(captacionId, uuid, `2-${q1}`, [q1, o1]),
      originalRev(captacionId, uuid, `2-${q2}`, [q2, o1]),
      fotoRev(captacionId, uuid, `2-${b1}`, [b1, r1], 1),
      fotoRev(captacionId, uuid, `2-${b2}`, [b2, r1], 2),
    ]),
  ).toEqual([]);
  const planted = { uuid, foto: fotoId(captacionId, uuid), original: fotoOriginalId(captacionId, uuid), root: r1, branches: [`2-${b1}`, `2-${b2}`] };
  expect(await leaves(planted.foto)).toHaveLength(2);
  expect((await leaves(planted.original)).filter((l) => !l._deleted)).toHaveLength(2);
  return planted;
}

async function leaves(id: string): Promise<StoreDoc[]> {
  const { results } = await (await gw.store.db('fotos')).bulkGet([{ id }]);
  return okDocs(results[0]?.docs ?? []);
}

const liveLeaves = async (id: string): Promise<StoreDoc[]> => (await leaves(id)).filter((l) => l._deleted !== true);

describe('every leaf of a photo', () => {
  it('deleting the captación by REST deletes every leaf of its photos and originals, and of the captación itself', async () => {
    await seed(gw, [{ ...captacionOf(ana.user.id, 1), _id: 'hl-1' }]);
    // The captación itself with a second, conflicting live leaf.
    const caps = await gw.store.db('captaciones');
    const current = await caps.get('hl-1');
    const sibling = hash();
    await caps.bulkDocs([{ ...current, _rev: `2-${sibling}`, _revisions: { start: 2, ids: [sibling, String(current._rev).split('-')[1]] } }], { new_edits: false });
    const planted = await plantConflicted(ana, 'hl-1');

    expect((await admin.client.json('DELETE', '/api/captaciones/hl-1')).status).toBe(200);
    expect(await liveLeaves(planted.foto)).toEqual([]);
    expect(await liveLeaves(planted.original)).toEqual([]);
    const { results } = await caps.bulkGet([{ id: 'hl-1' }]);
    expect(okDocs(results[0].docs).filter((l) => !l._deleted)).toEqual([]);
    // Every tombstone keeps the owner fields a filtered feed needs.
    for (const l of await leaves(planted.foto)) expect(l).toMatchObject({ type: 'foto', captacion_id: 'hl-1' });
    expect((await ana.client.json('GET', '/api/captaciones/hl-1')).status).toBe(404);
  });

  it('deleting a photo by REST deletes every leaf, and a tablet cannot push its offline edit back to life', async () => {
    await seed(gw, [{ ...captacionOf(ana.user.id, 2), _id: 'hl-2' }]);
    const planted = await plantConflicted(ana, 'hl-2');
    expect((await ana.client.json('DELETE', `/api/captaciones/hl-2/fotos/${planted.uuid}`)).status).toBe(200);
    expect(await liveLeaves(planted.foto)).toEqual([]);
    expect(await liveLeaves(planted.original)).toEqual([]);
    expect((await ana.client.json('GET', '/api/captaciones/hl-2/fotos')).body.fotos).toEqual([]);

    // A tablet that reordered the photo offline, on top of one of the branches.
    const edit = hash();
    const revived = await bulk(ana, [fotoRev('hl-2', planted.uuid, `3-${edit}`, [edit, planted.branches[0].slice(2), planted.root], 5)]);
    expect(revived).toEqual([expect.objectContaining({ error: 'forbidden', reason: FOTOS_MSG.borrada })]);
    expect(await liveLeaves(planted.foto)).toEqual([]);
  });

  it('deleting a photo by /db deletes its other leaves and its original; deleting a losing branch only resolves the conflict', async () => {
    await seed(gw, [{ ...captacionOf(ana.user.id, 3), _id: 'hl-3' }]);
    const planted = await plantConflicted(ana, 'hl-3');
    const winner = String((await (await gw.store.db('fotos')).get(planted.foto))._rev);
    const loser = planted.branches.find((b) => b !== winner)!;
    const tomb = (on: string) => {
      const h = hash();
      return { _id: planted.foto, _rev: `3-${h}`, _revisions: { start: 3, ids: [h, on.slice(2), planted.root] }, _deleted: true };
    };
    // The person picked the winner's version: the losing branch goes, the photo stays.
    expect(await bulk(ana, [tomb(loser)])).toEqual([]);
    expect((await liveLeaves(planted.foto)).map((l) => l._rev)).toEqual([winner]);
    expect(await liveLeaves(planted.original)).toHaveLength(2);
    // Deleting the photo itself (its winner) takes every leaf of both documents.
    expect(await bulk(ana, [tomb(winner)])).toEqual([]);
    expect(await liveLeaves(planted.foto)).toEqual([]);
    expect(await liveLeaves(planted.original)).toEqual([]);
  });

  it('reassigning a captación moves every leaf of its photos out of the old adviser’s scope', async () => {
    await seed(gw, [{ ...captacionOf(sup.user.id, 4), _id: 'hl-4' }]);
    const planted = await plantConflicted(admin, 'hl-4');
    const current = (await admin.client.json('GET', '/api/captaciones/hl-4')).body.captacion;
    const moved = await admin.client.json('PUT', '/api/captaciones/hl-4', { ...current, captacion: { ...current.captacion, asesor: ana.user.id } });
    expect(moved.status).toBe(200);
    // Nothing is rewritten (every leaf stays as it was): the captación decides who reads them.
    for (const id of [planted.foto, planted.original]) expect((await liveLeaves(id)).length).toBeGreaterThanOrEqual(1);
    expect((await ana.client.fetch(`/api/captaciones/hl-4/fotos/${planted.uuid}/miniatura`)).status).toBe(200);
    expect((await sup.client.fetch(`/api/captaciones/hl-4/fotos/${planted.uuid}/miniatura`)).status).toBe(404);
    expect((await sup.client.fetch(`/db/fotos/${encodeURIComponent(planted.foto)}?open_revs=all`)).status).not.toBe(200);
  });

  it('refuses a tombstone for a photo that never existed', async () => {
    await seed(gw, [{ ...captacionOf(ana.user.id, 5), _id: 'hl-5' }]);
    const ghost = hash();
    const res = await bulk(ana, [{ _id: fotoId('hl-5', randomUUID()), _rev: `1-${ghost}`, _revisions: { start: 1, ids: [ghost] }, _deleted: true }]);
    expect(res).toEqual([expect.objectContaining({ error: 'forbidden', reason: FOTOS_MSG.noEncontrada })]);
  });
});
