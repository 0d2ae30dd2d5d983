/**
 * A photo is an image, not a signature (issue 18, point 6): an upload must be one whole PNG,
 * JPEG, GIF or WebP (couch-design/image-check.ts) of at most 8,000 px a side. A bare signature,
 * or image headers with a page behind them, are refused with a Spanish 400 and nothing is stored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FOTO_MSG, PHOTO_SIDE } from '../../../couch-design/foto';
import sharp from 'sharp';
import { checkImage, MAX_IMAGE_SIDE } from '../../../couch-design/image-check';
import { concat, GIF_1X1, PNG_SIGNATURE, pngOfSize, pngWithText, WEBP_LOSSLESS_1X1, WEBP_LOSSY_1X1 } from '../../../couch-design/testing/images';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { empleadoBody, JPEG, PNG, upload } from '../testing/personas';

const gw = gatewayForFile();
let user: CreatedUser;
let asUser: HttpClient;
let asAdmin: HttpClient;

beforeAll(async () => {
  const admin = await gw.createUser({ role: 'administrator' });
  user = await gw.createUser();
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  asUser = await gw.client().signIn(user.email, user.password);
});

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
    // A real one of exactly that size is taken, and stored at the size a profile photo needs.
    const largest = await sharp({ create: { width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, channels: 3, background: '#8a6' } }).png({ compressionLevel: 9 }).toBuffer();
    const taken = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: largest });
    expect(taken.status).toBe(200);
    const stored = await sharp(Buffer.from(await (await asUser.fetch(taken.body.foto_perfil)).arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', PHOTO_SIDE, PHOTO_SIDE]);
  });

  it('takes real GIF and WebP (lossy and lossless) photos and serves each as its type', async () => {
    for (const [bytes, type] of [[GIF_1X1, 'image/gif'], [WEBP_LOSSY_1X1, 'image/webp'], [WEBP_LOSSLESS_1X1, 'image/webp'], [JPEG, 'image/jpeg']] as const) {
      const r = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(bytes), name: 'foto', type: 'application/octet-stream' });
      expect(r.status, type).toBe(200);
      expect((await asUser.fetch(r.body.foto_perfil)).headers.get('content-type')).toBe(type);
    }
  });

  it('stores a photo without its EXIF (GPS position, camera make and serial), for users and employees, turned upright', async () => {
    // A phone's photo: 40 × 20 px, with where it was taken and the camera that took it, turned by its orientation tag.
    const withExif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#8a6' } })
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Canon', Model: 'EOS R6', Software: 'Firmware 1.8' },
        IFD2: { BodySerialNumber: 'SERIE-0042-XYZ' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '19/1 25/1 57/1', GPSLongitudeRef: 'W', GPSLongitude: '99/1 7/1 59/1' },
      })
      .jpeg()
      .toBuffer();
    const sent = await sharp(withExif).metadata();
    expect(sent.exif?.includes('Canon')).toBe(true);
    expect(sent.exif?.includes('SERIE-0042-XYZ')).toBe(true);
    expect(sent.orientation).toBe(6);
    const e = (await asAdmin.json('POST', '/api/empleados-api', empleadoBody())).body.empleado as { _id: string };
    for (const [client, url] of [[asUser, `/api/users/${user.id}/upload-photo`], [asAdmin, `/api/empleados-api/${e._id}/upload-photo`]] as const) {
      const r = await upload(client, url, { bytes: withExif, name: 'IMG_0042.jpg', type: 'image/jpeg' });
      expect(r.status, url).toBe(200);
      const served = await client.fetch(r.body.foto_perfil);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await served.arrayBuffer());
      for (const trace of ['Exif', 'Canon', 'EOS R6', 'SERIE-0042-XYZ', 'Firmware']) expect(bytes.includes(trace), `${url}: ${trace}`).toBe(false);
      expect(checkImage(new Uint8Array(bytes), undefined, { noMetadata: true })).toMatchObject({ ok: true });
      const kept = await sharp(bytes).metadata();
      expect(kept.exif).toBeUndefined();
      // Turned as the camera meant (orientation 6: a quarter turn), since the tag that said so is gone.
      expect([kept.width, kept.height]).toEqual([20, 40]);
    }
  });

  it('strips the text a PNG carries (a place, an editor), keeping it a PNG', async () => {
    const r = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: Buffer.from(pngWithText('Location\u0000Ciudad de México')), name: 'yo.png', type: 'image/png' });
    expect(r.status).toBe(200);
    const served = await asUser.fetch(r.body.foto_perfil);
    expect(served.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('Ciudad')).toBe(false);
    expect(checkImage(new Uint8Array(bytes), undefined, { noMetadata: true })).toMatchObject({ ok: true });
  });

  it("checks an employee's photo the same way", async () => {
    const e = (await asAdmin.json('POST', '/api/empleados-api', empleadoBody())).body.empleado as { _id: string };
    const r = await upload(asAdmin, `/api/empleados-api/${e._id}/upload-photo`, { bytes: Buffer.from(concat(PNG_SIGNATURE, HTML)) });
    expect(r).toMatchObject({ status: 400, body: { mensaje: FOTO_MSG.invalida } });
    expect((await upload(asAdmin, `/api/empleados-api/${e._id}/upload-photo`, { bytes: PNG })).status).toBe(200);
  });
});
