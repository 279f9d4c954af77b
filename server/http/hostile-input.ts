import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonTooDeep } from '#contract/json-depth';
import { AppError } from '../errors';
import { findInvalidText, normalizeInput } from '../lib/normalize';

/**
 * The longest path the app answers. No route's path comes near it (a path parameter is an id,
 * a coupon code or a name of at most a few hundred characters); past it the reply is a 414
 * rather than a search through the router with text nobody typed.
 */
export const MAX_PATH_LENGTH = 2048;

// Runs of percent-escapes: decoded together, as a multi-byte UTF-8 character spans several.
const PERCENT_RUNS = /(?:%[0-9a-fA-F]{2})+/g;

/**
 * Whether a URL carries text no column can hold once decoded: a NUL (raw or `%00`), or bytes
 * that are not UTF-8 (`%ff`, an encoded surrogate). A stray `%` not followed by two hex digits
 * is left alone: the query parser keeps it as it is, which is harmless.
 */
export function urlHasInvalidText(url: string): boolean {
  if (url.includes('\0')) return true;
  for (const [run] of url.matchAll(PERCENT_RUNS)) {
    const bytes = Buffer.from(run.replaceAll('%', ''), 'hex');
    if (bytes.includes(0) || !isUtf8(bytes)) return true;
  }
  return false;
}

// Requests whose multipart body was read into `request.body`: a multipart request that fails
// before getting here failed in the parser (a bad boundary, a truncated or garbage body).
const multipartRead = new WeakSet<FastifyRequest>();

/** Whether an error of this request came from reading its multipart body. */
export function failedReadingMultipart(request: FastifyRequest): boolean {
  return request.isMultipart() && !multipartRead.has(request);
}

/**
 * The JSON parser, in place of Fastify's: the body must be UTF-8 and nest at most
 * JSON_MAX_DEPTH levels, both checked on the raw bytes before JSON.parse, so a hostile body
 * is a 400 and never reaches a recursive walk. Size is capped by `bodyLimit` before this runs.
 * The parsing itself stays Fastify's (prototype poisoning refused).
 */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (request: FastifyRequest, body: Buffer, done: (err: Error | null, body?: unknown) => void) => {
      if (!isUtf8(body)) return done(new AppError('INVALID_TEXT'));
      const text = body.toString('utf8');
      if (jsonTooDeep(text)) return done(new AppError('JSON_TOO_DEEP'));
      // Fastify's parser answers through `done`, synchronously; nothing is left to await.
      void parse(request, text, done);
    },
  );
}

/**
 * Checks every request's URL before routing results are used: a path past MAX_PATH_LENGTH is a
 * 414, a NUL or non-UTF-8 byte anywhere in the path or query a 400.
 */
export function registerUrlChecks(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const url = request.raw.url ?? '';
    const queryAt = url.indexOf('?');
    const pathLength = queryAt === -1 ? url.length : queryAt;
    if (pathLength > MAX_PATH_LENGTH) throw new AppError('URI_TOO_LONG');
    if (urlHasInvalidText(url)) throw new AppError('INVALID_TEXT');
  });
}

/**
 * After multipart's own preValidation hook has turned a form into the body: marks the form as
 * read, refuses text no column can hold, then normalises text to NFC (Vietnamese arrives both
 * precomposed and decomposed).
 */
export function registerBodyChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) multipartRead.add(request);
    const invalid = findInvalidText(request.body) ?? findInvalidText(request.query);
    if (invalid) {
      throw new AppError('INVALID_TEXT', {
        errors: [{ path: invalid.join('.'), message: 'Chứa ký tự không hợp lệ' }],
      });
    }
    if (request.body) request.body = normalizeInput(request.body);
    if (request.query) request.query = normalizeInput(request.query);
  });
}
