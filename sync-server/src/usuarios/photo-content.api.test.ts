/**
 * A photo is an image, not a signature (issue 18, point 6): an upload must be one whole PNG,
 * JPEG, GIF or WebP (couch-design/image-check.ts) of at most 8,000 px a side. A bare signature,
 * or image headers with a page behind them, are refused with a Spanish 400 and nothing is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOTO_MSG } from '../../../couch-design/foto';
import { MAX_IMAGE_SIDE } from '../../../couch-design/image-check';
import { concat, GIF_1X1, PNG_SIGNATURE, pngOfSize, WEBP_LOSSLESS_1X1, WEBP_LOSSY_1X1 } from '../../../couch-design/testing/images';
import { startGateway, type CreatedUser, type HttpClient, type TestGateway } from '../testing/gateway';
import { empleadoBody, JPEG, PNG, upload } from '../testing/personas';

let gw: TestGateway;
let user: CreatedUser;
let asUser: HttpClient;
let asAdmin: HttpClient;

beforeAll(async () => {
  gw = await startGateway();
  const admin = await gw.createUser({ role: 'administrator' });
  user = await gw.createUser();
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  asUser = await gw.client().signIn(user.email, user.password);
});
afterAll(() => gw.close());

const attachmentsOf = async (id: string) => (await (await gw.store.db('usuarios')).get(id))._attachments ?? {};
const HTML = '<!doctype html><html><body><script>fetch("/api/users").then((r) => r.text()).then(alert)</script></body></html>';

const FAKES: Array<[string, Uint8Array]> = [
  ['an 8-byte PNG signature and nothing else', PNG_SIGNATURE],
  ['a PNG signature followed by HTML', concat(PNG_SIGNATURE, HTML)],
  ['a JPEG header followed by HTML', concat([0xff, 0xd8, 0xff, 0xe0], HTML)],
  ['a WebP header followed by HTML', concat('RIFF', [HTML.length + 4, 0, 0, 0], 'WEBP', HTML)],
  ['a GIF header followed by HTML', concat('GIF89a', HTML)],
  ['a whole PNG with a page after its end', concat(PNG, HTML)],
  ['a whole JPEG with a page after its end', concat(JPEG, HTML)],
];

describe('photo uploads are whole images', () => {
  for (const [what, bytes] of FAKES) {
    it(`refuses ${what} with 400 and stores nothing`, async () => {
      const r = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(bytes), name: 'foto.png', type: 'image/png' });
      expect(r).toMatchObject({ status: 400, body: { success: false, mensaje: FOTO_MSG.invalida } });
      expect(await attachmentsOf(user.id)).toEqual({});
    });
  }

  it(`refuses an image wider or taller than ${MAX_IMAGE_SIDE} px, and takes one of exactly that size`, async () => {
    const wide = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(pngOfSize(MAX_IMAGE_SIDE + 1, 1)) });
    expect(wide).toMatchObject({ status: 400, body: { success: false, mensaje: 'La imagen no debe medir más de 8000 píxeles por lado' } });
    const tall = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(pngOfSize(1, 1_000_000)) });
    expect(tall.status).toBe(400);
    expect(await attachmentsOf(user.id)).toEqual({});
    expect((await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(pngOfSize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE)) })).status).toBe(200);
  });

  it('takes real GIF and WebP (lossy and lossless) photos and serves each as its type', async () => {
    for (const [bytes, type] of [[GIF_1X1, 'image/gif'], [WEBP_LOSSY_1X1, 'image/webp'], [WEBP_LOSSLESS_1X1, 'image/webp'], [JPEG, 'image/jpeg']] as const) {
      const r = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(bytes), name: 'foto', type: 'application/octet-stream' });
      expect(r.status, type).toBe(200);
      expect((await asUser.fetch(r.body.foto_perfil)).headers.get('content-type')).toBe(type);
    }
  });

  it("checks an employee's photo the same way", async () => {
    const e = (await asAdmin.json('POST', '/api/empleados-api', empleadoBody())).body.empleado as { _id: string };
    const r = await upload(asAdmin, `/api/empleados-api/${e._id}/upload-photo`, { bytes: Buffer.from(concat(PNG_SIGNATURE, HTML)) });
    expect(r).toMatchObject({ status: 400, body: { mensaje: FOTO_MSG.invalida } });
    expect((await upload(asAdmin, `/api/empleados-api/${e._id}/upload-photo`, { bytes: PNG })).status).toBe(200);
  });
});
