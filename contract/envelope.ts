import { z } from 'zod';

/**
 * Every reply is `{success, message, data?}` (design.md section 4). These builders keep each
 * endpoint's reply schema honest about its `data` while sharing the envelope.
 */
export function okReply<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string(), data });
}

export const FieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const ErrorReplySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});

export type FieldError = z.infer<typeof FieldErrorSchema>;
export type ErrorReply = z.infer<typeof ErrorReplySchema>;

/** A reply that only confirms: `{success: true, message}`. */
export const MessageReplySchema = z.object({ success: z.literal(true), message: z.string() });

/**
 * Carried by every paged reply; per_page is capped at 50 by the server. Large lists are counted
 * only ten pages past the one asked: then `total_exact` is false and `total` (with
 * `total_pages`) is a lower bound, while `has_next` is always exact.
 */
export const PaginationSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_exact: z.boolean(),
  total_pages: z.number().int(),
  has_next: z.boolean(),
});

export type Pagination = z.infer<typeof PaginationSchema>;
