/**
 * Profile photos of users and employees: stored as the record's attachment (retried when someone
 * else wrote the record meanwhile) and read back only when the record says it has one.
 */
import { PHOTO_FIELD } from '../../../couch-design/foto';
import { HttpError } from '../http/errors';
import { PHOTO_NOT_FOUND, photoUrl, type Photo } from '../http/photo';
import type { DocRepository } from '../store/doc-repository';
import type { PersonDoc } from './transaction';

export class PersonPhotos<T extends PersonDoc> {
  constructor(
    private readonly repo: DocRepository<T>,
    /** Where the photos are served (`/api/users`, `/api/empleados-api`). */
    private readonly base: string,
    private readonly msg: { notFound: string; stale: string },
  ) {}

  url(doc: T): string | null {
    return photoUrl(this.base, doc);
  }

  /** Stores the photo on the current revision; answers its URL. */
  async save(id: string, photo: Photo): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const doc = await this.repo.get(id);
      if (!doc) throw new HttpError(404, this.msg.notFound);
      if (await this.repo.putAttachmentIfCurrent(id, PHOTO_FIELD, doc._rev!, photo.data, photo.contentType)) {
        const saved = await this.repo.get(id);
        if (!saved) throw new HttpError(404, this.msg.notFound);
        return this.url(saved)!;
      }
    }
    throw new HttpError(409, this.msg.stale);
  }

  /** The photo's bytes; 404 when the record is absent (or not readable: `readable` false) or has none. */
  async read(id: string, readable: boolean): Promise<Buffer> {
    const doc = readable ? await this.repo.get(id) : null;
    if (!doc || !this.url(doc)) throw new HttpError(404, PHOTO_NOT_FOUND);
    return (await this.repo.getAttachment(id, PHOTO_FIELD)).data;
  }
}
