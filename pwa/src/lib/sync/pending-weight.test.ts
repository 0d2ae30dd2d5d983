import { describe, expect, it } from 'vitest';
import { FOTO } from '../../../../couch-design/fotos/entity';
import { weighPending as weigh } from './pending-weight';

/** Photos as their declaration groups them: a `foto` and its `foto-original` are one photo. */
const weighPending: typeof weigh = (docs) => weigh(docs, FOTO.sync.device.recordOf);
import { formatBytes } from '../storage-space';

describe('what waiting photos weigh', () => {
  it('counts a photo once (its foto and its original) with the bytes of both images', () => {
    const w = weighPending([
      { _id: 'foto-original:cap-1:u1', _attachments: { original: { length: 300_000 } } },
      { _id: 'foto:cap-1:u1', _attachments: { miniatura: { length: 20_000 } } },
      { _id: 'foto-original:cap-1:u2', _attachments: { original: { length: 250_000 } } },
      { _id: 'foto:cap-1:u2', _attachments: { miniatura: { length: 18_000 } } },
    ]);
    expect(w).toEqual({ items: 2, bytes: 588_000 });
  });

  it('counts an edit (a new cover) or a deletion as one photo with no bytes, and an original whose photo is up already as one', () => {
    expect(weighPending([{ _id: 'foto:cap-1:u1', _attachments: { miniatura: {} } }])).toEqual({ items: 1, bytes: 0 });
    expect(weighPending([{ _id: 'foto:cap-1:u1', _deleted: true }, { _id: 'foto-original:cap-1:u1', _deleted: true }])).toEqual({ items: 1, bytes: 0 });
    expect(weighPending([{ _id: 'foto-original:cap-1:u9', _attachments: { original: { length: 1000 } } }])).toEqual({ items: 1, bytes: 1000 });
  });

  it('counts each document of a database whose records are one document each', () => {
    expect(weigh([{ _id: 'a' }, { _id: 'b', _deleted: true }])).toEqual({ items: 2, bytes: 0 });
  });

  it('says sizes in Spanish units', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});
