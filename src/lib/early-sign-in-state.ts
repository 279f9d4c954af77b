/**
 * What the sign-in script that runs before the app (src/first-load/early-sign-in.ts, inlined into index.html)
 * did on a prerendered sign-in form, and how the app takes the form over from it. On a cheap
 * phone on slow mobile data the app's scripts take seconds after the form is on screen; the
 * script sends the code, signs in and shows the next step meanwhile, so a press never waits
 * for them (docs/decisions/050).
 */

/** A message under a field of the customer form, as the form's own state holds it. */
export interface EarlyFieldError {
  field: 'phone' | 'code';
  message: string;
}

/** The customer form as the script left it: the app draws it again from this. */
export interface EarlyCustomerView {
  /** The phone the code went to (spaces removed); null while on the phone step. */
  sentTo: string | null;
  /** When another code may be asked for (ms since the epoch); 0 for at once. */
  resendAt: number;
  error: EarlyFieldError | null;
  /** What the fields held when the app took the form over. */
  phone: string;
  code: string;
}

export interface EarlySignIn {
  /** A request of the script's in flight: the app takes the form over once it has settled. */
  pending: Promise<void> | null;
  /** The script has signed a customer in and is opening the home: the app does not start here. */
  leaving: boolean;
  /**
   * When the script signed someone in (ms since the epoch), or null. A staff member's sign-in
   * is handed to the app, which opens the home a second after it (spec section 9) from the
   * scripts already on their way rather than a new page load.
   */
  signedInAt: number | null;
  /** The customer form, once the script has changed it; null while it is as prerendered. */
  customer: EarlyCustomerView | null;
  /** Set by the app as it takes the screen over: from then on the script does nothing. */
  handedOver: boolean;
}

declare global {
  interface Window {
    __monNgonEarlySignIn?: EarlySignIn;
  }
}

/** On each sign-in form the script may act on, with the form's kind. */
export const EARLY_FORM_ATTRIBUTE = 'data-early-sign-in';
/** On the customer form's 'Đổi số điện thoại' and 'Gửi lại mã' buttons. */
export const EARLY_ACTION_ATTRIBUTE = 'data-early-action';
/** The prerendered views of the customer form the script shows (server/http/static.ts). */
export const EARLY_VIEWS = {
  codeStep: 'early-sign-in-code',
  phoneError: 'early-sign-in-phone-error',
  codeError: 'early-sign-in-code-error',
} as const;
export type EarlyViewId = (typeof EARLY_VIEWS)[keyof typeof EARLY_VIEWS];
/** Stands for the message in the views with an error; the script puts the message there. */
export const EARLY_MESSAGE_SLOT = 'EARLY_SIGN_IN_MESSAGE';

let startView: EarlyCustomerView | null = null;

/** The script's form the app draws again, and its fields' text when the app took it over. */
export interface ReplacedEarlyForm {
  form: HTMLFormElement;
  /** Each named field's text at the take-over, which the app's form is first drawn with. */
  valuesAtTakeOver: ReadonlyMap<string, string>;
}
/** Kept until the app has carried over what was done on the script's form after the take-over. */
let replacedForm: ReplacedEarlyForm | null = null;

/** Whether the script has signed someone in on this page (the app goes on from that session). */
export function earlySignedIn(): boolean {
  return (
    typeof window !== 'undefined' && (window.__monNgonEarlySignIn?.signedInAt ?? null) !== null
  );
}

export interface TakeOver {
  /** The customer form was changed by the script: draw it again rather than hydrate it. */
  redraw: boolean;
  /** The script is opening the home with a page load: the app must not start here. */
  leaving: boolean;
  /** When the script signed a staff member in, for the app to go on from; null otherwise. */
  signedInAt: number | null;
}

/**
 * Called as the app starts: waits for the script's request in flight, then stops the script,
 * and says what the app goes on from. Keeps the customer form's state for its first render.
 */
export async function takeOverFromEarlySignIn(): Promise<TakeOver> {
  const early = typeof window === 'undefined' ? undefined : window.__monNgonEarlySignIn;
  const none: TakeOver = { redraw: false, leaving: false, signedInAt: null };
  if (!early) return none;
  while (early.pending) await early.pending;
  early.handedOver = true;
  if (early.leaving) return { ...none, leaving: true };
  if (early.signedInAt !== null) return { ...none, signedInAt: early.signedInAt };
  const view = early.customer;
  if (!view) return none;
  const form = document.querySelector(`form[${EARLY_FORM_ATTRIBUTE}="customer"]`);
  const values = new Map<string, string>();
  for (const field of form?.querySelectorAll<HTMLInputElement>('input[name]') ?? []) {
    values.set(field.name, field.value);
  }
  startView = { ...view, phone: values.get('phone') ?? '', code: values.get('code') ?? '' };
  replacedForm = form instanceof HTMLFormElement ? { form, valuesAtTakeOver: values } : null;
  return { ...none, redraw: true };
}

/** The customer form's state for its first render: what the script left, once. */
export function earlyCustomerStart(): EarlyCustomerView | null {
  return startView;
}

/**
 * The script's form that the app's first render replaced, once: typing and a press on it
 * between the take-over and that render are carried over to the form drawn in its place
 * (src/first-load/early-input.ts).
 */
export function takeReplacedEarlyForm(): ReplacedEarlyForm | null {
  const replaced = replacedForm;
  replacedForm = null;
  return replaced;
}

/** The form has drawn what the script left; a later visit to the form starts empty. */
export function earlyCustomerStartUsed(): void {
  startView = null;
}

/** For the build's prerender of the views (src/first-load/server-entry.tsx): the state each is drawn from. */
export function renderEarlyViewsWith<T>(view: EarlyCustomerView | null, render: () => T): T {
  startView = view;
  try {
    return render();
  } finally {
    startView = null;
  }
}
