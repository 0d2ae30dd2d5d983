/**
 * Who holds what in the scale bench: ADVISERS advisers (the first one, measured, holds `set`
 * captaciones; the others share the rest), SUPERVISORS supervisors advising SUPERVISED each, and
 * the photos (PHOTOS_PER thumbnails on one captación in PHOTO_EVERY). Owners are shuffled with a
 * fixed seed, so every person's captaciones are spread over the years of capture dates, as a
 * firm's are, and the plan is the same on every run of a size (a kept load is read back with it).
 */
import type { Account, AccountSpec } from '../load/accounts';

export const ADVISERS = 100;
export const SUPERVISORS = 5;
/** Captaciones each supervisor advises: the supervisor with 50 assigned. */
export const SUPERVISED = 50;
/** One captación in five has photos (20 %), two each. */
export const PHOTO_EVERY = 5;
export const PHOTOS_PER = 2;

export interface People {
  admin: Account;
  /** The first is the measured adviser. */
  advisers: Account[];
  supervisors: Account[];
}

export const capId = (i: number): string => `cap-${String(i).padStart(7, '0')}`;

export function specs(tag: string): { admin: AccountSpec; advisers: AccountSpec[]; supervisors: AccountSpec[] } {
  return {
    admin: { email: `admin.${tag}@ejemplo.mx`, role: 'administrator', prim_nom: 'Administración', apell_pa: 'De', apell_ma: 'Escala' },
    advisers: Array.from({ length: ADVISERS }, (_, k) => ({ email: `asesor${k}.${tag}@ejemplo.mx`, role: 'user', prim_nom: 'Asesor', apell_pa: 'De', apell_ma: `Campo${k}` })),
    supervisors: Array.from({ length: SUPERVISORS }, (_, k) => ({ email: `supervisor${k}.${tag}@ejemplo.mx`, role: 'supervisor de obra', prim_nom: 'Supervisora', apell_pa: 'De', apell_ma: `Obra${k}` })),
  };
}

/** A small seeded generator (mulberry32): the same shuffle on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Plan {
  /** Captaciones the supervisors advise, all of them. */
  static readonly reserved = SUPERVISORS * SUPERVISED;

  /** owner[i]: 0..ADVISERS-1 an adviser, ADVISERS.. a supervisor. */
  private readonly owner: Uint8Array;

  constructor(
    readonly total: number,
    readonly set: number,
  ) {
    const owner = new Uint8Array(total);
    let i = 0;
    for (; i < set; i++) owner[i] = 0;
    for (let s = 0; s < SUPERVISORS; s++) for (let k = 0; k < SUPERVISED; k++) owner[i++] = ADVISERS + s;
    for (let k = 0; i < total; i++, k++) owner[i] = 1 + (k % (ADVISERS - 1));
    const random = seeded(34);
    for (let j = total - 1; j > 0; j--) {
      const r = Math.floor(random() * (j + 1));
      [owner[j], owner[r]] = [owner[r], owner[j]];
    }
    this.owner = owner;
  }

  /** The indices of the captaciones adviser `k` (or supervisor `ADVISERS + s`) holds. */
  indicesOf(code: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.total; i++) if (this.owner[i] === code) out.push(i);
    return out;
  }

  adviserOf(i: number, people: People): Account {
    const code = this.owner[i];
    return code < ADVISERS ? people.advisers[code] : people.supervisors[code - ADVISERS];
  }

  /** Advisers photograph theirs; a supervisor's captaciones were assigned by an administrator, without photos. */
  hasPhotos(i: number): boolean {
    return this.owner[i] < ADVISERS && i % PHOTO_EVERY === 0;
  }

  /**
   * The captaciones a new tablet of `who` holds once it is ready: its person's device set
   * (docs/architecture.md «El conjunto del dispositivo»), which for a new tablet is what they
   * advise (nothing opened or pinned on it yet), i.e. the `set` of the measured adviser. The one
   * place to say so; the tablet's figures follow.
   */
  onDevice(who: Pick<Account, 'id'>, people: People): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.total; i++) if (this.adviserOf(i, people).id === who.id) out.push(i);
    return out;
  }
}
