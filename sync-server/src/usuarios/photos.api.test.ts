/**
 * Profile photos (spec 000 sections 2, 5, 7 and 9; docs/architecture.md section 3): `POST /api/users/{id}/upload-photo`
 * with the file in `foto_perfil`, images only by their bytes, at most 2 MB, stored as an attachment
 * and served from the URL the answers carry.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatewayForFile } from '../testing/per-file';
import type { CreatedUser, HttpClient } from '../testing/gateway';
import { empleadoBody, JPEG, PNG, upload } from '../testing/personas';

const gw = gatewayForFile();
let admin: CreatedUser, user: CreatedUser, other: CreatedUser;
let asAdmin: HttpClient, asUser: HttpClient;

beforeAll(async () => {
  admin = await gw.createUser({ role: 'administrator' });
  user = await gw.createUser();
  other = await gw.createUser();
  asAdmin = await gw.client().signIn(admin.email, admin.password);
  asUser = await gw.client().signIn(user.email, user.password);
});

const attachmentsOf = async (id: string) => (await (await gw.store.db('usuarios')).get(id))._attachments ?? {};

describe('POST /api/users/{id}/upload-photo', () => {
  it('stores one\'s own photo and answers success, foto_perfil (its URL) and message; the URL serves it', async () => {
    const r = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: PNG });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, message: 'Foto actualizada correctamente.' });
    expect(r.body.foto_perfil).toMatch(new RegExp(`^/api/users/${user.id}/foto\\?v=\\w+$`));
    expect((await asUser.json('GET', `/api/users/${user.id}`)).body.user.foto_perfil).toBe(r.body.foto_perfil);

    const img = await asUser.fetch(r.body.foto_perfil);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(img.headers.get('x-content-type-options')).toBe('nosniff');
    expect(img.headers.get('content-disposition')).toBe('inline');
    // Written again without metadata (http/photo.ts): the same picture, not the same bytes.
    const served = Buffer.from(await img.arrayBuffer());
    const pixels = async (b: Buffer) => (await sharp(b).ensureAlpha().raw().toBuffer({ resolveWithObject: true }));
    const [got, sent] = [await pixels(served), await pixels(PNG)];
    expect([got.info.width, got.info.height]).toEqual([sent.info.width, sent.info.height]);
    expect(got.data.equals(sent.data)).toBe(true);
  });

  it('replaces the photo: a new URL, the new bytes and type, the old data gone', async () => {
    const first = (await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: PNG })).body.foto_perfil;
    const r = await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: JPEG, name: 'yo.jpg', type: 'image/jpeg' });
    expect(r.body.foto_perfil).not.toBe(first);
    const img = await asUser.fetch(r.body.foto_perfil);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    expect(Object.keys(await attachmentsOf(user.id))).toEqual(['foto_perfil']);
  });

  it('keeps the photo when the person is edited afterwards', async () => {
    await upload(asUser, `/api/users/${user.id}/upload-photo`, { bytes: PNG });
    await asUser.json('PUT', `/api/users/${user.id}`, { pust: 'Nuevo puesto' });
    expect((await asUser.fetch(`/api/users/${user.id}/foto`)).status).toBe(200);
  });

  it('lets an admin set anyone\'s photo, and nobody else', async () => {
    expect((await upload(asAdmin, `/api/users/${other.id}/upload-photo`, { bytes: PNG })).status).toBe(200);
    expect(await upload(asUser, `/api/users/${other.id}/upload-photo`, { bytes: PNG })).toMatchObject({
      status: 403,
      body: { mensaje: 'Solo un administrador puede realizar esta acción.' },
    });
    expect((await upload(gw.client(), `/api/users/${other.id}/upload-photo`, { bytes: PNG })).status).toBe(401);
  });

  it('refuses a photo of 3 MB with 413 and keeps the previous one', async () => {
    const p = await gw.createUser();
    const c = await gw.client().signIn(p.email, p.password);
    const big = Buffer.alloc(3 * 1024 * 1024);
    PNG.copy(big);
    expect(await upload(c, `/api/users/${p.id}/upload-photo`, { bytes: big })).toMatchObject({ status: 413, body: { success: false, mensaje: 'La imagen no debe superar 2 MB' } });
    expect(await attachmentsOf(p.id)).toEqual({});
  });

  it('checks the bytes, not the name or the declared type: text renamed .png and an SVG with a script are refused', async () => {
    const p = await gw.createUser();
    const c = await gw.client().signIn(p.email, p.password);
    const fake = await upload(c, `/api/users/${p.id}/upload-photo`, { bytes: Buffer.from('Esto no es una imagen, solo texto.'), name: 'foto.png', type: 'image/png' });
    expect(fake).toMatchObject({ status: 400, body: { mensaje: 'Por favor selecciona una imagen válida' } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>fetch("/api/users")</script></svg>');
    expect(await upload(c, `/api/users/${p.id}/upload-photo`, { bytes: svg, name: 'foto.svg', type: 'image/svg+xml' })).toMatchObject({ status: 400 });
    expect(await upload(c, `/api/users/${p.id}/upload-photo`, { bytes: svg, name: 'foto.png', type: 'image/png' })).toMatchObject({ status: 400 });
    expect(await attachmentsOf(p.id)).toEqual({});
  });

  it('answers 400 for a form with no file, an empty file, the file in another field, or two files', async () => {
    const p = await gw.createUser();
    const c = await gw.client().signIn(p.email, p.password);
    const path = `/api/users/${p.id}/upload-photo`;
    expect(await upload(c, path, null)).toMatchObject({ status: 400, body: { mensaje: 'No se recibió ninguna imagen en el campo foto_perfil' } });
    expect(await upload(c, path, { bytes: Buffer.alloc(0) })).toMatchObject({ status: 400, body: { mensaje: 'No se recibió ninguna imagen en el campo foto_perfil' } });
    expect(await upload(c, path, { bytes: PNG, field: 'avatar' })).toMatchObject({ status: 400, body: { mensaje: 'La imagen debe enviarse en el campo foto_perfil, una sola a la vez' } });
    const form = new FormData();
    form.append('foto_perfil', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
    form.append('foto_perfil', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'b.png');
    expect((await c.fetch(path, { method: 'POST', body: form })).status).toBe(400);
    expect(await attachmentsOf(p.id)).toEqual({});
  });

  it('answers 400, never 500, for a multipart body that is cut or malformed, or a photo sent as JSON', async () => {
    const path = `/api/users/${user.id}/upload-photo`;
    const cut = await asUser.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="foto_perfil"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(cut.status).toBe(400);
    const noBoundary = await asUser.fetch(path, { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'x' });
    expect(noBoundary.status).toBe(400);
    const asJson = await asUser.json('POST', path, { foto_perfil: 'data:image/png;base64,AAAA' });
    expect(asJson).toMatchObject({ status: 400, body: { mensaje: 'No se recibió ninguna imagen en el campo foto_perfil' } });
    const asText = await asUser.fetch(path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hola' });
    expect(asText.status).toBe(415);
  });
});

describe('GET /api/users/{id}/foto', () => {
  it('is for admins and the person themselves; anyone else is told there is no photo', async () => {
    await upload(asAdmin, `/api/users/${other.id}/upload-photo`, { bytes: PNG });
    expect((await asAdmin.fetch(`/api/users/${other.id}/foto`)).status).toBe(200);
    const theirs = await gw.client().signIn(other.email, other.password);
    expect((await theirs.fetch(`/api/users/${other.id}/foto`)).status).toBe(200);
    expect(await asUser.json('GET', `/api/users/${other.id}/foto`)).toMatchObject({ status: 404, body: { mensaje: 'No se encontró la foto.' } });
    expect((await gw.client().fetch(`/api/users/${other.id}/foto`)).status).toBe(401);
  });

  it('answers 404 for someone with no photo', async () => {
    const p = await gw.createUser();
    expect((await asAdmin.json('GET', `/api/users/${p.id}/foto`)).status).toBe(404);
    expect((await asAdmin.json('GET', `/api/users/${p.id}`)).body.user.foto_perfil).toBeNull();
  });
});

describe('employee photos', () => {
  it('an admin uploads one; admins and the linked person see it; the list answers its URL', async () => {
    const p = await gw.createUser();
    const e = (await asAdmin.json('POST', '/api/empleados-api', empleadoBody({ userId: p.id }))).body.empleado;
    const r = await upload(asAdmin, `/api/empleados-api/${e._id}/upload-photo`, { bytes: PNG });
    expect(r).toMatchObject({ status: 200, body: { success: true } });
    expect(r.body.foto_perfil).toMatch(new RegExp(`^/api/empleados-api/${e._id}/foto\\?v=`));
    const listed = (await asAdmin.json('GET', '/api/empleados-api')).body.empleados.find((x: { _id: string }) => x._id === e._id);
    expect(listed.foto_perfil).toBe(r.body.foto_perfil);
    const asP = await gw.client().signIn(p.email, p.password);
    const img = await asP.fetch(r.body.foto_perfil);
    expect([img.status, img.headers.get('content-type'), img.headers.get('x-content-type-options')]).toEqual([200, 'image/png', 'nosniff']);
    expect((await asUser.fetch(r.body.foto_perfil)).status).toBe(404);
    expect((await upload(asP, `/api/empleados-api/${e._id}/upload-photo`, { bytes: PNG })).status).toBe(403);
    expect((await upload(asAdmin, `/api/empleados-api/${e._id}/upload-photo`, { bytes: Buffer.from('<svg/>'), name: 'x.png' })).status).toBe(400);
  });
});
