import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { sniffImageFormat } from './images';
import { contentTypeOf, isStoredName, strongEtag } from './uploads';

export interface LegacyImport {
  /** Files now in the table (inserted now, or found there from an earlier, interrupted run). */
  imported: number;
  /** Files left on disk: not a name the store gives out, or not an image. */
  left: string[];
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Moves the files an older version kept under `DATA_DIR/uploads/<folder>/<file>` into the
 * `uploads` table under the same names, so the columns that name them and their URLs keep
 * working. Each file is deleted from disk once its row is committed; a file already in the
 * table is only deleted (an earlier run stopped in between). Run at every start before the
 * server listens: with nothing left on disk it costs one directory read. Anything that is not
 * a stored image is left where it is and reported.
 */
export async function importLegacyUploads(db: Kysely<DB>, dataDir: string): Promise<LegacyImport> {
  const root = path.join(dataDir, 'uploads');
  const result: LegacyImport = { imported: 0, left: [] };
  for (const folder of await entries(root)) {
    if (!folder.isDirectory()) {
      result.left.push(folder.name);
      continue;
    }
    const dir = path.join(root, folder.name);
    for (const file of await entries(dir)) {
      const name = `${folder.name}/${file.name}`;
      const bytes =
        file.isFile() && isStoredName(name) ? await readFile(path.join(dir, file.name)) : null;
      // The format from the first bytes; the extension alone proves nothing.
      const format = bytes && sniffImageFormat(bytes);
      if (!bytes || !format) {
        result.left.push(name);
        continue;
      }
      await db
        .insertInto('uploads')
        .values({ name, content_type: contentTypeOf(format)!, etag: strongEtag(bytes), bytes })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      await rm(path.join(dir, file.name), { force: true });
      result.imported += 1;
    }
    // Only an emptied folder goes; one with files left in it stays (ENOTEMPTY).
    await rmdir(dir).catch(() => {});
  }
  await rmdir(root).catch(() => {});
  return result;
}
