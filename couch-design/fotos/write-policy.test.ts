import { describe, expect, it } from 'vitest';
import { JPEG_2X2, jpegOfSize, jpegWithExif, png16OfSize, PNG_1X1, pngOfSize, pngWithText } from '../testing/images';
import type { Dict } from '../helpers/values';
import type { WriteFacts, WriteState, WriteUser } from '../write-policy';
import { FOTOS_MSG, fotoId, fotoOriginalId, parseFotoId } from './types';
import { decideFotoWrite, fromBase64 } from './write-policy';

const ana: WriteUser = { id: 'ana', role: 'asesor', nombre: 'Ana', email: 'ana@ejemplo.mx' };
const b64 = (bytes: Uint8Array): string => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
};
/** The facts the gateway reads for a photo: its captación (advised by Ana) and the photos it holds. */
const facts = (fotos: Dict[] = []): WriteFacts => ({
  existingUsers: new Set(),
  parents: new Map([['c1', { _id: 'c1', _rev: '1-c', type: 'captacion', captacion: { asesor: 'ana' } }]]),
  children: new Map([['c1', fotos]]),
});
const foto = (extra: Record<string, unknown> = {}) => ({
  _id: fotoId('c1', 'u1'),
  type: 'foto',
  captacion_id: 'c1',
  asesor: 'otra-persona',
  orden: 0,
  portada: true,
  ancho: 2,
  alto: 2,
  bytes: 600,
  mime: 'image/jpeg',
  tomada: '2026-11-26',
  _attachments: { miniatura: { content_type: 'image/png', data: b64(JPEG_2X2) } },
  ...extra,
});
const decide = (doc: Record<string, unknown>, f = facts(), state: WriteState = { base: null, winner: null }) =>
  decideFotoWrite({ doc, source: 'device', now: '2026-11-26T12:00:00Z' }, state, ana, f);

describe('photo ids and base64', () => {
  it('reads the kind, the captación and the uuid from an id, and nothing from any other', () => {
    expect(parseFotoId(fotoOriginalId('cap:con:dos-puntos', 'abc-1'))).toEqual({ kind: 'foto-original', captacionId: 'cap:con:dos-puntos', uuid: 'abc-1' });
    for (const bad of ['foto:', 'foto:c1:', 'foto::u', 'captacion:c1:u', 'foto:_design:u', 'foto:c1:u/x', 42, null]) expect(parseFotoId(bad)).toBeNull();
  });

  it('decodes base64 and refuses anything else', () => {
    expect([...fromBase64(b64(PNG_1X1))!]).toEqual([...PNG_1X1]);
    expect(fromBase64('no es base64!')).toBeNull();
    expect(fromBase64('abc')).toBeNull();
  });
});

describe('the photo write policy', () => {
  it('stores the type the bytes are, whatever the device said, and nothing of its captación (the captación decides who reads it)', () => {
    const d = decide(foto());
    expect(d).toMatchObject({ ok: true, doc: { captacion_id: 'c1', _attachments: { miniatura: { content_type: 'image/jpeg' } } } });
    expect(d.ok && 'asesor' in d.doc).toBe(false);
  });

  it('refuses unknown fields, wrong types and a captación that is not the id’s', () => {
    expect(decide(foto({ extra: 1 }))).toMatchObject({ ok: false, status: 400 });
    expect(decide(foto({ orden: '1' }))).toMatchObject({ ok: false, status: 400 });
    expect(decide(foto({ captacion_id: 'c2' }))).toMatchObject({ ok: false, reason: FOTOS_MSG.captacion });
    expect(decide(foto({ type: 'foto-original' }))).toMatchObject({ ok: false, reason: FOTOS_MSG.tipo });
    expect(decide(foto({ _attachments: {} }))).toMatchObject({ ok: false, reason: FOTOS_MSG.adjunto });
  });

  it('accepts a stub only for the attachment the stored photo has', () => {
    const stored = { ...foto(), _rev: '1-a', _attachments: { miniatura: { content_type: 'image/jpeg', digest: 'md5-x', length: 600, revpos: 1, stub: true } } };
    const edit = foto({ _rev: '1-a', orden: 3, _attachments: { miniatura: { stub: true, digest: 'md5-x' } } });
    expect(decide(edit, facts(), { base: stored, winner: stored })).toMatchObject({ ok: true });
    const other = foto({ _attachments: { miniatura: { stub: true, digest: 'md5-y' } } });
    expect(decide(other, facts(), { base: stored, winner: stored })).toMatchObject({ ok: false, reason: FOTOS_MSG.adjunto });
  });

  it('counts the photos of one request against the maximum', () => {
    const f = facts(Array.from({ length: 49 }, (_, i) => ({ _id: fotoId('c1', `x${i}`) })));
    expect(decide(foto(), f)).toMatchObject({ ok: true });
    expect(decide(foto({ _id: fotoId('c1', 'u2') }), f)).toMatchObject({ ok: false, reason: FOTOS_MSG.maximo });
  });

  it('a deletion keeps the owner fields, and needs an editor with the captación in scope', () => {
    const stored = { ...foto(), _rev: '1-a', asesor: 'ana' };
    expect(decide({ _id: fotoId('c1', 'u1'), _rev: '1-a', _deleted: true }, facts(), { base: stored, winner: stored })).toMatchObject({
      ok: true,
      doc: { _deleted: true, type: 'foto', captacion_id: 'c1' },
    });
    const supervisor: WriteUser = { ...ana, id: 's', role: 'supervisor' };
    expect(decideFotoWrite({ doc: foto(), source: 'device', now: '' }, { base: null, winner: null }, supervisor, facts())).toMatchObject({ ok: false, reason: FOTOS_MSG.rol });
  });

  it('refuses a tombstone for a photo that never existed, and never revives a deleted one', () => {
    expect(decide({ _id: fotoId('c1', 'nunca'), _rev: '1-a', _deleted: true })).toMatchObject({ ok: false, status: 404, reason: FOTOS_MSG.noEncontrada });
    const tombstone = { _id: fotoId('c1', 'u1'), _rev: '2-b', _deleted: true, type: 'foto', captacion_id: 'c1', asesor: 'ana' };
    const live = { ...foto(), _rev: '1-a' };
    // A tablet's offline edit of the photo another deleted: its base is the live revision, the winner the tombstone.
    expect(decide(foto({ _rev: '2-c', orden: 4 }), facts(), { base: live, winner: tombstone })).toMatchObject({ ok: false, reason: FOTOS_MSG.borrada });
  });

  it('judges each image by what its header promises: a thumbnail at most 320 px, an original 1,600, 8-bit, no metadata', () => {
    const thumb = (bytes: Uint8Array) => decide(foto({ _attachments: { miniatura: { content_type: 'image/png', data: b64(bytes) } } }));
    expect(thumb(pngOfSize(320, 240))).toMatchObject({ ok: true });
    expect(thumb(pngOfSize(8000, 8000))).toMatchObject({ ok: false, status: 400, reason: FOTOS_MSG.miniaturaMedidas });
    expect(thumb(pngOfSize(321, 10))).toMatchObject({ ok: false, reason: FOTOS_MSG.miniaturaMedidas });
    expect(thumb(png16OfSize(8, 8))).toMatchObject({ ok: false, reason: FOTOS_MSG.trampa });
    expect(thumb(jpegOfSize(2, 2, 12))).toMatchObject({ ok: false, reason: FOTOS_MSG.trampa });
    expect(thumb(jpegWithExif())).toMatchObject({ ok: false, reason: FOTOS_MSG.metadatos });
    expect(thumb(pngWithText())).toMatchObject({ ok: false, reason: FOTOS_MSG.metadatos });
    const original = (bytes: Uint8Array) =>
      decide({ _id: fotoOriginalId('c1', 'u1'), type: 'foto-original', captacion_id: 'c1', asesor: 'x', _attachments: { original: { content_type: 'image/jpeg', data: b64(bytes) } } });
    expect(original(jpegOfSize(1600, 1200))).toMatchObject({ ok: true, doc: { ancho: 1600, alto: 1200, mime: 'image/jpeg' } });
    expect(original(jpegOfSize(1601, 1200))).toMatchObject({ ok: false, reason: FOTOS_MSG.medidas });
    expect(original(jpegWithExif())).toMatchObject({ ok: false, reason: FOTOS_MSG.metadatos });
  });

  it('a photo’s mime, bytes and sides must be its original’s, whichever of the two comes second', () => {
    const f = facts();
    const original = { _id: fotoOriginalId('c1', 'u1'), type: 'foto-original', captacion_id: 'c1', asesor: 'x', _attachments: { original: { content_type: 'image/png', data: b64(PNG_1X1) } } };
    expect(decide(original, f)).toMatchObject({ ok: true, doc: { ancho: 1, alto: 1, bytes: PNG_1X1.length, mime: 'image/png' } });
    // The device says a 2 × 2 JPEG of 600 bytes: not what its original is.
    expect(decide(foto(), f)).toMatchObject({ ok: false, reason: FOTOS_MSG.noCoincide });
    expect(decide(foto({ ancho: 1, alto: 1, bytes: PNG_1X1.length, mime: 'image/png' }), f)).toMatchObject({ ok: true });
    // The other way round: the `foto` first, then an original that is not what it said.
    const g = facts();
    expect(decide(foto({ _id: fotoId('c1', 'u3') }), g)).toMatchObject({ ok: true });
    expect(decide({ ...original, _id: fotoOriginalId('c1', 'u3') }, g)).toMatchObject({ ok: false, reason: FOTOS_MSG.noCoincide });
  });
});
