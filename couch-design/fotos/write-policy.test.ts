import { describe, expect, it } from 'vitest';
import { JPEG_2X2, PNG_1X1 } from '../testing/images';
import type { CaptacionFact, WriteFacts, WriteState, WriteUser } from '../write-policy';
import { FOTOS_MSG, fotoId, fotoOriginalId, parseFotoId } from './types';
import { decideFotoWrite, fromBase64 } from './write-policy';

const ana: WriteUser = { id: 'ana', role: 'asesor', nombre: 'Ana', email: 'ana@ejemplo.mx' };
const b64 = (bytes: Uint8Array): string => {
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
};
const facts = (fact: Partial<CaptacionFact> = {}): WriteFacts => ({
  existingUsers: new Set(),
  captaciones: new Map([['c1', { asesor: 'ana', deleted: false, fotos: new Set<string>(), ...fact }]]),
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
  it('stores the captación’s adviser and the type the bytes are, whatever the device said', () => {
    const d = decide(foto());
    expect(d).toMatchObject({ ok: true, doc: { asesor: 'ana', _attachments: { miniatura: { content_type: 'image/jpeg' } } } });
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
    const f = facts({ fotos: new Set(Array.from({ length: 49 }, (_, i) => fotoId('c1', `x${i}`))) });
    expect(decide(foto(), f)).toMatchObject({ ok: true });
    expect(decide(foto({ _id: fotoId('c1', 'u2') }), f)).toMatchObject({ ok: false, reason: FOTOS_MSG.maximo });
  });

  it('a deletion keeps the owner fields, and needs an editor with the captación in scope', () => {
    expect(decide({ _id: fotoId('c1', 'u1'), _rev: '1-a', _deleted: true })).toMatchObject({
      ok: true,
      doc: { _deleted: true, type: 'foto', captacion_id: 'c1', asesor: 'ana' },
    });
    const supervisor: WriteUser = { ...ana, id: 's', role: 'supervisor' };
    expect(decideFotoWrite({ doc: foto(), source: 'device', now: '' }, { base: null, winner: null }, supervisor, facts())).toMatchObject({ ok: false, reason: FOTOS_MSG.rol });
  });
});
