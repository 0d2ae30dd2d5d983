/**
 * The adviser's name (spec 001 section 3.1: an object with a name, or an id resolved through
 * GET /api/users/{id}). The signed-in person is known without asking; other ids are asked when
 * online, and every name learnt is kept on the device (a device note, lib/db) with the
 * captaciones it names: offline, the detail and the device's PDF still say who the adviser is
 * (issue 36). The captaciones list learns, once the page is idle, the names of every adviser of
 * the captaciones on the device, and again when the device receives more (a device set grows
 * while the list is open: a pin, a reassignment). 'No asignado' stands only for an id never resolved.
 */
import { useEffect, useState } from 'react';
import { adviserName, NO_ASIGNADO } from '../../../../couch-design/captacion/rules';
import type { UserNameParts } from '../../../../couch-design/captacion/types';
import { CAPTACION } from '../../../../couch-design/captacion/entity';
import { CAPTACIONES_LIST_INDEX } from '../../../../couch-design/captacion/list-index';
import { readDeviceNote, readListIndex, writeDeviceNote } from '../../lib/db';
import { whenIdle } from '../../lib/idle';
import type { AuthUser } from '../../lib/session';
// The module itself: the resources barrel brings the payroll schema (and Yup) to the list.
import { usuariosResourceBreve as advisers } from '../../lib/resources/usuarios';

const NOTE = 'asesores';
/** Names asked at once by `rememberAdvisers`, and at most per visit of the list. */
const ASK_AT_ONCE = 4;
const ASK_PER_VISIT = 200;

type Names = Record<string, UserNameParts>;

const known = new Map<string, UserNameParts | null>();
const asking = new Map<string, Promise<UserNameParts | null>>();
/** Ids the gateway answered without a name in this page load: `rememberAdvisers` does not ask again. */
const unnamed = new Set<string>();
let loaded: { who: string; done: Promise<void> } | null = null;
let saving: Promise<void> = Promise.resolve();

/** Only the name: nothing else of the person is kept. */
function nameOnly(u: UserNameParts): UserNameParts {
  const out: UserNameParts = {};
  for (const k of ['prim_nom', 'segun_nom', 'apell_pa', 'apell_ma', 'name', 'nombre'] as const) if (typeof u[k] === 'string' && u[k]) out[k] = u[k];
  return out;
}

/** The names this device kept for the person, read once per page load and person (again after a failed read). */
function loadKept(me: AuthUser | null): Promise<void> {
  const who = me?.id ?? '';
  if (loaded?.who === who) return loaded.done;
  const done = readDeviceNote<Names>(NOTE).then(
    (names) => {
      for (const [id, parts] of Object.entries(names ?? {})) if (!known.get(id)) known.set(id, parts);
    },
    (err: unknown) => {
      loaded = null;
      console.warn('No se pudieron leer los nombres de los asesores guardados.', err);
    },
  );
  loaded = { who, done };
  return done;
}

function keep(): void {
  const names: Names = {};
  for (const [id, parts] of known) if (parts) names[id] = nameOnly(parts);
  saving = saving
    .then(() => writeDeviceNote(NOTE, names))
    .catch((err: unknown) => console.warn('No se pudieron guardar los nombres de los asesores.', err));
}

async function fetchUser(id: string, remember = true): Promise<UserNameParts | null> {
  if (known.get(id)) return known.get(id) ?? null;
  let pending = asking.get(id);
  if (!pending) {
    pending = advisers
      .get(id)
      .catch(() => null)
      .then((user) => {
        // A refusal or a network failure is not cached: online later, the name may come.
        if (user) {
          known.set(id, nameOnly(user));
          unnamed.delete(id);
          if (remember) keep();
        } else {
          unnamed.add(id);
        }
        asking.delete(id);
        return user;
      });
    asking.set(id, pending);
  }
  return pending;
}

/** What can be said without the network (and before the kept names are read). */
export function localAdviserName(asesor: unknown, me: AuthUser | null): string {
  if (typeof asesor === 'string' && me && asesor === me.id) return me.nombre || me.email || NO_ASIGNADO;
  const cached = typeof asesor === 'string' ? known.get(asesor) : undefined;
  return adviserName(asesor, cached ? { [asesor as string]: cached } : undefined);
}

export async function resolveAdviserName(asesor: unknown, me: AuthUser | null): Promise<string> {
  await loadKept(me);
  const local = localAdviserName(asesor, me);
  if (local !== NO_ASIGNADO || typeof asesor !== 'string' || asesor.trim() === '') return local;
  const user = await fetchUser(asesor.trim());
  return user ? adviserName(asesor, { [asesor]: user }) : NO_ASIGNADO;
}

/**
 * Learns the names of the advisers of the captaciones on the device that it does not know yet,
 * a few requests at a time; offline it asks nothing. Kept in one write at the end.
 */
export async function rememberAdvisers(me: AuthUser | null): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return;
  await loadKept(me);
  const ids = new Set<string>();
  for (const entry of (await readListIndex(CAPTACION.database, CAPTACIONES_LIST_INDEX)).entries.values()) {
    const id = entry.asesor.trim();
    if (id && id !== me?.id && !known.get(id) && !unnamed.has(id)) ids.add(id);
    if (ids.size >= ASK_PER_VISIT) break;
  }
  const queue = [...ids];
  let learnt = false;
  const worker = async () => {
    for (let id = queue.shift(); id; id = queue.shift()) if (await fetchUser(id, false)) learnt = true;
  };
  await Promise.all(Array.from({ length: Math.min(ASK_AT_ONCE, queue.length) }, worker));
  if (learnt) keep();
  await saving;
}

/**
 * rememberAdvisers once the list is drawn and idle, and after each change the device receives
 * (`watch`), at most one waiting at a time: a long pull learns as it goes, not once per record.
 */
export function useLearnAdvisers(me: AuthUser | null, watch: ((onChange: () => void) => () => void) | null): void {
  useEffect(() => {
    let pending: (() => void) | null = null;
    const learn = () => {
      pending ??= whenIdle(
        () => {
          pending = null;
          void rememberAdvisers(me).catch((err: unknown) => console.warn('No se pudieron conocer los asesores.', err));
        },
        { delayMs: 3_000, maxWaitMs: 10_000 },
      );
    };
    learn();
    const stop = watch?.(learn);
    return () => {
      stop?.();
      pending?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `me?.id` stands for `me`
  }, [me?.id, watch]);
}

export function useAdviserName(asesor: unknown, me: AuthUser | null): string {
  const [name, setName] = useState(() => localAdviserName(asesor, me));
  const key = typeof asesor === 'string' ? asesor : JSON.stringify(asesor ?? null);
  useEffect(() => {
    let live = true;
    setName(localAdviserName(asesor, me));
    void resolveAdviserName(asesor, me).then((n) => {
      if (live) setName(n);
    });
    return () => {
      live = false;
    };
    // Keyed on the value, not the object identity: a re-render with an equal adviser asks nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` and `me?.id` stand for `asesor` and `me`
  }, [key, me?.id]);
  return name;
}
