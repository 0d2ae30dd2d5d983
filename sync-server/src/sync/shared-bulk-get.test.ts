/** Devices of a whole-database reader asking for the same revisions at once share one store read. */
import { expect, it } from 'vitest';
import type { BulkGetRequest } from '../store/port';
import { countedDbForFile } from '../testing/per-file';
import { sharedBulkGetJson } from './shared-bulk-get';

const captaciones = countedDbForFile('captaciones', 'bulkGetJson');

it('answers identical asks made at the same moment with one read, and reads again afterwards', async () => {
  const [saved] = await captaciones.db.bulkDocs([{ _id: 'compartida', type: 'captacion' }]);
  const asked: BulkGetRequest[] = [{ id: 'compartida', rev: 'rev' in saved ? saved.rev : undefined }];
  const before = captaciones.calls();
  const answers = await Promise.all([1, 2, 3].map(() => sharedBulkGetJson(captaciones.counting, asked, { revs: true })));
  expect(captaciones.calls() - before).toBe(1);
  expect(answers.map((b) => b.toString())).toEqual(Array(3).fill((await captaciones.db.bulkGetJson(asked, { revs: true })).toString()));
  // Another ask for other revisions is its own read; so is the same one once the first has ended.
  await Promise.all([sharedBulkGetJson(captaciones.counting, asked, { revs: true }), sharedBulkGetJson(captaciones.counting, asked, { revs: false })]);
  expect(captaciones.calls() - before).toBe(3);
});
