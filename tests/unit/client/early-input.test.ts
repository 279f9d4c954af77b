import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adoptEarlyInput, captureEarlyInput } from '#src/first-load/early-input';
import { earlyCustomerStartUsed, takeOverFromEarlySignIn } from '#src/lib/early-sign-in-state';

// What was done on a sent screen before the app took it over (docs/decisions/015 and 016).

const root = document.documentElement;
let container: HTMLElement;

/** Types as a browser does: the value changes, then an input event. */
function type(field: HTMLInputElement, text: string): void {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * adoptEarlyInput's two steps, a task apart: two zero-delay timers, queued after each of its
 * own, so they run after its second step however late the machine runs them (a 10 ms timer
 * came first when a busy machine ran the first step late).
 */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const adopted = () => nextTask().then(nextTask);

/** What a hydrated screen would see: each input event's text and each press. */
function listen() {
  const seen: string[] = [];
  container.addEventListener('input', (event) =>
    seen.push(`input ${(event.target as HTMLInputElement).value}`),
  );
  container.addEventListener('click', (event) => {
    if (!root.hasAttribute('data-app-ready')) seen.push('press before ready');
    else seen.push(`press ${(event.target as HTMLElement).textContent}`);
  });
  return seen;
}

beforeEach(() => {
  root.removeAttribute('data-app-ready');
  container = document.createElement('div');
  container.innerHTML =
    '<form><input name="phone" value=""><input name="code" value=""><button type="button">Lấy mã OTP</button></form>';
  document.body.append(container);
});

afterEach(() => {
  container.remove();
  delete window.__monNgonEarlySignIn;
  earlyCustomerStartUsed();
  delete window.__monNgonHeldClick;
  delete window.__monNgonHeldSubmit;
  root.removeAttribute('data-app-ready');
});

describe('early input', () => {
  it('gives back the text typed before hydration, then marks the app ready and presses the held button', async () => {
    const [phone] = container.querySelectorAll('input');
    type(phone!, '0912 345 678');
    window.__monNgonHeldClick = container.querySelector('button')!;
    captureEarlyInput(container);
    // Hydration puts the field back as the HTML had it.
    phone!.value = '';
    const seen = listen();
    adoptEarlyInput();
    await adopted();
    expect(phone!.value).toBe('0912 345 678');
    expect(seen).toEqual(['input 0912 345 678', 'press Lấy mã OTP']);
    expect(root.hasAttribute('data-app-ready')).toBe(true);
    expect(window.__monNgonHeldClick).toBeUndefined();
  });

  it('leaves alone a field typed into again while hydrating: React has that newer text', async () => {
    const [phone, code] = container.querySelectorAll('input');
    type(phone!, '0912');
    type(code!, '12');
    captureEarlyInput(container);
    type(phone!, '0912 345 678');
    code!.value = '';
    const seen = listen();
    adoptEarlyInput();
    await adopted();
    expect(phone!.value).toBe('0912 345 678');
    // The other field was only reset by hydration, and gets its text back.
    expect(code!.value).toBe('12');
    expect(seen).toEqual(['input 12']);
  });

  it('does not press a held button that is gone or disabled by then', async () => {
    const button = container.querySelector('button')!;
    window.__monNgonHeldClick = button;
    captureEarlyInput(container);
    button.disabled = true;
    const seen = listen();
    adoptEarlyInput();
    await adopted();
    expect(seen).toEqual([]);
    expect(root.hasAttribute('data-app-ready')).toBe(true);
  });
});

describe("the sign-in script's form drawn again by the app", () => {
  const PHONE = '0912345678';
  const customerForm = (code: string) =>
    `<form data-early-sign-in="customer"><input name="phone" value="${PHONE}"><input name="code" value="${code}"><button type="submit">Đăng nhập</button></form>`;

  /** The script has sent the code; the app takes the form over, then draws its own. */
  async function takeOverThenDraw(typeOnTheScriptsForm: string | null) {
    window.__monNgonEarlySignIn = {
      pending: null,
      leaving: false,
      signedInAt: null,
      customer: { sentTo: PHONE, resendAt: 0, error: null, phone: PHONE, code: '' },
      handedOver: false,
    };
    container.innerHTML = customerForm('');
    expect(await takeOverFromEarlySignIn()).toEqual({
      redraw: true,
      leaving: false,
      signedInAt: null,
    });
    const scripts = container.querySelector<HTMLInputElement>('input[name="code"]')!;
    if (typeOnTheScriptsForm !== null) type(scripts, typeOnTheScriptsForm);
    // The app's first commit puts its form, drawn from the take-over's text, in place.
    container.innerHTML = customerForm('');
    return container.querySelector<HTMLInputElement>('input[name="code"]')!;
  }

  it('carries a code typed on the script form after the take-over to the form drawn in its place', async () => {
    const code = await takeOverThenDraw('123456');
    adoptEarlyInput();
    await adopted();
    expect(code.value).toBe('123456');
  });

  it("keeps a code typed on the app's form the moment it was drawn", async () => {
    const code = await takeOverThenDraw(null);
    type(code, '654321');
    adoptEarlyInput();
    await adopted();
    expect(code.value).toBe('654321');
  });

  it("keeps what was typed on the app's form over what was typed on the script's", async () => {
    const code = await takeOverThenDraw('111111');
    type(code, '222222');
    adoptEarlyInput();
    await adopted();
    expect(code.value).toBe('222222');
  });
});
