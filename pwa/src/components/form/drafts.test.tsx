// @vitest-environment happy-dom
/**
 * Drafts of forms over gateway records (a user, an employee): what they keep, and when an edit
 * form opens with one (docs/architecture.md, "Datos cifrados en el dispositivo": a lock keeps
 * every unsaved form as an encrypted draft).
 */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, leaveDevice, signInOnDevice } from '../../testing/local-data';
import { editFormDraft, readDraft, useDraftAutosave, type Draft } from './drafts';

interface Persona {
  nombre: string;
  foto: File | null;
}

afterEach(async () => {
  cleanup();
  await leaveDevice();
});

describe('a form’s draft', () => {
  it('keeps what was typed but not a chosen file, which is chosen again', async () => {
    signInOnDevice();
    const { result } = renderHook(() => useDraftAutosave<Persona>('usuario-editar-u1', '3-abc'));
    act(() => result.current.schedule({ nombre: 'Rosa Quintero', foto: new File(['x'], 'cara.jpg', { type: 'image/jpeg' }) }));
    await act(async () => {
      result.current.flush();
      await eventually(async () => (await readDraft<Persona>('usuario-editar-u1')) !== null, 'el borrador guardado');
    });
    expect(await readDraft<Persona>('usuario-editar-u1')).toMatchObject({ values: { nombre: 'Rosa Quintero', foto: null }, baseRev: '3-abc' });
  });
});

describe('an edit form over a gateway record', () => {
  const record: Persona = { nombre: 'Rosa', foto: null };
  const draft = (baseRev?: string): Draft<Persona> => ({ values: { nombre: 'Rosa Quintero', foto: null }, baseRev, savedAt: '2026-03-02T10:00:00Z' });

  it('opens with the draft made on the record’s current revision, and says it was restored', () => {
    expect(editFormDraft('k', draft('3-abc'), '3-abc', record)).toEqual({ initialValues: { nombre: 'Rosa Quintero', foto: null }, draft: { key: 'k', baseRev: '3-abc', restored: true } });
  });

  it('opens with the record when the draft was made on an older revision: it would undo someone’s change', () => {
    expect(editFormDraft('k', draft('2-old'), '3-abc', record)).toEqual({ initialValues: record, draft: { key: 'k', baseRev: '3-abc', restored: false } });
    expect(editFormDraft('k', null, '3-abc', record).initialValues).toBe(record);
  });
});
