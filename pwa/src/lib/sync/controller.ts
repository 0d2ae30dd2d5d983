/**
 * Who syncs: one engine for the signed-in person, started and paused by the session
 * (through the top bar's SyncIndicator), a sign-out guard that never drops unsynced changes
 * silently, and the wipe of the person's databases once the sign-out went through.
 */
import { onSignedOut, registerSignOutGuard, type AuthUser } from '../session';
import { keepListIndexes } from '../db/list-index';
import { setActiveUser } from '../db/registry';
import { wipePersonData } from '../vault/wipe';
import { askSignOutWithPending } from './confirm';
import { SyncEngine, type SyncEngineOptions } from './engine';
import { lastSyncKey } from './meta';
import { syncStateStore } from './state';

let engine: SyncEngine | null = null;
let engineOptions: Omit<SyncEngineOptions, 'userId'> = {};
/** Stops following the person's records into the lists' kept indexes. */
let stopIndexes: (() => void) | null = null;

export function currentEngine(): SyncEngine | null {
  return engine;
}

/** A captación was opened or pinned online: the device set may have moved (issue 34). */
export function checkDeviceSet(): void {
  engine?.checkSet();
}

/** Tests point the engine at a gateway with a cookie-carrying fetch. */
export function configureSync(options: Omit<SyncEngineOptions, 'userId'>): void {
  engineOptions = options;
}

/** The person is signed in (fresh or from the cached user): sync their databases. */
export function startSyncFor(user: Pick<AuthUser, 'id'>): SyncEngine {
  setActiveUser(user.id);
  if (engine?.userId === user.id) {
    engine.resume();
    return engine;
  }
  const previous = engine;
  engine = new SyncEngine({ ...engineOptions, userId: user.id });
  // What sync brings is indexed in the background, so the list opens without reading it all.
  stopIndexes?.();
  stopIndexes = keepListIndexes(user.id);
  const next = engine;
  void (previous ? previous.stop() : Promise.resolve()).then(() => {
    if (engine !== next) return;
    (engineOptions.store ?? syncStateStore).reset();
    next.start();
  });
  return next;
}

/** The session ended without a sign-out (expired, another tab): stop, keep the data. */
export async function pauseSync(): Promise<void> {
  const current = engine;
  engine = null;
  stopIndexes?.();
  stopIndexes = null;
  await current?.stop();
  (engineOptions.store ?? syncStateStore).reset();
}

/**
 * Before sign-out: with unsynced changes try one push when online, then ask. Rejected changes
 * kept on the device are lost with the sign-out too, so they are asked about as well. Resolves
 * false to cancel the sign-out.
 */
export async function signOutGuard(ask: (pending: number, rejected: number) => Promise<boolean> = askSignOutWithPending): Promise<boolean> {
  const current = engine;
  if (!current) return true;
  let pending = await current.pendingCount();
  if (pending > 0 && current.canReachServer()) {
    await current.flush();
    pending = await current.pendingCount();
  }
  const rejected = await current.rejectedCount();
  if (pending === 0 && rejected === 0) return true;
  return ask(pending, rejected);
}

/** The person left (sign-out, revoked, wiped): their sync stops before their data goes. */
async function stopSyncOf(user: Pick<AuthUser, 'id'> | null): Promise<string | undefined> {
  const userId = user?.id ?? engine?.userId;
  if (engine && (!userId || engine.userId === userId)) await pauseSync();
  setActiveUser(null);
  return userId;
}

/** After sign-out: on a shared tablet nothing of that person stays behind (the session wipes, lib/vault/wipe.ts). */
export async function destroyUserData(user: Pick<AuthUser, 'id'> | null): Promise<void> {
  const userId = await stopSyncOf(user);
  if (!userId) return;
  await wipePersonData(userId);
  engineOptions.keyValue?.remove(lastSyncKey(userId));
}

let installed = false;

/** Registers the guard and the sign-out cleanup once per page. */
export function installSyncLifecycle(): void {
  if (installed) return;
  installed = true;
  registerSignOutGuard(() => signOutGuard());
  // The session wipes the person's data itself once this has stopped their sync.
  onSignedOut((user) => stopSyncOf(user).then(() => undefined));
}
