/**
 * Reaching the gateway, as the sync does it: every answer the gateway gives the sync (all of
 * `/db` needs the session, so an answer that is not an error is an authenticated one) starts the
 * person's offline clock again (vault/offline-limits.ts, docs/architecture.md "Datos cifrados en
 * el dispositivo"). Without it, a tablet that syncs live for a week without a reload or a sign-in
 * would lock as if it had been away.
 */
import type { FetchFn } from '../db/pouch';
import { recordContact, type OfflineLimits } from '../vault/offline-limits';

/** The clock is written at most this often: a live pull answers every few seconds. */
const CONTACT_EVERY_MS = 60_000;

export class GatewayContact {
  private limits: OfflineLimits = {};
  private lastAt = 0;

  constructor(private readonly userId: string) {}

  /** The welcome of a sync cycle: its limits are the operator's current ones. */
  welcomed(limits: OfflineLimits): void {
    this.limits = limits;
    this.note(true);
  }

  /** `fetchFn`, noting each answer of the gateway that is not an error. */
  watch(fetchFn: FetchFn): FetchFn {
    return async (input, init) => {
      const res = await fetchFn(input, init);
      if (res.ok) this.note(false);
      return res;
    };
  }

  private note(now: boolean): void {
    const at = Date.now();
    if (!now && at - this.lastAt < CONTACT_EVERY_MS) return;
    this.lastAt = at;
    recordContact(this.userId, this.limits, at);
  }
}
