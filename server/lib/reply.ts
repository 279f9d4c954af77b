/**
 * The success envelope of design.md section 4, `{success: true, message, data?}`, built in one
 * place so every route says it the same way. The default wording is the spec's fallback
 * success message; a route passes its own when the user is told what happened.
 */
export const SUCCESS_MESSAGE = 'Thành công';

/** A success reply carrying data. */
export function ok<T>(data: T, message: string = SUCCESS_MESSAGE) {
  return { success: true as const, message, data };
}

/** A success reply that only confirms. */
export function done(message: string = SUCCESS_MESSAGE) {
  return { success: true as const, message };
}
