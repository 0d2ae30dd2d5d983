import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOTOS_MSG, fotoId, fotoOriginalId, MAX_FOTOS_POR_CAPTACION } from '../../../couch-design/fotos/types';
import { jpegVariant } from '../../../couch-design/testing/images';
import { captacionOf, ROLES, seed, signedIn, type Person } from '../testing/captaciones';
import { startGateway, type HttpClient, type TestGateway } from '../testing/gateway';
import { postForm } from '../testing/personas';
import type { StoreDb, StoreDoc } from '../store/port';

/**
 * What two requests at the same moment cannot do (issue 33 item 3): pass the 50-photo maximum
 * from three gateways on one store (REST and `/db`), or leave a photo pushed while its captación
 * is being reassigned in the old adviser's scope.
 */
let a: TestGateway, b: TestGateway, c: TestGateway;
let admin: Person, sup: Person;
let anas: HttpClient[];
let anaId: string;

beforeAll(async () => {
  a = await startGateway();
  b = await startGateway({ joining: a });
  c = await startGateway({ joining: a });
  admin = await signedIn(a, ROLES.admin);
  sup = await signedIn(a, ROLES.supervisor);
  const ana = await a.createUser({ role: ROLES.asesor });
  anaId = ana.id;
  anas = await Promise.all([a, b, c].map((gw) => gw.client().signIn(ana.email, ana.password)));
});

afterAll(async () => {
  await Promise.all([c?.close(), b?.close()]);
  await a?.close();
});

async function livePhotos(captacionId: string): Promise<StoreDoc[]> {
  const { docs } = await (await a.store.db('fotos')).find({ selector: { captacion_id: captacionId }, limit: 1000 });
  return docs;
}

const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function photoDocs(captacionId: string, n: number): Array<Record<string, unknown>> {
  const uuid = randomUUID();
  const original = jpegVariant(n);
  const h1 = randomBytes(16).toString('hex');
  const h2 = randomBytes(16).toString('hex');
  return [
    { _id: fotoOriginalId(captacionId, uuid), _rev: `1-${h1}`, type: 'foto-original', captacion_id: captacionId, asesor: '', _attachments: { original: { content_type: 'image/jpeg', data: b64(original) } } },
    {
      _id: fotoId(captacionId, uuid),
      _rev: `1-${h2}`,
      type: 'foto',
      captacion_id: captacionId,
      asesor: '',
      orden: n,
      portada: false,
      ancho: 2,
      alto: 2,
      bytes: original.length,
      mime: 'image/jpeg',
      tomada: '2026-11-26T10:00:00.000Z',
      _attachments: { miniatura: { content_type: 'image/jpeg', data: b64(jpegVariant(1000 + n)) } },
    },
  ];
}

describe('the photo maximum under racing gateways', () => {
  it('holds when three gateways push 25 photos each through /db at once', async () => {
    await seed(a, [{ ...captacionOf(anaId, 1), _id: 'rc-db' }]);
    await Promise.all([b, c].map((gw) => gw.gateway.caughtUp()));
    const answers = await Promise.all(
      anas.map(async (client, g) => {
        const docs = Array.from({ length: 25 }, (_, i) => photoDocs('rc-db', g * 100 + i)).flat();
        const r = await client.json('POST', '/db/fotos/_bulk_docs', { docs, new_edits: false });
        expect(r.status).toBe(201);
        return r.body as Array<{ id: string; error?: string; reason?: string }>;
      }),
    );
    const live = await livePhotos('rc-db');
    const thumbs = live.filter((d) => d.type === 'foto');
    expect(thumbs.length).toBeLessThanOrEqual(MAX_FOTOS_POR_CAPTACION);
    expect(live.filter((d) => d.type === 'foto-original').length).toBeLessThanOrEqual(MAX_FOTOS_POR_CAPTACION);
    // Whatever was refused is not stored live, and was refused with the maximum's reason.
    const refused = answers.flat().filter((r) => r.error);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r).toMatchObject({ error: 'forbidden', reason: FOTOS_MSG.maximo });
    const liveIds = new Set(live.map((d) => d._id));
    for (const r of refused) expect(liveIds.has(r.id)).toBe(false);
  });

  it('holds when three gateways upload by REST at once', async () => {
    await seed(a, [{ ...captacionOf(anaId, 2), _id: 'rc-rest' }]);
    await Promise.all([b, c].map((gw) => gw.gateway.caughtUp()));
    const statuses = await Promise.all(
      anas.flatMap((client, g) =>
        Array.from({ length: 20 }, async (_, i) => {
          const form = new FormData();
          form.append('original', new Blob([new Uint8Array(jpegVariant(g * 100 + i))], { type: 'image/jpeg' }), 'o.jpg');
          form.append('miniatura', new Blob([new Uint8Array(jpegVariant(g * 100 + i))], { type: 'image/jpeg' }), 'm.jpg');
          const r = await postForm(client, '/api/captaciones/rc-rest/fotos', form);
          if (r.status !== 201) expect(r).toMatchObject({ status: 403, body: { mensaje: FOTOS_MSG.maximo } });
          return r.status;
        }),
      ),
    );
    const live = (await livePhotos('rc-rest')).filter((d) => d.type === 'foto');
    expect(live.length).toBeLessThanOrEqual(MAX_FOTOS_POR_CAPTACION);
    expect(statuses.filter((s) => s === 201).length).toBe(live.length);
  });
});

describe('a photo pushed while its captación is reassigned', () => {
  it('ends in the new adviser’s scope', async () => {
    await seed(a, [{ ...captacionOf(sup.user.id, 3), _id: 'rc-move' }]);
    const fotos: StoreDb = await a.store.db('fotos');
    const write = fotos.bulkDocs.bind(fotos);
    let reassign: (() => Promise<void>) | undefined = async () => {
      const current = (await admin.client.json('GET', '/api/captaciones/rc-move')).body.captacion;
      const moved = await admin.client.json('PUT', '/api/captaciones/rc-move', { ...current, captacion: { ...current.captacion, asesor: anaId } });
      expect(moved.status).toBe(200);
    };
    // The reassignment lands after the push read the captación and before it wrote the photo.
    fotos.bulkDocs = async (docs, opts) => {
      const now = reassign;
      reassign = undefined;
      await now?.();
      return write(docs, opts);
    };
    try {
      const r = await admin.client.json('POST', '/db/fotos/_bulk_docs', { docs: photoDocs('rc-move', 1), new_edits: false });
      expect(r).toMatchObject({ status: 201, body: [] });
    } finally {
      fotos.bulkDocs = write;
    }
    expect(reassign).toBeUndefined();
    const live = await livePhotos('rc-move');
    expect(live).toHaveLength(2);
    expect((await sup.client.json('GET', '/api/captaciones/rc-move/fotos')).status).toBe(404);
  });
});
