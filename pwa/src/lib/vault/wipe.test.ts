// @vitest-environment happy-dom
/**
 * A different person signs in on a shared tablet: what stays of the others and what goes
 * (docs/architecture.md, "Tabletas compartidas").
 */
import '../../testing/local-data';
import { afterEach, describe, expect, it } from 'vitest';
import { dbFor, destroyLocalDbs } from '../db/registry';
import { lastUses, noteUse } from '../sync/last-use';
import { writePushSeq } from '../sync/meta';
import { lastPins, rememberPins } from '../sync/set-pins';
import { recordUnlock } from './offline-limits';
import { hasVault } from './vault';
import { writeVault, type VaultRecord } from './vault-store';
import { wipeOthers } from './wipe';

const DAY = 86_400_000;
const NOW = Date.now();
const PEOPLE = ['u-ana', 'u-beto', 'u-carla', 'u-dario'];
const record = (): VaultRecord => ({ v: 1, sal: 's', iteraciones: 1, envuelta: 'e', fallos: 0, esperaHasta: 0, graciaDias: 7, borradoDias: 30 });

/** A person with one captación here, sent already (`sent`) or never sent. */
async function personWithData(userId: string, sent: boolean): Promise<void> {
  writeVault(userId, record());
  const db = dbFor(userId, 'captaciones');
  await db.put({ _id: `c-${userId}`, propietario: { nombre: 'Eduviges' } });
  if (sent) await writePushSeq(db, Number((await db.info()).update_seq));
}

afterEach(async () => {
  localStorage.clear();
  for (const id of PEOPLE) await destroyLocalDbs(id);
});

describe('a different person signs in on a shared tablet', () => {
  it('keeps whoever opened their data here within their grace period or has changes never sent, and wipes the rest', async () => {
    await personWithData('u-beto', true);
    recordUnlock('u-beto', NOW - 2 * DAY);
    await personWithData('u-carla', true);
    recordUnlock('u-carla', NOW - 8 * DAY);
    await personWithData('u-dario', false);
    recordUnlock('u-dario', NOW - 8 * DAY);
    writeVault('u-ana', record());

    await wipeOthers('u-ana', NOW);

    expect(PEOPLE.map((id) => [id, hasVault(id)])).toEqual([
      ['u-ana', true],
      ['u-beto', true],
      ['u-carla', false],
      ['u-dario', true],
    ]);
    expect((await dbFor('u-beto', 'captaciones').allDocs()).rows.map((r) => r.id)).toEqual(['c-u-beto']);
    expect((await dbFor('u-carla', 'captaciones').allDocs()).rows).toEqual([]);
  });

  it('wipes a person who never opened their data here once nothing of theirs waits to be sent', async () => {
    await personWithData('u-beto', true);
    noteUse('u-beto', 'c-u-beto');
    rememberPins('u-beto', '/api/set', ['c-u-beto']);
    await wipeOthers('u-ana', NOW);
    expect(hasVault('u-beto')).toBe(false);
    // Nor what the app kept beside their data: when each record was used, what they pinned.
    expect(lastUses('u-beto').size).toBe(0);
    expect(lastPins('u-beto', '/api/set')).toBeNull();
  });
});
