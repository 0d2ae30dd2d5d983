/**
 * The sync reaches the gateway (issue 31 item 3): its welcome tells the device the operator's
 * offline limits, and every answer of the gateway starts the person's offline clock again, so a
 * tablet that syncs live for days never locks as if it had been away.
 */
import '../../testing/local-data';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { engineSuite, gatewayForFile } from '../../testing/engine-suite';
import { eventually, FakeNetwork, FakeTab } from '../../testing/local-data';
import { setActiveUser } from '../db/registry';
import { offlineState } from '../vault/offline-limits';
import { readVault, writeVault, type VaultRecord } from '../vault/vault-store';
import { GatewayContact } from './contact';
import { SyncEngine } from './engine';
import { SyncStateStore } from './state';

const DAY = 86_400_000;
const gateway = gatewayForFile({ offlineGraceDays: 3, offlineWipeDays: 12 });
const { engines } = engineSuite();
const record = (extra: Partial<VaultRecord> = {}): VaultRecord => ({ v: 1, sal: 's', iteraciones: 1, envuelta: 'e', fallos: 0, esperaHasta: 0, ...extra });

afterEach(() => vi.useRealTimers());

describe('a sync', () => {
  it('takes the operator’s offline limits from the gateway’s welcome and starts the offline clock again', async () => {
    const u = await gateway().createUser();
    const client = await gateway().client().signIn(u.email, u.password);
    // Last heard from the gateway 5 days ago, with the default 7 days of grace.
    writeVault(u.id, record({ contacto: Date.now() - 5 * DAY }));
    setActiveUser(u.id);
    const store = new SyncStateStore();
    const engine = new SyncEngine({ userId: u.id, origin: gateway().url, fetch: new FakeTab(client.cookie, new FakeNetwork(true)).fetch, store });
    engines.push(engine);
    engine.start();
    await eventually(() => store.get().status === 'up-to-date', 'al día');
    const r = readVault(u.id);
    expect(r).toMatchObject({ graciaDias: 3, borradoDias: 12 });
    expect(Date.now() - Number(r?.contacto)).toBeLessThan(60_000);
    expect(offlineState(u.id, Date.now() + 3 * DAY + 60_000)).toBe('grace-over');
    expect(offlineState(u.id, Date.now() + 12 * DAY + 60_000)).toBe('wipe');
  });
});

describe('the sync’s answers', () => {
  it('count as contact at most once a minute, and only when the gateway answered without an error', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
    writeVault('ana', record());
    const contact = new GatewayContact('ana');
    let status = 200;
    const fetch = contact.watch(async () => new Response('{}', { status }));
    contact.welcomed({ gracia_dias: 4 });
    const first = Date.now();
    vi.advanceTimersByTime(30_000);
    await fetch('/db/captaciones/_changes');
    expect(readVault('ana')?.contacto).toBe(first);
    vi.advanceTimersByTime(31_000);
    status = 401;
    await fetch('/db/captaciones/_changes');
    expect(readVault('ana')?.contacto).toBe(first);
    status = 200;
    await fetch('/db/captaciones/_changes');
    expect(readVault('ana')).toMatchObject({ contacto: Date.now(), graciaDias: 4 });
  });
});
