import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX, type UploadStore } from '../storage/uploads';
import { sendError } from './error-handler';

// A name is never reused (storage/uploads.ts), so what a URL returns never changes.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * If-None-Match against the file's ETag: a list, `*`, or weak forms (RFC 9110 13.1.2 compares
 * weakly for this header).
 */
function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .includes(etag);
}

/**
 * GET (and HEAD) /uploads/<folder>/<file>: the file from the database, on whichever instance
 * the request reached. A name the store could not have given (a traversal, a second folder) or
 * a file that is gone is the API's JSON 404, never the app's HTML page.
 */
export async function registerUploadServing(
  app: FastifyInstance,
  uploads: UploadStore,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.get<{ Params: { '*': string } }>(
        '/*',
        { schema: { hide: true } },
        async (request, reply) => {
          const name = request.params['*'];
          const ifNoneMatch = request.headers['if-none-match'];
          if (ifNoneMatch) {
            const head = await uploads.head(name);
            if (!head) return sendError(reply, 'NOT_FOUND');
            if (matches(ifNoneMatch, head.etag)) {
              return reply
                .code(304)
                .header('etag', head.etag)
                .header('cache-control', IMMUTABLE)
                .send();
            }
          }
          const file = await uploads.read(name);
          if (!file) return sendError(reply, 'NOT_FOUND');
          return reply
            .header('cache-control', IMMUTABLE)
            .header('etag', file.etag)
            .type(file.contentType)
            .send(file.bytes);
        },
      );
    },
    { prefix: UPLOADS_URL_PREFIX.slice(0, -1) },
  );
}
