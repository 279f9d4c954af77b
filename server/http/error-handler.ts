import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReply, FieldError } from '#contract/envelope';
import { isConnectionError } from '../db/database';
import { AppError, ERRORS, type ErrorCode } from '../errors';
import { errorReplies } from '../lib/error-replies';
import { failedReadingMultipart } from './hostile-input';

export function sendError(
  reply: FastifyReply,
  code: ErrorCode,
  options: { message?: string; errors?: FieldError[] } = {},
): FastifyReply {
  const body: ErrorReply = {
    success: false,
    message: options.message ?? ERRORS[code].message,
    code,
    ...(options.errors ? { errors: options.errors } : {}),
  };
  return reply.code(ERRORS[code].status).type('application/json; charset=utf-8').send(body);
}

// Fastify's own request errors, mapped onto our codes. A wrong content type is answered 400
// like any other unreadable body, so clients have one status for "the body was not usable".
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_CONTENT_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'BAD_REQUEST',
  FST_PARTS_LIMIT: 'BAD_REQUEST',
  FST_FIELDS_LIMIT: 'BAD_REQUEST',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_CONTENT_TYPE',
};

// PostgreSQL's refusals of a value no column can hold (SQLSTATE class 22, data exception). The
// contract bounds every id, page and amount and the body checks refuse NUL and broken UTF-8
// first, so reaching these means a bound was missed: the client still gets its 400, and the
// log a warning naming the query to bound.
const DATABASE_VALUE_CODES: Record<string, ErrorCode> = {
  '22003': 'NUMBER_OUT_OF_RANGE',
  '22P05': 'INVALID_TEXT',
  '22021': 'INVALID_TEXT',
};

/** One entry per field and message: '1e300' fails two checks of a page with one message. */
function validationErrors(error: FastifyError): FieldError[] {
  const seen = new Set<string>();
  return (error.validation ?? [])
    .map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? ERRORS.VALIDATION_ERROR.message,
    }))
    .filter((entry) => {
      const key = `${entry.path}\n${entry.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * Adds the error replies of these codes to a route's `schema.response` from an onRoute hook,
 * for what a plugin answers on the route's behalf; what the route declares itself is kept.
 */
export function declareErrorReplies(route: RouteOptions, ...codes: ErrorCode[]): void {
  const declared = route.schema?.response as Record<string, unknown> | undefined;
  route.schema = { ...route.schema, response: { ...errorReplies(...codes), ...declared } };
}

/** A database restart takes a few seconds; clients that honour Retry-After wait that long. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Only the API's routes answer with the envelope; the static and sandbox pages do not. */
export const isApiRoute = (route: RouteOptions) =>
  route.url.startsWith('/api/') || route.url === '/api';

/**
 * The request errors any API route can answer, declared on it: 400 when the route validates a
 * body, query or path (VALIDATION_ERROR) or reads a body (INVALID_JSON,
 * UNSUPPORTED_CONTENT_TYPE), and 413 when the body is too large (PAYLOAD_TOO_LARGE).
 */
function declareRequestErrors(route: RouteOptions): void {
  if (!isApiRoute(route)) return;
  const methods = [route.method].flat();
  const readsBody = methods.some((method) => BODY_METHODS.has(method));
  const schema = route.schema;
  if (readsBody || schema?.body || schema?.querystring || schema?.params) {
    declareErrorReplies(route, 'VALIDATION_ERROR');
  }
  if (readsBody) declareErrorReplies(route, 'PAYLOAD_TOO_LARGE');
}

/**
 * Fastify's answers from the router, before any hook or handler runs (its `frameworkErrors`
 * option), in the envelope: a path parameter past `maxParamLength` is a 414 that no longer
 * echoes the path back, an undecodable path a 400.
 */
export function frameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    sendError(reply, 'URI_TOO_LONG');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    sendError(reply, 'INVALID_TEXT');
  } else {
    request.log.error({ err: error }, 'router error');
    sendError(reply, 'INTERNAL_ERROR');
  }
}

/**
 * The single error handler: every failure leaves as the envelope of design.md section 4.
 * 5xx details are logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  // Before any route, so every route's OpenAPI entry and serializer know these replies.
  app.addHook('onRoute', declareRequestErrors);
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      else if (error.code === 'DATABASE_UNAVAILABLE') {
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      }
      return sendError(reply, error.code, {
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = validationErrors(error);
      // The first problem is the headline, so a form can show one clear sentence.
      return sendError(reply, 'VALIDATION_ERROR', {
        message: errors[0]?.message ?? ERRORS.VALIDATION_ERROR.message,
        errors,
      });
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return sendError(reply, mapped);
    const refused = error.code ? DATABASE_VALUE_CODES[error.code] : undefined;
    if (refused) {
      request.log.warn({ err: error }, 'a value the database cannot hold reached a query');
      return sendError(reply, refused);
    }
    // The multipart parser throws plain errors ('Unexpected end of multipart data', 'Boundary
    // not found') for a body the client broke: that is the client's 400, not our 500.
    if (error.statusCode === undefined && failedReadingMultipart(request)) {
      return sendError(reply, 'MULTIPART_INVALID');
    }

    // The database restarting or failing over: the same request can succeed in a few seconds,
    // so it is a retryable 503 (a warning, not an error: the app is fine, its database is not).
    if (isConnectionError(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(reply, 'DATABASE_UNAVAILABLE');
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ success: false, message: ERRORS.BAD_REQUEST.message, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 'INTERNAL_ERROR');
  });
}
