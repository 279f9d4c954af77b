import { TOPPINGS_GROUP_NAME } from '#contract/option-words';

/**
 * A line's choices as the cart, checkout and order screens show them under the dish name:
 * 'Size: L · Topping: Trứng, Chả', each group once, in the order the line lists them (the
 * dish's group order, toppings last). A line or order item from before option groups has only
 * its toppings, which read as the 'Topping' group. '' when nothing was chosen.
 */
export function describeChoices(
  options: readonly { group: string; name: string }[] | undefined,
  toppings: readonly { name: string }[],
): string {
  const list =
    options && options.length > 0
      ? options
      : toppings.map((topping) => ({ group: TOPPINGS_GROUP_NAME, name: topping.name }));
  const groups = new Map<string, string[]>();
  for (const option of list) {
    const names = groups.get(option.group);
    if (names) names.push(option.name);
    else groups.set(option.group, [option.name]);
  }
  return [...groups].map(([group, names]) => `${group}: ${names.join(', ')}`).join(' · ');
}
