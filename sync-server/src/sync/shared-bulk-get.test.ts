/** Devices of a whole-database reader asking for the same revisions at once share one store read. */
import { beforeAll, expect, it } from 'vitest';
import type { BulkGetRequest, StoreDb } from '../store/port';
import { storeForFile } from '../testing/per-file';
import { countingCalls } from '../testing/store';
import { sharedBulkGetJson } from './shared-bulk-get';

const store = storeForFile();
let db: StoreDb;
let counted: ReturnType<typeof countingCalls>;

beforeAll(async () => {
  db = await store.db('captaciones');
  counted = countingCalls(db, 'bulkGetJson');
});

it('answers identical asks made at the same moment with one read, and reads again afterwards', async () => {
  const [saved] = await db.bulkDocs([{ _id: 'compartida', type: 'captacion' }]);
  const asked: BulkGetRequest[] = [{ id: 'compartida', rev: 'rev' in saved ? saved.rev : undefined }];
  const before = counted.calls();
  const answers = await Promise.all([1, 2, 3].map(() => sharedBulkGetJson(counted.db, asked, { revs: true })));
  expect(counted.calls() - before).toBe(1);
  expect(answers.map((b) => b.toString())).toEqual(Array(3).fill((await db.bulkGetJson(asked, { revs: true })).toString()));
  // Another ask for other revisions is its own read; so is the same one once the first has ended.
  await Promise.all([sharedBulkGetJson(counted.db, asked, { revs: true }), sharedBulkGetJson(counted.db, asked, { revs: false })]);
  expect(counted.calls() - before).toBe(3);
});
