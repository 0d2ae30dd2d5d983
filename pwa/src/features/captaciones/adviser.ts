/**
 * The adviser's name (spec 001 section 3.1: an object with a name, or an id resolved through
 * GET /api/users/{id}). The signed-in person is known without asking; other ids are asked once
 * per page load when online, and 'No asignado' stands otherwise.
 */
import { useEffect, useState } from 'react';
import { adviserName, NO_ASIGNADO } from '../../../../couch-design/captacion/rules';
import type { UserNameParts } from '../../../../couch-design/captacion/types';
import type { AuthUser } from '../../lib/session';
// The module itself: the resources barrel brings the payroll schema (and Yup) to the list.
import { usuariosResourceBreve as advisers } from '../../lib/resources/usuarios';

const known = new Map<string, UserNameParts | null>();
const asking = new Map<string, Promise<UserNameParts | null>>();

async function fetchUser(id: string): Promise<UserNameParts | null> {
  if (known.has(id)) return known.get(id) ?? null;
  let pending = asking.get(id);
  if (!pending) {
    pending = advisers
      .get(id)
      .catch(() => null)
      .then((user) => {
        // A refusal or a network failure is not cached: online later, the name may come.
        if (user) known.set(id, user);
        asking.delete(id);
        return user;
      });
    asking.set(id, pending);
  }
  return pending;
}

/** What can be said without the network. */
export function localAdviserName(asesor: unknown, me: AuthUser | null): string {
  if (typeof asesor === 'string' && me && asesor === me.id) return me.nombre || me.email || NO_ASIGNADO;
  const cached = typeof asesor === 'string' ? known.get(asesor) : undefined;
  return adviserName(asesor, cached ? { [asesor as string]: cached } : undefined);
}

export async function resolveAdviserName(asesor: unknown, me: AuthUser | null): Promise<string> {
  const local = localAdviserName(asesor, me);
  if (local !== NO_ASIGNADO || typeof asesor !== 'string' || asesor.trim() === '') return local;
  const user = await fetchUser(asesor.trim());
  return user ? adviserName(asesor, { [asesor]: user }) : NO_ASIGNADO;
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
