/**
 * The observable sync state: a tiny store outside React (the engine runs without it), the
 * `useSyncState()` hook the top bar reads and `useSyncOffline()` for screens that only follow
 * the connection.
 */
import { useSyncExternalStore } from 'react';
import type { SyncedDbName } from '../db/databases';
import type { DeviceHolding } from './device-budget';
import { pendingText, rejectedCountText, TEXT_ERROR, TEXT_EXPIRED, TEXT_OFFLINE, TEXT_SYNCING, TEXT_UP_TO_DATE } from './texts';

export type SyncStatus =
  /** No one signed in, or sync not started yet. */
  | 'idle'
  /** The browser is offline or the gateway cannot be reached. */
  | 'offline'
  | 'syncing'
  | 'up-to-date'
  /** Online and idle, but local changes are not on the server (e.g. between a write and its push). */
  | 'pending'
  /**
   * The gateway answered but the sync failed (a server error, a revision it listed and did not
   * hand over): never shown as a lost connection; retried with growing waits (`retryAt`).
   */
  | 'error'
  /** The gateway answered 401: sync paused until the same person signs in again. */
  | 'expired';

export interface SyncState {
  status: SyncStatus;
  /** Local changes the server has not acknowledged yet (a photo counts once). */
  pending: number;
  /** Of those, the records of databases whose attachments replicate (property photos, issue 22), and the bytes of their files. */
  pendingAttached: number;
  pendingBytes: number;
  /** What waits, database by database, as the person counts it (each database's names say what). */
  waiting: readonly WaitingIn[];
  /** Epoch ms of the last moment everything was pushed and pulled. */
  lastSyncedAt: number | null;
  /** Spanish detail for the popover (error reason, refused changes). */
  detail: string | null;
  /** Epoch ms of the next automatic attempt after a failure, or null. */
  retryAt: number | null;
  /** Changes the server refused for good, kept on the device until the person dismisses them. */
  rejected: number;
  /** What the person's data takes on this device and the operator's budget for it (issue 34 item 3), once measured. */
  holding: DeviceHolding | null;
}

/** The pending changes of one pushed database: items as the person counts them, and the bytes of their attachments. */
export interface WaitingIn {
  name: SyncedDbName;
  items: number;
  bytes: number;
}

export const INITIAL_SYNC_STATE: SyncState = { status: 'idle', pending: 0, pendingAttached: 0, pendingBytes: 0, waiting: [], lastSyncedAt: null, detail: null, retryAt: null, rejected: 0, holding: null };

export class SyncStateStore {
  private state: SyncState = INITIAL_SYNC_STATE;
  private readonly listeners = new Set<(s: SyncState) => void>();

  get = (): SyncState => this.state;

  subscribe = (listener: (s: SyncState) => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  set(patch: Partial<SyncState>): void {
    const next = { ...this.state, ...patch };
    // `waiting` is a new list on every count: the same counts are the same state.
    const same = (Object.keys(next) as Array<keyof SyncState>).every((k) => next[k] === this.state[k] || (k === 'waiting' && JSON.stringify(next[k]) === JSON.stringify(this.state[k])));
    if (same) return;
    this.state = next;
    for (const l of [...this.listeners]) l(next);
  }

  reset(): void {
    this.set(INITIAL_SYNC_STATE);
  }
}

/** The store of the running app; tests create their own. */
export const syncStateStore = new SyncStateStore();

export function useSyncState(store: SyncStateStore = syncStateStore): SyncState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

const isOffline = (s: SyncState): boolean => s.status === 'offline';

/**
 * Whether the sync finds the device offline. A screen that only needs that redraws when it flips,
 * not on every count, status or sync time the live sync publishes (each pulled change moves the
 * last sync time): a store update redraws its readers at once, without yielding, and a list
 * redrawn for each change blocks a phone's main thread (issue 36 item 5).
 */
export function useSyncOffline(store: SyncStateStore = syncStateStore): boolean {
  const offline = () => isOffline(store.get());
  return useSyncExternalStore(store.subscribe, offline, offline);
}

/** The one line shown in the top bar: the state, then the rejected changes waiting, if any. */
export function syncStateText(s: SyncState): string {
  const state = stateText(s);
  if (s.rejected <= 0 || s.status === 'idle' || !state) return state;
  return `${state} · ${rejectedCountText(s.rejected)}`;
}

function stateText(s: SyncState): string {
  switch (s.status) {
    case 'offline':
      return s.pending > 0 ? `${TEXT_OFFLINE} · ${pendingText(s.pending)}` : TEXT_OFFLINE;
    case 'syncing':
      return TEXT_SYNCING;
    case 'up-to-date':
      return TEXT_UP_TO_DATE;
    case 'pending':
      return pendingText(s.pending);
    case 'error':
      return s.pending > 0 ? `${TEXT_ERROR} · ${pendingText(s.pending)}` : TEXT_ERROR;
    case 'expired':
      return TEXT_EXPIRED;
    default:
      return '';
  }
}
