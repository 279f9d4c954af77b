import { ErrorReplySchema } from '#contract/envelope';
import { ERRORS, type ErrorCode } from '../errors';

type StatusOf<C extends ErrorCode> = (typeof ERRORS)[C]['status'];

/**
 * The error replies a route declares in `schema.response`, from the AppError codes its service
 * can throw: one error envelope per status those codes answer with, so /api/docs lists them and
 * the serializer checks them. The replies every guarded, validated or idempotent route shares
 * (401, 403, 400, 413, 409, 422) are added by the HTTP plugins, not here.
 */
export function errorReplies<C extends ErrorCode>(
  ...codes: C[]
): Record<StatusOf<C>, typeof ErrorReplySchema> {
  return Object.fromEntries(codes.map((code) => [ERRORS[code].status, ErrorReplySchema])) as Record<
    StatusOf<C>,
    typeof ErrorReplySchema
  >;
}
