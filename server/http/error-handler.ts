import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReply, FieldError } from '#contract/envelope';
import { AppError, ERRORS, type ErrorCode } from '../errors';

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

function validationErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? ERRORS.VALIDATION_ERROR.message,
  }));
}

/**
 * The single error handler: every failure leaves as the envelope of design.md section 4.
 * 5xx details are logged, never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
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
