// The option numbers and names the client's first load needs (the offline cart builds a line's
// choices and key from them), without zod: contract/options.ts re-exports them for everything
// else.

/** A customer's note for one cart line ('không hành'). */
export const LINE_NOTE_MAX = 200;
export const LINE_NOTE_MESSAGE = `Ghi chú tối đa ${LINE_NOTE_MAX} ký tự`;
/** The name the toppings carry in a line's `options`, where every choice is listed by group. */
export const TOPPINGS_GROUP_NAME = 'Topping';
