/**
 * Drafts of long forms (docs/architecture.md section 5: long forms lose nothing). The values are kept in the
 * person's local database (`_local`, never synced) about half a second after each change,
 * immediately when the page is hidden or the form left, before a lock takes the person's key, and
 * cleared on save or Cancelar.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { clearDraft, loadDraft, saveDraft } from '../../lib/db';
import { registerLockSaver } from '../../lib/session';

export const DRAFT_DEBOUNCE_MS = 500;

export interface Draft<T> {
  values: T;
  /** The revision the edit started from (edit drafts only). */
  baseRev?: string;
  savedAt: string;
}

function isDraft<T>(v: unknown): v is Draft<T> {
  return typeof v === 'object' && v !== null && typeof (v as Draft<T>).values === 'object' && (v as Draft<T>).values !== null;
}

/** Reads the draft once; a device without a local database simply has none. */
export async function readDraft<T>(key: string): Promise<Draft<T> | null> {
  try {
    const v = await loadDraft<unknown>(key);
    return isDraft<T>(v) ? v : null;
  } catch {
    return null;
  }
}

/** What a draft can keep of the values: a chosen file (a photo) is not kept, it is chosen again. */
function keepable<T>(values: T): T {
  return JSON.parse(JSON.stringify(values, (_key, v: unknown) => (typeof Blob !== 'undefined' && v instanceof Blob ? null : v))) as T;
}

/**
 * The form over a gateway record (REST: a user, an employee) as it opens: the record's values,
 * with the draft over them when it was made on the record's current revision (a draft of an
 * older one would undo someone else's change, so it is not restored).
 */
export function editFormDraft<T extends object>(key: string, stored: Draft<T> | null, rev: string | undefined, fromRecord: T): { initialValues: T; draft: { key: string; baseRev?: string; restored: boolean } } {
  const usable = stored && (!stored.baseRev || !rev || stored.baseRev === rev) ? stored : null;
  return { initialValues: usable ? { ...fromRecord, ...usable.values } : fromRecord, draft: { key, baseRev: rev, restored: !!usable } };
}

export interface DraftAutosave<T> {
  /** Keeps `values` after the debounce. */
  schedule(values: T): void;
  /** Writes a scheduled draft now. */
  flush(): void;
  /** Forgets the draft for good (save, Cancelar); later schedules are ignored. */
  discard(): Promise<void>;
  /** The values match the stored record again: the draft is no longer needed. */
  drop(): void;
  /** When the last draft reached the device's storage (null: none kept now). */
  savedAt: Date | null;
}

/** `key` null: a form without drafts (every call does nothing). */
export function useDraftAutosave<T>(key: string | null, baseRev?: string): DraftAutosave<T> {
  const pending = useRef<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);
  const stored = useRef(false);
  const [savedAt, setSavedAt] = useState<Date | null>(null);

  const cancelTimer = useCallback(() => {
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const write = useCallback((): Promise<void> => {
    const values = pending.current;
    cancelTimer();
    if (values === null || stopped.current || key === null) return Promise.resolve();
    stored.current = true;
    const draft: Draft<T> = { values: keepable(values), savedAt: new Date().toISOString() };
    if (baseRev) draft.baseRev = baseRev;
    return saveDraft(key, draft).then(
      () => {
        if (!stopped.current) setSavedAt(new Date());
      },
      (err: unknown) => console.error('No se pudo guardar el borrador.', err),
    );
  }, [key, baseRev, cancelTimer]);

  // A lock (idle time) takes the key away: what waits for the debounce is sealed first.
  useEffect(() => registerLockSaver(write), [write]);

  const schedule = useCallback(
    (values: T) => {
      if (stopped.current || key === null) return;
      pending.current = values;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(write, DRAFT_DEBOUNCE_MS);
    },
    [key, write],
  );

  const discard = useCallback(async () => {
    stopped.current = true;
    cancelTimer();
    if (key !== null) await clearDraft(key).catch(() => undefined);
    setSavedAt(null);
  }, [key, cancelTimer]);

  const drop = useCallback(() => {
    cancelTimer();
    if (!stored.current || key === null) return;
    stored.current = false;
    setSavedAt(null);
    clearDraft(key).catch(() => undefined);
  }, [key, cancelTimer]);

  useEffect(() => {
    // A closed tab or a tablet going to sleep: write now rather than after the debounce.
    const onHide = () => void write();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') void write();
    };
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onVisibility);
      void write();
    };
  }, [write]);

  return useMemo(() => ({ schedule, flush: write, discard, drop, savedAt }), [schedule, write, discard, drop, savedAt]);
}

/** Loads the draft for `key` before the form mounts ('Cargando...' meanwhile). */
export function useInitialDraft<T>(key: string | null): { loading: boolean; draft: Draft<T> | null } {
  const [state, setState] = useState<{ key: string | null; draft: Draft<T> | null; loading: boolean }>({ key, draft: null, loading: true });
  useEffect(() => {
    let live = true;
    if (key === null) return undefined;
    setState({ key, draft: null, loading: true });
    void readDraft<T>(key).then((draft) => {
      if (live) setState({ key, draft, loading: false });
    });
    return () => {
      live = false;
    };
  }, [key]);
  return { loading: state.loading || state.key !== key, draft: state.draft };
}
