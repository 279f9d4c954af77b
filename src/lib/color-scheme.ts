import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/**
 * The theme preference of spec section 3: 'light', 'dark' or 'system', stored in localStorage
 * under 'theme'. Mantine calls 'system' 'auto'. The inline script in index.html reads the same
 * key before the first paint; keep the two in step.
 */
export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'theme';

export function toMantineScheme(preference: string | null): MantineColorScheme | null {
  if (preference === 'light' || preference === 'dark') return preference;
  if (preference === 'system') return 'auto';
  return null;
}

export function toPreference(scheme: MantineColorScheme): ThemePreference {
  return scheme === 'auto' ? 'system' : scheme;
}

export function themeColorSchemeManager(): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get(defaultValue) {
      try {
        return toMantineScheme(localStorage.getItem(THEME_STORAGE_KEY)) ?? defaultValue;
      } catch {
        return defaultValue;
      }
    },
    set(value) {
      try {
        localStorage.setItem(THEME_STORAGE_KEY, toPreference(value));
      } catch {
        // Without storage the choice still holds for this visit.
      }
    },
    // Another tab changed the theme: follow it.
    subscribe(onUpdate) {
      onStorage = (event) => {
        if (event.storageArea !== localStorage || event.key !== THEME_STORAGE_KEY) return;
        const scheme = toMantineScheme(event.newValue);
        if (scheme) onUpdate(scheme);
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe() {
      if (onStorage) window.removeEventListener('storage', onStorage);
    },
    clear() {
      try {
        localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}
