/**
 * What someone did on a prerendered or server-rendered screen (prerendered.ts, server-state.ts)
 * while it was still only HTML, handed to the app once it has taken the screen over: the text they typed, the form they submitted (index.html holds that submit
 * back, or the browser would reload the page with the fields in the address) and the first
 * button they pressed (held back too: without the app it would do nothing).
 */

import { EARLY_FORM_ATTRIBUTE, takeReplacedEarlyForm } from '../lib/early-sign-in-state';

/** What index.html keeps of a submit it held back before the app was ready. */
interface HeldSubmit {
  form: EventTarget | null;
  submitter: HTMLElement | null;
}

declare global {
  interface Window {
    __monNgonHeldSubmit?: HeldSubmit;
    /** The first button (or box) pressed before the app was ready; index.html held it back. */
    __monNgonHeldClick?: Element;
  }
}

export type TypedField = HTMLInputElement | HTMLTextAreaElement;

/** sessionStorage: what was typed before a reload into a new version (typed-across-reload.ts). */
export const TYPED_BEFORE_RELOAD_KEY = 'mn-typed-before-reload';

export const TYPED_FIELDS =
  'input:not([type=checkbox]):not([type=radio]):not([type=file]), textarea';

let typedBeforeHydration: Array<{ field: TypedField; value: string }> = [];
/** Fields typed into while hydrating: React took that typing itself, so their text is newer. */
let typedWhileHydrating = new WeakSet<EventTarget>();
let stopWatchingTyping: (() => void) | null = null;

/**
 * Notes what was typed into the prerendered fields, just before hydrating: hydration starts
 * from the state the HTML was rendered with (empty fields) and puts that back on screen. Typing
 * from then on reaches React (it finishes hydrating to handle it) and is left as it is.
 */
export function captureEarlyInput(container: HTMLElement): void {
  typedBeforeHydration = [...container.querySelectorAll<TypedField>(TYPED_FIELDS)]
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => ({ field, value: field.value }));
  const noteTyping = (event: Event) => {
    if (event.target) typedWhileHydrating.add(event.target);
  };
  container.addEventListener('input', noteTyping, true);
  stopWatchingTyping = () => container.removeEventListener('input', noteTyping, true);
}

/**
 * Gives each field its typed text back through an input event the field's own onChange takes
 * like typing. React sees a change only against the value it last saw, so the text is set past
 * React's own setter of `value`.
 */
function restoreTypedValues(): void {
  stopWatchingTyping?.();
  stopWatchingTyping = null;
  for (const { field, value } of typedBeforeHydration) {
    if (!field.isConnected || field.value === value || typedWhileHydrating.has(field)) continue;
    typeInto(field, value);
  }
  typedBeforeHydration = [];
  typedWhileHydrating = new WeakSet();
}

/** Gives the field `value` through an input event its own onChange takes like typing. */
export function typeInto(field: TypedField, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * The sign-in script's form that the app drew again from what the script left
 * (lib/early-sign-in-state.ts) and whose drawing replaced it: between the take-over and that
 * first render someone may still have typed into it or pressed its button.
 */
let replaced: HTMLFormElement | null = null;

/** The form the app drew in place of the script's: the one of the same kind on the page now. */
function formInPlaceOf(form: HTMLFormElement): HTMLFormElement | null {
  const kind = form.getAttribute(EARLY_FORM_ATTRIBUTE);
  const now = document.querySelector(`form[${EARLY_FORM_ATTRIBUTE}="${kind}"]`);
  return now instanceof HTMLFormElement && now !== form ? now : null;
}

/**
 * Typing into the replaced form after the take-over, given to the fields of the same name. A
 * field of the app's form typed into since its first render keeps that newer text: the old
 * form's, unchanged since the take-over, would wipe a code typed the moment the form was drawn.
 */
function carryOverTyping(): void {
  const taken = takeReplacedEarlyForm();
  replaced = taken?.form ?? null;
  if (!taken || taken.form.isConnected) return;
  const form = formInPlaceOf(taken.form);
  if (!form) return;
  for (const old of taken.form.querySelectorAll<TypedField>(TYPED_FIELDS)) {
    if (!old.name) continue;
    const atTakeOver = taken.valuesAtTakeOver.get(old.name) ?? old.defaultValue;
    if (old.value === atTakeOver) continue;
    const field = form.querySelector<TypedField>(`[name="${CSS.escape(old.name)}"]`);
    if (field?.value === atTakeOver) typeInto(field, old.value);
  }
}

/**
 * A held form or button as it is on the page now: itself, or for one of the replaced sign-in
 * form, its counterpart in the form drawn in its place (a button by its type and words).
 */
function onPageNow(element: Element): Element | null {
  if (element.isConnected) return element;
  if (!replaced || !(element === replaced || replaced.contains(element))) return null;
  const form = formInPlaceOf(replaced);
  if (!form || element === replaced) return form;
  const words = element.textContent?.trim();
  const type = element.getAttribute('type');
  return (
    [...form.querySelectorAll('button')].find(
      (button) => button.getAttribute('type') === type && button.textContent?.trim() === words,
    ) ?? null
  );
}

/** Sends the held form again, now to the app's handler, if it is still on the page. */
function sendHeldSubmit(): void {
  const held = window.__monNgonHeldSubmit;
  if (!held) return;
  delete window.__monNgonHeldSubmit;
  const form = held.form instanceof Element ? onPageNow(held.form) : null;
  const submitter = held.submitter ? onPageNow(held.submitter) : null;
  if (!(form instanceof HTMLFormElement)) return;
  const button =
    submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement
      ? submitter
      : null;
  form.requestSubmit(button?.form === form ? button : null);
}

/** Presses the held button again, now with the app's handler, if it can still be pressed. */
function pressHeldClick(): void {
  const pressed = window.__monNgonHeldClick;
  if (!pressed) return;
  delete window.__monNgonHeldClick;
  const held = onPageNow(pressed);
  if (!(held instanceof HTMLElement)) return;
  if ((held instanceof HTMLButtonElement || held instanceof HTMLInputElement) && held.disabled) {
    return;
  }
  held.click();
}

function typedBeforeReload(): boolean {
  try {
    return sessionStorage.getItem(TYPED_BEFORE_RELOAD_KEY) !== null;
  } catch {
    return false;
  }
}

/** On <html> once the app has the screen and what was done before; index.html reads it. */
const APP_READY_ATTRIBUTE = 'data-app-ready';

/**
 * Called in the first screen's commit. The steps run a task later (the screen's handlers are
 * attached by then) and a task apart (the submit and the press see the state the typing
 * produced). index.html keeps holding presses and submits back until the typed text is the
 * app's: one let through in between would reach a form that still thinks its fields are empty.
 */
export function adoptEarlyInput(): void {
  setTimeout(() => {
    restoreTypedValues();
    carryOverTyping();
    setTimeout(() => {
      document.documentElement.setAttribute(APP_READY_ATTRIBUTE, '');
      sendHeldSubmit();
      pressHeldClick();
      replaced = null;
      // What was typed before a reload into the new version goes back where it was; its code
      // loads only then.
      if (typedBeforeReload()) {
        void import('./typed-across-reload').then(
          ({ restoreTypedAfterReload }) => restoreTypedAfterReload(),
          () => undefined,
        );
      }
    }, 0);
  }, 0);
}
