import { createHash, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Uploaded files, stored in the database's `uploads` table (docs/decisions/024) and served at
 * /uploads/ with a year of caching: every file gets a new random name, so a URL's content never
 * changes. Any instance serves any file, and a database backup holds them all.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** What a client loads: an owner's http(s) URL as given, or our stored upload's path. */
export function publicFileUrl(stored: string | null): string | null {
  if (!stored) return null;
  return /^https?:\/\//.test(stored) ? stored : `${UPLOADS_URL_PREFIX}${stored}`;
}

/**
 * A name as the store gives them out: one folder, one file, one extension. Nothing else (a
 * second folder, `..`, an encoded slash) can name an upload, so such a path is answered 404
 * before the database is asked.
 */
const STORED_NAME = /^[a-z0-9_-]+\/[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
};

export function contentTypeOf(extension: string): string | undefined {
  return CONTENT_TYPES[extension];
}

/** A strong validator: the same bytes give the same ETag on every instance. */
export function strongEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url')}"`;
}

export interface FileHead {
  contentType: string;
  etag: string;
}

export interface StoredFile extends FileHead {
  bytes: Buffer;
}

export interface UploadStore {
  /**
   * Inserts the bytes under a new name in `folder` and returns it ('folder/<uuid>.ext'). Pass
   * the transaction of the change that names the file: it then exists exactly when the change
   * committed.
   */
  save(db: Kysely<DB>, folder: string, bytes: Buffer, extension: string): Promise<string>;
  /**
   * Deletes those of `names` that no row names any more (an avatar, a restaurant's pictures, a
   * dish, an order line's snapshot); links and nulls are ignored. Called in the transaction
   * that let go of them, after the change, so a rollback keeps the old picture.
   */
  removeUnused(db: Kysely<DB>, names: readonly (string | null | undefined)[]): Promise<void>;
  /** The file's type and ETag without its bytes, or null if there is no such file. */
  head(name: string): Promise<FileHead | null>;
  /** The whole file, or null. */
  read(name: string): Promise<StoredFile | null>;
}

/** This instance's copies of recently served files; small next to the database's own cache. */
const CACHE_BYTES = 32 * 1024 * 1024;
/** A file larger than this would push out many small ones (avatars, cards): not cached. */
const CACHE_MAX_ENTRY_BYTES = 2 * 1024 * 1024;

/** Least recently used first, bounded by the bytes it holds rather than by entries. */
class ByteLru {
  private readonly entries = new Map<string, StoredFile>();
  private size = 0;

  constructor(private readonly maxBytes: number) {}

  get(name: string): StoredFile | undefined {
    const entry = this.entries.get(name);
    if (entry) {
      this.entries.delete(name);
      this.entries.set(name, entry);
    }
    return entry;
  }

  set(name: string, file: StoredFile): void {
    if (file.bytes.length > Math.min(CACHE_MAX_ENTRY_BYTES, this.maxBytes)) return;
    this.delete(name);
    this.entries.set(name, file);
    this.size += file.bytes.length;
    for (const [oldest, entry] of this.entries) {
      if (this.size <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.size -= entry.bytes.length;
    }
  }

  delete(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.size -= entry.bytes.length;
  }
}

/**
 * Every column that can hold a stored name. An order line keeps the picture its dish had when
 * it was ordered, so a dish's replaced or deleted picture stays while an order names it. Each
 * has a partial index (migration 0008): one probe per column, however long the history.
 */
const NAMED_BY = [
  ['users', 'avatar'],
  ['restaurants', 'image'],
  ['restaurants', 'cover'],
  ['restaurants', 'logo'],
  ['foods', 'image'],
  ['order_items', 'food_image'],
] as const;

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createUploadStore(
  db: Kysely<DB>,
  options: { cacheBytes?: number } = {},
): UploadStore {
  const cache = new ByteLru(options.cacheBytes ?? CACHE_BYTES);

  const head = async (name: string): Promise<FileHead | null> => {
    if (!isStoredName(name)) return null;
    const row = await db
      .selectFrom('uploads')
      .select(['content_type', 'etag'])
      .where('name', '=', name)
      .executeTakeFirst();
    return row ? { contentType: row.content_type, etag: row.etag } : null;
  };

  return {
    async save(executor, folder, bytes, extension) {
      const contentType = contentTypeOf(extension);
      if (!contentType) throw new Error(`no content type for .${extension}`);
      const name = `${folder}/${randomUUID()}.${extension}`;
      if (!isStoredName(name)) throw new Error(`not a storable name: ${name}`);
      await executor
        .insertInto('uploads')
        .values({ name, content_type: contentType, etag: strongEtag(bytes), bytes })
        .execute();
      return name;
    },

    async removeUnused(executor, names) {
      const candidates = [
        ...new Set(names.filter((name): name is string => !!name && isStoredName(name))),
      ];
      if (!candidates.length) return;
      const removed = await executor
        .deleteFrom('uploads as u')
        .where('u.name', 'in', candidates)
        .where((eb) =>
          eb.and(
            NAMED_BY.map(
              ([table, column]) =>
                sql<boolean>`not exists (select from ${sql.table(table)} where ${sql.ref(column)} = u.name)`,
            ),
          ),
        )
        .returning('u.name')
        .execute();
      for (const { name } of removed) cache.delete(name);
    },

    head,

    async read(name) {
      if (!isStoredName(name)) return null;
      const cached = cache.get(name);
      if (cached) {
        // Another instance may have deleted it: the row, not this copy, says it still exists.
        const current = await head(name);
        if (current?.etag === cached.etag) return cached;
        cache.delete(name);
        if (!current) return null;
      }
      const row = await db
        .selectFrom('uploads')
        .select(['content_type', 'etag', 'bytes'])
        .where('name', '=', name)
        .executeTakeFirst();
      if (!row) return null;
      const file = { contentType: row.content_type, etag: row.etag, bytes: asBuffer(row.bytes) };
      cache.set(name, file);
      return file;
    },
  };
}
