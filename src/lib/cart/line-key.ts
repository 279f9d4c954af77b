/**
 * A cart line is one dish with one set of choices and one note (design.md section 5): the
 * server keeps one line per (food_id, set of chosen toppings and options, trimmed note), so the
 * order and repeats of the ids do not matter, nor which list (topping_ids or option_ids) names a
 * topping: toppings and options are one id space.
 */
export function sortedChoiceIds(...lists: readonly (readonly number[])[]): number[] {
  return [...new Set(lists.flat())].sort((a, b) => a - b);
}

/**
 * The identity of a line, the same on the client and the server: '12:3,5' for dish 12 with
 * choices 5 and 3, '12:' without any, '12:3:không hành' with a note. The outbox addresses lines
 * by it, because a line added offline has no server id yet. Ids are digits and commas, so the
 * second ':' always starts the note, whatever the note holds; a line without a note keeps the
 * key it had before notes existed, so changes saved by an older version still find their line.
 */
export function lineKey(foodId: number, choiceIds: readonly number[], note = ''): string {
  const ids = `${foodId}:${sortedChoiceIds(choiceIds).join(',')}`;
  const trimmed = note.trim();
  return trimmed === '' ? ids : `${ids}:${trimmed}`;
}
