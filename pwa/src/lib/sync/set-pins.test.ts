import { describe, expect, it } from 'vitest';
import { lastPins, rememberPin, rememberPins, subscribePins } from './set-pins';
import type { KeyValueStore } from './meta';

/** What a device keeps of the person's pins for offline (issue 34): per person and set, until wiped. */
function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, get: (k) => data.get(k) ?? null, set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

describe('the last known pins', () => {
  it('are unknown until the gateway answered, then kept per person and set, one switch at a time', () => {
    const kv = memoryStore();
    expect(lastPins('ana', '/api/x', kv)).toBeNull();
    let heard = 0;
    const stop = subscribePins(() => heard++);
    rememberPins('ana', '/api/x', ['b', 'a'], kv);
    expect([...(lastPins('ana', '/api/x', kv) ?? [])]).toEqual(['a', 'b']);
    // The same set while nothing changed: a screen reading it draws once.
    expect(lastPins('ana', '/api/x', kv)).toBe(lastPins('ana', '/api/x', kv));
    expect(lastPins('bea', '/api/x', kv)).toBeNull();
    rememberPin('ana', '/api/x', 'a', false, kv);
    rememberPin('ana', '/api/x', 'c', true, kv);
    expect([...(lastPins('ana', '/api/x', kv) ?? [])].sort()).toEqual(['b', 'c']);
    // The same answer again is no news.
    rememberPins('ana', '/api/x', ['c', 'b'], kv);
    expect(heard).toBe(3);
    stop();
    // Only ids, under the person's key, which a wipe removes.
    expect([...kv.data.keys()]).toEqual(['inmo_sync_ana_fijadas']);
    kv.remove('inmo_sync_ana_fijadas');
    expect(lastPins('ana', '/api/x', kv)).toBeNull();
  });
});
