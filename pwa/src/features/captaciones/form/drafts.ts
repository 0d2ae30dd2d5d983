/**
 * Drafts of the captación forms (DESIGN section 5: long forms lose nothing). The values are
 * kept in the person's local database (`_local`, never synced) about half a second after each
 * change, immediately when the page is hidden or the form left, and cleared on save or Cancelar.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from '../../../lib/db';
import type { CaptacionForm } from '../../../../../couch-design/captacion';

export const DRAFT_DEBOUNCE_MS = 500;
export const NEW_DRAFT_KEY = 'captacion-nueva';
export const editDraftKey = (id: string): string => `captacion-editar-${id}`;

export interface CaptacionDraft {
  values: CaptacionForm;
  /** The revision the edit started from (edit drafts only). */
  baseRev?: string;
  savedAt: string;
}

function isDraft(v: unknown): v is CaptacionDraft {
  return typeof v === 'object' && v !== null && typeof (v as CaptacionDraft).values === 'object' && (v as CaptacionDraft).values !== null;
}

/** Reads the draft once; a device without a local database simply has none. */
export async function readDraft(key: string): Promise<CaptacionDraft | null> {
  try {
    const v = await loadDraft<unknown>(key);
    return isDraft(v) ? v : null;
  } catch {
    return null;
  }
}

export interface DraftAutosave {
  /** Keeps `values` after the debounce. */
  schedule(values: CaptacionForm): void;
  /** Writes a scheduled draft now. */
  flush(): void;
  /** Forgets the draft for good (save, Cancelar); later schedules are ignored. */
  discard(): Promise<void>;
  /** The values match the stored record again: the draft is no longer needed. */
  drop(): void;
  /** When the last draft reached the device's storage (null: none kept now). */
  savedAt: Date | null;
}

export function useDraftAutosave(key: string, baseRev?: string): DraftAutosave {
  const pending = useRef<CaptacionForm | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);
  const stored = useRef(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const write = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const values = pending.current;
    pending.current = null;
    if (!values || stopped.current) return;
    stored.current = true;
    const draft: CaptacionDraft = { values, savedAt: new Date().toISOString() };
    if (baseRev) draft.baseRev = baseRev;
    saveDraft(key, draft).then(
      () => {
        if (!stopped.current) setSavedAt(new Date());
      },
      (err: unknown) => console.error('No se pudo guardar el borrador.', err),
    );
  }, [key, baseRev]);

  const schedule = useCallback(
    (values: CaptacionForm) => {
      if (stopped.current) return;
      pending.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(write, DRAFT_DEBOUNCE_MS);
    },
    [write],
  );

  const discard = useCallback(async () => {
    stopped.current = true;
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await clearDraft(key).catch(() => undefined);
    setSavedAt(null);
  }, [key]);

  const drop = useCallback(() => {
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!stored.current) return;
    stored.current = false;
    setSavedAt(null);
    clearDraft(key).catch(() => undefined);
  }, [key]);

  useEffect(() => {
    // A closed tab or a tablet going to sleep: write now rather than after the debounce.
    const onHide = () => write();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') write();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      write();
    };
  }, [write]);

  return useMemo(() => ({ schedule, flush: write, discard, drop, savedAt }), [schedule, write, discard, drop, savedAt]);
}

/** Loads the draft for `key` before the form mounts ('Cargando...' meanwhile). */
export function useInitialDraft(key: string | null): { loading: boolean; draft: CaptacionDraft | null } {
  const [state, setState] = useState<{ key: string | null; draft: CaptacionDraft | null; loading: boolean }>({ key, draft: null, loading: true });
  useEffect(() => {
    let live = true;
    if (key === null) return undefined;
    setState({ key, draft: null, loading: true });
    void readDraft(key).then((draft) => {
      if (live) setState({ key, draft, loading: false });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { loading: state.loading || state.key !== key, draft: state.draft };
}
