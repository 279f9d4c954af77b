/**
 * What was typed on the screen, kept across the reload that 'Tải lại' of the new version's
 * prompt makes (app/pwa.tsx): someone halfway through the delivery address who takes the new
 * version finds the address still there. Fields are known by their label, the only name they
 * keep from one page load to the next; passwords are never kept. The record lives in
 * sessionStorage (this tab only) and is read once, by the page that follows, which loads this
 * module only when there is one (early-input.ts).
 */
import { TYPED_BEFORE_RELOAD_KEY, TYPED_FIELDS, typeInto, type TypedField } from './early-input';

// Typed text fields, never a password.
const FIELDS = `:is(${TYPED_FIELDS}):not([type=hidden]):not([type=password])`;
/** How long the next page looks for the fields: a screen draws them once its data is there. */
const RESTORE_WINDOW_MS = 10_000;

interface KeptField {
  label: string;
  value: string;
}

interface Kept {
  /** The address the fields were on: another screen after the reload gets nothing. */
  at: string;
  fields: KeptField[];
}

function labelOf(field: TypedField): string | null {
  const labels = [...(field.labels ?? [])].map((label) => label.textContent ?? '').join(' ');
  const text = (labels || field.getAttribute('aria-label') || '')
    .replace(/\s+/g, ' ')
    .replace(/\s*\*$/, '')
    .trim();
  return text === '' ? null : text;
}

const here = () => location.pathname + location.search;

function fieldsOnScreen(): TypedField[] {
  return [...document.querySelectorAll<TypedField>(`#root ${FIELDS}`)];
}

/** Notes the labelled fields that hold text, just before the page reloads. */
export function keepTypedAcrossReload(): void {
  const fields = fieldsOnScreen().flatMap((field): KeptField[] => {
    const label = labelOf(field);
    return label && field.value !== '' ? [{ label, value: field.value }] : [];
  });
  if (fields.length === 0) return;
  try {
    sessionStorage.setItem(
      TYPED_BEFORE_RELOAD_KEY,
      JSON.stringify({ at: here(), fields } satisfies Kept),
    );
  } catch {
    // Storage refused (private mode, full): the reload goes ahead without the text.
  }
}

function readKept(): Kept | null {
  try {
    const raw = sessionStorage.getItem(TYPED_BEFORE_RELOAD_KEY);
    sessionStorage.removeItem(TYPED_BEFORE_RELOAD_KEY);
    const kept = raw ? (JSON.parse(raw) as Partial<Kept>) : null;
    return typeof kept?.at === 'string' && Array.isArray(kept.fields) ? (kept as Kept) : null;
  } catch {
    return null;
  }
}

/**
 * Puts the text kept by the page before back into the fields of the same labels, as each
 * appears on the same screen within a few seconds. Called once the app has the screen.
 */
export function restoreTypedAfterReload(): void {
  const kept = readKept();
  if (kept?.at !== here()) return;
  const waiting = new Map(kept.fields.map(({ label, value }) => [label, value]));
  const fill = () => {
    for (const field of fieldsOnScreen()) {
      const label = labelOf(field);
      const value = label === null ? undefined : waiting.get(label);
      if (value === undefined) continue;
      waiting.delete(label!);
      if (field.value !== value) typeInto(field, value);
    }
    if (waiting.size === 0) stop();
  };
  const observer = new MutationObserver(fill);
  const timer = window.setTimeout(() => stop(), RESTORE_WINDOW_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  fill();
}
