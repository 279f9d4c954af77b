import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Uploaded files under DATA_DIR/uploads, served at /uploads/ with a year of caching: every
 * file gets a new random name, so a URL's content never changes.
 */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** What a client loads: an owner's http(s) URL as given, or our stored upload's path. */
export function publicFileUrl(stored: string | null): string | null {
  if (!stored) return null;
  return /^https?:\/\//.test(stored) ? stored : `${UPLOADS_URL_PREFIX}${stored}`;
}

export interface UploadStore {
  /** Saves the bytes under `folder` and returns the stored relative name (folder/uuid.ext). */
  save(folder: string, bytes: Buffer, extension: string): Promise<string>;
  remove(name: string): Promise<void>;
}

export function createUploadStore(dataDir: string): UploadStore {
  const root = path.join(dataDir, 'uploads');
  return {
    async save(folder, bytes, extension) {
      const name = `${folder}/${randomUUID()}.${extension}`;
      await mkdir(path.join(root, folder), { recursive: true });
      await writeFile(path.join(root, name), bytes, { mode: 0o644 });
      return name;
    },
    async remove(name) {
      const file = path.resolve(root, name);
      // Only ever inside the uploads folder, whatever the stored name says.
      if (!file.startsWith(`${root}${path.sep}`)) return;
      await rm(file, { force: true });
    },
  };
}

export async function registerUploadServing(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = path.join(dataDir, 'uploads');
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
