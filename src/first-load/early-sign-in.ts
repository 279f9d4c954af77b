/**
 * The sign-in forms before the app's scripts have arrived. Built on its own and inlined at the
 * top of index.html (build/early-sign-in.ts), so it runs as soon as the page does: the
 * prerendered /login and /staff/login (decision 015) are on screen in about a second on slow
 * mobile data, and the app that takes them over several seconds later. Until then this script
 * answers the forms itself, with the same rules and words as the screens:
 *
 * - the customer's 'Lấy mã OTP' checks the phone, asks for the code and shows the code step
 *   (drawn by the build from the screen itself: EARLY_VIEWS), 'Đăng nhập' checks the code and
 *   signs in, 'Đổi số điện thoại' and 'Gửi lại mã' do what they say;
 * - the staff form signs in when what was typed passes the form's rules (otherwise the app
 *   shows the rule's message in its own place as it takes over: index.html holds the press);
 * - a sign-in stores the session as the app does, says so, and opens the home a second later
 *   (spec section 9), which the server renders at once for a customer with a stored address.
 *
 * One press is one request: presses while a request is in flight do nothing. The app waits for
 * a request in flight before it takes the form over and draws it again from what this script
 * left (early-sign-in-state.ts); from then on this script does nothing. Docs: decision 050.
 */
import { signInText } from '#src/i18n/sign-in';
import { compactPhone, DEFAULT_RESEND_SECONDS, otpError, phoneError } from '#src/lib/form-rules';
import { readStoredLocation } from '#src/lib/stored-location';
import {
  KEYS,
  SIGN_IN_REDIRECT_MS,
  storeSession,
  write,
  type SessionUser,
} from '#src/lib/stored-session';
import { validateStaffLogin } from '#src/features/auth/staff-login-rules';
import {
  EARLY_ACTION_ATTRIBUTE,
  EARLY_FORM_ATTRIBUTE,
  EARLY_MESSAGE_SLOT,
  EARLY_VIEWS,
  type EarlyFieldError,
  type EarlySignIn,
  type EarlyViewId,
} from '../lib/early-sign-in-state';
import { renderHintOf, writeRenderHintCookie } from './render-hint-cookie';

/**
 * A reply that has not come in 8 s ends as no reply: the button is pressable again with the
 * reason said, on a connection that looks up but lets nothing through, and the app's start
 * (which waits for this script's request) is never held longer.
 */
const REQUEST_TIMEOUT_MS = 8_000;
/**
 * How long a staff sign-in waits for the app after its second before opening the home with a
 * page load instead (scripts that never arrive must not leave a signed-in form on screen).
 */
const STAFF_APP_WAIT_MS = 15_000;
/** How long a message stays, as the app's toasts (lib/toast.ts). */
const TOAST_MS = 4000;
const ACCOUNT_LOCKED = 'ACCOUNT_LOCKED';
const RESEND_TOO_SOON = 'OTP_RESEND_TOO_SOON';

interface Reply {
  /** Undefined when no answer came at all. */
  status?: number;
  body?: {
    success?: boolean;
    message?: string;
    code?: string;
    data?: Record<string, unknown>;
    errors?: Array<{ path?: string; message?: string }>;
  };
  retryAfter?: number;
}

const state: EarlySignIn = {
  pending: null,
  leaving: false,
  signedInAt: null,
  customer: null,
  handedOver: false,
};
window.__monNgonEarlySignIn = state;

const root = document.documentElement;

function acting(): boolean {
  return !state.handedOver && !root.hasAttribute('data-app-ready');
}

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

async function post(path: string, body: unknown): Promise<Reply> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(`/api/${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: abort.signal,
      // Ahead of the app's own files, which download meanwhile at low priority.
      priority: 'high',
    });
    let json: Reply['body'];
    try {
      json = (await response.json()) as Reply['body'];
    } catch {
      json = undefined;
    }
    const retry = Number(response.headers.get('retry-after'));
    return {
      status: response.status,
      body: json,
      retryAfter: Number.isFinite(retry) && retry > 0 ? retry : undefined,
    };
  } catch {
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/** One request of the script's at a time; the app waits for it (takeOverFromEarlySignIn). */
function run(form: HTMLFormElement, work: () => Promise<void>): void {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  // The label stays: a slow reply shows a greyed button that still says what it does.
  button?.setAttribute('disabled', '');
  button?.setAttribute('aria-busy', 'true');
  state.pending = work().finally(() => {
    state.pending = null;
    if (state.signedInAt !== null) return;
    const current = form.querySelector<HTMLButtonElement>('button[type=submit]');
    current?.removeAttribute('disabled');
    current?.removeAttribute('aria-busy');
  });
}

let toastElement: HTMLElement | null = null;
let toastTimer = 0;

/** A message in the place and colours of the app's toasts; the newest replaces the last. */
function toast(message: string, kind: 'success' | 'error'): void {
  toastElement?.remove();
  clearTimeout(toastTimer);
  const element = document.createElement('div');
  element.className = 'early-toast';
  element.setAttribute('data-kind', kind);
  element.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  element.textContent = message;
  document.body.appendChild(element);
  toastElement = element;
  toastTimer = window.setTimeout(() => element.remove(), TOAST_MS);
}

/**
 * The session is stored and the home opens a second later. A customer's with a page load: the
 * server draws their home with its dishes at once (decision 016). A staff member's by the app,
 * from the scripts already on their way (the dashboard is not drawn by the server); a page load
 * only if the app has not come in a while.
 */
function signedIn(user: SessionUser, tokens: { access_token: string }, kind: 'customer' | 'staff') {
  const userType = storeSession({
    user,
    tokens,
    ...(kind === 'customer' ? { userType: 'customer' as const } : {}),
  });
  writeRenderHintCookie(renderHintOf(user, userType, readStoredLocation()));
  state.signedInAt = Date.now();
  toast(signInText.signedIn, 'success');
  if (kind === 'customer') {
    state.leaving = true;
    setTimeout(() => location.replace('/'), SIGN_IN_REDIRECT_MS);
    return;
  }
  setTimeout(() => {
    if (!state.handedOver) location.replace('/');
  }, SIGN_IN_REDIRECT_MS + STAFF_APP_WAIT_MS);
}

function sessionOf(reply: Reply, userField: 'customer' | 'user') {
  const data = reply.body?.data;
  const user = data?.[userField];
  const tokens = data?.tokens as { access_token?: unknown } | undefined;
  if (reply.body?.success !== true || typeof user !== 'object' || user === null) return null;
  if (typeof tokens?.access_token !== 'string') return null;
  return { user: user as SessionUser, tokens: tokens as { access_token: string } };
}

// --- The customer form --------------------------------------------------------------------

let countdownTimer = 0;

function field(form: HTMLFormElement, name: string): HTMLInputElement | null {
  return form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
}

/** The resend button's words and state, once a second until a new code may be asked for. */
function showCountdown(form: HTMLFormElement): void {
  clearInterval(countdownTimer);
  const tick = () => {
    const button = form.querySelector<HTMLButtonElement>(`[${EARLY_ACTION_ATTRIBUTE}="resend"]`);
    const view = state.customer;
    if (!button || !view || !acting()) {
      clearInterval(countdownTimer);
      return;
    }
    const left = Math.max(0, Math.ceil((view.resendAt - Date.now()) / 1000));
    button.textContent = left > 0 ? signInText.customer.resendIn(left) : signInText.customer.resend;
    button.disabled = left > 0;
    // Mantine's dimmed text, as the screen draws the link while it waits.
    button.style.color = left > 0 ? 'var(--mantine-color-dimmed)' : '';
    if (left === 0) clearInterval(countdownTimer);
  };
  tick();
  countdownTimer = window.setInterval(tick, 1000);
}

/**
 * Shows a view of the customer form: the prerendered phone step as it was, or one of the
 * build's views, with what was typed kept and the message in its place.
 */
function showCustomerView(
  form: HTMLFormElement,
  next: { sentTo: string | null; resendAt: number; error: EarlyFieldError | null },
): void {
  const phone = field(form, 'phone')?.value ?? '';
  const code = field(form, 'code')?.value ?? '';
  const id: EarlyViewId | null = next.sentTo
    ? next.error
      ? EARLY_VIEWS.codeError
      : EARLY_VIEWS.codeStep
    : next.error
      ? EARLY_VIEWS.phoneError
      : null;
  const source = id ? document.getElementById(id) : document.getElementById(EARLY_PHONE_STEP_ID);
  const view =
    source instanceof HTMLTemplateElement
      ? source.content.querySelector('form')
      : source?.querySelector('form');
  if (!view) return;
  form.replaceChildren(...[...view.cloneNode(true).childNodes]);
  const walker = document.createTreeWalker(form, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue === EARLY_MESSAGE_SLOT) node.nodeValue = next.error?.message ?? '';
  }
  const phoneField = field(form, 'phone');
  const codeField = field(form, 'code');
  if (phoneField) phoneField.value = phone;
  if (codeField && next.error?.field === 'code') codeField.value = code;
  state.customer = { ...next, phone: '', code: '' };
  if (next.sentTo) showCountdown(form);
  const focus = next.error?.field === 'phone' || !next.sentTo ? phoneField : codeField;
  focus?.focus();
  if (next.error?.field === 'code') codeField?.select();
}

/** The id of the copy of the phone step as prerendered, for 'Đổi số điện thoại'. */
const EARLY_PHONE_STEP_ID = 'early-sign-in-phone';

function keepPhoneStep(form: HTMLFormElement): void {
  if (document.getElementById(EARLY_PHONE_STEP_ID)) return;
  const copy = document.createElement('template');
  copy.id = EARLY_PHONE_STEP_ID;
  copy.content.appendChild(form.cloneNode(true));
  document.body.appendChild(copy);
}

function requestCode(form: HTMLFormElement, to: string, onPhoneStep: boolean): void {
  run(form, async () => {
    const reply = await post('auth/customer/send-otp/', { phone: to });
    const current = state.customer;
    if (reply.status !== undefined && reply.status < 300 && reply.body?.success === true) {
      toast(signInText.customer.codeSent, 'success');
      const wait = Number(reply.body.data?.resend_after);
      const seconds = Number.isFinite(wait) ? wait : DEFAULT_RESEND_SECONDS;
      showCustomerView(form, { sentTo: to, resendAt: Date.now() + seconds * 1000, error: null });
      return;
    }
    if (reply.status === undefined || reply.status < 400) {
      toast(signInText.customer.sendFailed, 'error');
      return;
    }
    if (reply.status === 429) {
      // Too soon or too many: the server says how long to wait.
      toast(nonEmpty(reply.body?.message) ?? signInText.customer.sendFailed, 'error');
      const resendAt = Date.now() + (reply.retryAfter ?? DEFAULT_RESEND_SECONDS) * 1000;
      // The code sent a moment ago (before a reload, say) is still valid: let it be typed.
      if (onPhoneStep && reply.body?.code === RESEND_TOO_SOON) {
        showCustomerView(form, { sentTo: to, resendAt, error: null });
      } else if (current) {
        state.customer = { ...current, resendAt };
        showCountdown(form);
      }
      return;
    }
    toast(signInText.customer.sendFailed, 'error');
    const phoneProblem = reply.body?.errors?.find((item) => item.path === 'phone')?.message;
    if (onPhoneStep && nonEmpty(phoneProblem)) {
      showCustomerView(form, {
        sentTo: null,
        resendAt: 0,
        error: { field: 'phone', message: phoneProblem! },
      });
    }
  });
}

function verify(form: HTMLFormElement, phone: string, code: string): void {
  run(form, async () => {
    const reply = await post('auth/customer/verify-otp/', { phone, otp_code: code });
    const session = sessionOf(reply, 'customer');
    if (session) {
      signedIn(session.user, session.tokens, 'customer');
      return;
    }
    const message =
      reply.status === undefined
        ? signInText.noResponse
        : reply.status < 300
          ? (nonEmpty(reply.body?.message) ?? signInText.customer.wrongCode)
          : reply.body?.code === ACCOUNT_LOCKED
            ? (nonEmpty(reply.body.message) ?? signInText.locked)
            : (nonEmpty(reply.body?.message) ?? signInText.customer.verifyFailed);
    toast(message, 'error');
    const codeField = field(form, 'code');
    codeField?.focus();
    codeField?.select();
  });
}

function customerSubmit(form: HTMLFormElement): void {
  const view = state.customer;
  if (view?.sentTo) {
    const code = field(form, 'code')?.value ?? '';
    const problem = otpError(code);
    if (problem) {
      showCustomerView(form, { ...view, error: { field: 'code', message: problem } });
      return;
    }
    verify(form, view.sentTo, code.trim());
    return;
  }
  // Enter in the phone field while the server still asks to wait.
  if (view && view.resendAt > Date.now()) return;
  const raw = field(form, 'phone')?.value ?? '';
  const problem = phoneError(raw);
  if (problem) {
    keepPhoneStep(form);
    showCustomerView(form, {
      sentTo: null,
      resendAt: 0,
      error: { field: 'phone', message: problem },
    });
    return;
  }
  keepPhoneStep(form);
  requestCode(form, compactPhone(raw), true);
}

function customerAction(form: HTMLFormElement, action: string): void {
  const view = state.customer;
  if (!view?.sentTo) return;
  if (action === 'change-phone') {
    clearInterval(countdownTimer);
    showCustomerView(form, { sentTo: null, resendAt: 0, error: null });
    field(form, 'phone')?.focus();
  } else if (action === 'resend' && view.resendAt <= Date.now()) {
    requestCode(form, view.sentTo, false);
  }
}

// --- The staff form -----------------------------------------------------------------------

/** False when the app should answer (a rule's message goes in the form, in its own place). */
function staffSubmit(form: HTMLFormElement): boolean {
  const username = field(form, 'username')?.value ?? '';
  const password = field(form, 'password')?.value ?? '';
  const problems = validateStaffLogin({ username, password });
  if (problems.username || problems.password) return false;
  run(form, async () => {
    const reply = await post('auth/staff/login/', { username: username.trim(), password });
    const session = sessionOf(reply, 'user');
    if (session) {
      signedIn(session.user, session.tokens, 'staff');
      return;
    }
    // Spec section 8: a failed staff login also clears any stored user and tokens.
    for (const key of Object.values(KEYS)) write(key, null);
    const message =
      reply.status === undefined
        ? signInText.noResponse
        : reply.body?.code === ACCOUNT_LOCKED
          ? (nonEmpty(reply.body.message) ?? signInText.locked)
          : reply.status === 429
            ? (nonEmpty(reply.body?.message) ?? signInText.staff.failed)
            : signInText.staff.failed;
    toast(message, 'error');
    const passwordField = field(form, 'password');
    passwordField?.focus();
    passwordField?.select();
  });
  return true;
}

// --- Presses ------------------------------------------------------------------------------

function earlyForm(target: EventTarget | null): HTMLFormElement | null {
  if (!(target instanceof Element)) return null;
  const form = target.closest(`form[${EARLY_FORM_ATTRIBUTE}]`);
  return form instanceof HTMLFormElement ? form : null;
}

/** Takes the press from index.html's hold (registered after this one) and from the browser. */
function take(event: Event): void {
  event.preventDefault();
  event.stopImmediatePropagation();
}

function submit(form: HTMLFormElement, event: Event): void {
  if (state.pending || state.signedInAt !== null) {
    // One press, one request: the one in flight answers.
    take(event);
    return;
  }
  const kind = form.getAttribute(EARLY_FORM_ATTRIBUTE);
  if (kind === 'customer') {
    take(event);
    customerSubmit(form);
  } else if (kind === 'staff' && staffSubmit(form)) {
    take(event);
  }
}

document.addEventListener(
  'submit',
  (event) => {
    const form = earlyForm(event.target);
    if (form && acting()) submit(form, event);
  },
  true,
);

document.addEventListener(
  'click',
  (event) => {
    if (!acting() || !(event.target instanceof Element)) return;
    const button = event.target.closest('button');
    const form = earlyForm(button);
    if (!button || !form) return;
    if (button.type === 'submit') {
      submit(form, event);
      return;
    }
    const action = button.getAttribute(EARLY_ACTION_ATTRIBUTE);
    if (!action) return;
    take(event);
    if (!state.pending && state.signedInAt === null) customerAction(form, action);
  },
  true,
);
