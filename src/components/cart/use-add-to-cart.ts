import { useQueryClient } from '@tanstack/react-query';
import { isHTTPError } from 'ky';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Topping } from '#contract/catalogue';
import type { OptionGroup } from '#contract/options';
import { foodQueries } from '#src/api/food';
import { vi } from '#src/i18n/first-screen';
import { useCartEngine } from '#src/lib/cart/cart-runtime';
import { cartOwnerId } from '#src/lib/cart/cart-session';
import { useCart } from '#src/lib/cart/use-cart';
import { needsRestaurantSwitch, useCartActions } from '#src/lib/cart/use-cart-actions';
import { getErrorMessage } from '#src/lib/http';
import { locationStore } from '#src/lib/location';
import { canOrder, clampQuantity, MIN_QUANTITY } from '#src/lib/ordering';
import { session } from '#src/lib/session';
import { closedNotice, outOfAreaNotice } from '#src/lib/store-state';
import { toast } from '#src/lib/toast';
import type { ToppingChoice } from './topping-dialog';

/**
 * A dish as any screen holds it: a list entry (home grid, search row, menu) has no toppings nor
 * option groups, the dish screen's Food has them. Both fit as they are.
 */
export interface AddToCartDish {
  id: number;
  name: string;
  price: number;
  image_url: string | null;
  available: boolean;
  restaurant: {
    id: number;
    name: string;
    is_active: boolean;
    is_open_now?: boolean;
    opens_at?: string | null;
  };
  /** Unknown for a list entry: the dish's detail is fetched first to learn them. */
  toppings?: readonly Topping[];
  option_groups?: readonly OptionGroup[];
}

type KnownDish = AddToCartDish & {
  toppings: readonly Topping[];
  option_groups: readonly OptionGroup[];
};

/** What the add sends besides the dish and quantity (the dialog's choice, or the note alone). */
interface LineChoice {
  topping_ids: number[];
  option_ids: number[];
  note: string;
}

const NO_CHOICE: LineChoice = { topping_ids: [], option_ids: [], note: '' };

export type AddToCartStep = 'switch' | 'toppings' | null;

export interface AddToCartFlow {
  /** Spec section 6: the cart is the customer's; staff-level users browse without one. */
  enabled: boolean;
  /** Spec 2.6: the button shows only when the dish is available and the flow is enabled. */
  canAdd: (dish: Pick<AddToCartDish, 'available' | 'restaurant'>) => boolean;
  /** The dish whose detail is being fetched, so its button can say it is working. */
  busyFoodId: number | null;
  /**
   * Asks what it must (other restaurant, choices), then adds `quantity` (1 by default); `note`
   * is the order box's, for a dish that has no choices to ask.
   */
  start: (dish: AddToCartDish, options?: { quantity?: number; note?: string }) => Promise<void>;
  /** What the dialogs show (AddToCartDialogs renders them). */
  step: AddToCartStep;
  dish: KnownDish | null;
  quantity: number;
  acceptSwitch: () => void;
  declineSwitch: () => void;
  /** Rejects when the add failed, which keeps the choice dialog open with the choice. */
  confirmToppings: (choice: ToppingChoice) => Promise<void>;
  closeToppings: () => void;
}

/** How long the restaurant question waits for the server's cart before using the one it has. */
const DECISION_WAIT_MS = 3_000;

/** A detail fetched this recently is trusted as it is; the server checks again on add anyway. */
const DETAIL_FRESH_MS = 60_000;

/**
 * The add-to-cart flow shared by the dish cards, the search rows, the menu and the dish screen
 * (spec 2.6, 2.8, 2.9, section 4 'Cart add'):
 * 1. a list entry does not carry toppings, so the dish's detail is read first (the dish screen's
 *    own persisted query, so what was seen once also works offline);
 * 2. a cart holding another restaurant's dishes asks 'Giỏ hàng hiện tại là của quán khác...';
 *    declining cancels, accepting lets the add replace that cart;
 * 3. a dish with toppings or option groups opens the choice dialog (from the chosen quantity),
 *    any other dish is added at once (with the order box's note, if any);
 * 4. every add carries the stored location, so the server can refuse a dish out of its area.
 * A dish whose detail says its restaurant is paused, closed until a known time or out of the
 * customer's area is refused here with those words, before any question.
 * One flow per screen: render its dialogs once with <AddToCartDialogs flow={...} />.
 */
export function useAddToCart(): AddToCartFlow {
  const { user } = useSnapshot(session);
  const enabled = cartOwnerId(user) !== null;
  const queryClient = useQueryClient();
  const { cart } = useCart();
  const actions = useCartActions();
  const engine = useCartEngine();

  // The cart at the moment a decision is made, not at the render that started the flow: a
  // detail fetch or a dialog may sit in between.
  const cartRef = useRef(cart);
  useEffect(() => {
    cartRef.current = cart;
  }, [cart]);

  const [busyFoodId, setBusyFoodId] = useState<number | null>(null);
  const [step, setStep] = useState<AddToCartStep>(null);
  // Kept after the step ends, so a closing dialog does not go blank during its transition.
  const [dish, setDish] = useState<KnownDish | null>(null);
  const [quantity, setQuantity] = useState(MIN_QUANTITY);
  const [replace, setReplace] = useState(false);
  const runningRef = useRef(false);

  // The order box's note, for a dish added without the dialog (which has its own).
  const [note, setNote] = useState('');

  const addNow = useCallback(
    (target: KnownDish, count: number, choice: LineChoice, replaceOther: boolean) => {
      const location = locationStore.current;
      return actions.add(
        {
          food: {
            id: target.id,
            name: target.name,
            price: target.price,
            image_url: target.image_url,
            restaurant: { id: target.restaurant.id, name: target.restaurant.name },
            toppings: target.toppings,
            option_groups: target.option_groups,
          },
          quantity: count,
          topping_ids: choice.topping_ids,
          option_ids: choice.option_ids,
          note: choice.note,
          location: location ? { lat: location.lat, lon: location.lon } : null,
        },
        { replaceOtherRestaurant: replaceOther },
      );
    },
    [actions],
  );

  /** After the restaurant question (if any): the choices, or straight into the cart. */
  const proceed = useCallback(
    async (target: KnownDish, count: number, replaceOther: boolean, lineNote: string) => {
      if (target.toppings.length > 0 || target.option_groups.length > 0) {
        setDish(target);
        setQuantity(count);
        setReplace(replaceOther);
        setStep('toppings');
        return;
      }
      setStep(null);
      await addNow(target, count, { ...NO_CHOICE, note: lineNote }, replaceOther);
    },
    [addNow],
  );

  /** The dish with its choices, or null when it cannot be added (already said why). */
  const withToppings = useCallback(
    async (target: AddToCartDish): Promise<KnownDish | null> => {
      if (target.toppings) {
        return { ...target, toppings: target.toppings, option_groups: target.option_groups ?? [] };
      }
      const options = foodQueries.detail(target.id);
      setBusyFoodId(target.id);
      try {
        // No retries: offline, the app's retry policy would hold the button until the network
        // returns; here a failure has an answer at once (the cached copy, or the dish alone).
        const food = await queryClient.fetchQuery({
          ...options,
          staleTime: DETAIL_FRESH_MS,
          retry: false,
        });
        if (!canOrder(food)) {
          toast.error(vi.food.unavailable);
          return null;
        }
        // A list entry may be older than the pause or the closing: the detail is the news.
        const refusal =
          closedNotice(food.restaurant, null) ??
          outOfAreaNotice(food.restaurant, locationStore.current);
        if (refusal) {
          toast.error(refusal);
          return null;
        }
        return food;
      } catch (error) {
        const cached = queryClient.getQueryData(options.queryKey);
        if (cached) return canOrder(cached) ? cached : null;
        // Offline, with a dish never opened before: its toppings are optional extras, so the
        // dish itself goes into the cart (the outbox keeps it until the network returns)
        // rather than refusing an add the offline cart exists for.
        // A required group left unanswered is the server's to refuse when the add replays.
        if (!isHTTPError(error)) return { ...target, toppings: [], option_groups: [] };
        toast.error(getErrorMessage(error));
        return null;
      } finally {
        setBusyFoodId(null);
      }
    },
    [queryClient],
  );

  const start = useCallback(
    async (target: AddToCartDish, options: { quantity?: number; note?: string } = {}) => {
      if (!enabled || runningRef.current) return;
      runningRef.current = true;
      try {
        const count = clampQuantity(options.quantity ?? MIN_QUANTITY);
        const lineNote = (options.note ?? '').trim();
        const known = await withToppings(target);
        if (!known) return;
        const cartNow = engine ? await engine.decisionView(DECISION_WAIT_MS) : cartRef.current;
        if (needsRestaurantSwitch(cartNow, known.restaurant.id)) {
          setDish(known);
          setQuantity(count);
          setNote(lineNote);
          setStep('switch');
          return;
        }
        await proceed(known, count, false, lineNote);
      } finally {
        runningRef.current = false;
      }
    },
    [enabled, engine, proceed, withToppings],
  );

  const acceptSwitch = useCallback(() => {
    if (dish) void proceed(dish, quantity, true, note);
  }, [dish, note, proceed, quantity]);

  const declineSwitch = useCallback(() => setStep(null), []);

  const confirmToppings = useCallback(
    async (choice: ToppingChoice) => {
      if (!dish) return;
      const result = await addNow(
        dish,
        choice.quantity,
        { topping_ids: choice.topping_ids, option_ids: choice.option_ids, note: choice.note },
        replace,
      );
      // The actions have already said why; the dialog stays open with the choice.
      if (result === 'failed') throw new Error('Add to cart failed');
    },
    [addNow, dish, replace],
  );

  const closeToppings = useCallback(() => setStep(null), []);

  const canAdd = useCallback(
    (target: Pick<AddToCartDish, 'available' | 'restaurant'>) => enabled && canOrder(target),
    [enabled],
  );

  return {
    enabled,
    canAdd,
    busyFoodId,
    start,
    step,
    dish,
    quantity,
    acceptSwitch,
    declineSwitch,
    confirmToppings,
    closeToppings,
  };
}
