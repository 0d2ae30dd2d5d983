/**
 * Devices waiting for news from the same sequence share one store longpoll: each gets the
 * change, one leaving does not end the others' wait, and the store call ends with the last.
 */
import { expect, it } from 'vitest';
import { eventually } from '../testing/eventually';
import { countedDbForFile } from '../testing/per-file';
import { openSharedChanges, sharedChanges, sharedWaitInFlight } from './shared-changes';

const captaciones = countedDbForFile('captaciones', 'changes');

it('serves every device waiting from one sequence with one store longpoll', async () => {
  const { update_seq: since } = await captaciones.db.info();
  const before = captaciones.calls();
  const ask = (signal: AbortSignal) => sharedChanges(captaciones.counting, { since, feed: 'longpoll', timeout: 20_000, style: 'all_docs', limit: 200, signal });
  const gone = new AbortController();
  const waits = [ask(new AbortController().signal), ask(gone.signal), ask(new AbortController().signal)];
  expect(sharedWaitInFlight(captaciones.counting, { since, feed: 'longpoll', style: 'all_docs', limit: 200 })).toBe(true);
  // One device goes away: its answer is empty at once, and the others keep waiting.
  gone.abort();
  expect(await waits[1]).toEqual({ results: [], last_seq: since });
  await captaciones.db.bulkDocs([{ _id: 'nueva', type: 'captacion' }]);
  const [a, , c] = await Promise.all(waits);
  expect(a.results.map((r) => r.id)).toEqual(['nueva']);
  expect(c).toEqual(a);
  expect(captaciones.calls() - before).toBe(1);
  await eventually(() => openSharedChanges() === 0, 'la llamada compartida termina');
});

it('ends the store longpoll when the last device waiting on it goes', async () => {
  const { update_seq: since } = await captaciones.db.info();
  const devices = [new AbortController(), new AbortController()];
  const waits = devices.map((d) => sharedChanges(captaciones.counting, { since, feed: 'longpoll', timeout: 60_000, signal: d.signal }));
  expect(openSharedChanges()).toBe(1);
  devices.forEach((d) => d.abort());
  expect(await Promise.all(waits)).toEqual([{ results: [], last_seq: since }, { results: [], last_seq: since }]);
  await eventually(() => openSharedChanges() === 0, 'la llamada compartida termina');
});

it('keeps each device’s own deadline', async () => {
  const { update_seq: since } = await captaciones.db.info();
  const long = sharedChanges(captaciones.counting, { since, feed: 'longpoll', timeout: 60_000, signal: new AbortController().signal });
  const started = Date.now();
  expect(await sharedChanges(captaciones.counting, { since, feed: 'longpoll', timeout: 200, signal: new AbortController().signal })).toEqual({ results: [], last_seq: since });
  expect(Date.now() - started).toBeLessThan(5_000);
  await captaciones.db.bulkDocs([{ _id: 'otra', type: 'captacion' }]);
  expect((await long).results.map((r) => r.id)).toEqual(['otra']);
});
