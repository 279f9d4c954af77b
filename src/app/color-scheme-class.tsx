import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';

/**
 * Puts the effective scheme ('light' or 'dark') as a class on <html> (spec section 3), and
 * keeps it right when the OS switches while the preference is 'system'. Read synchronously:
 * reading it in an effect would first report 'light' and flash a dark-mode user.
 */
export function ColorSchemeClass() {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    const root = document.documentElement;
    root.classList.remove(scheme === 'dark' ? 'light' : 'dark');
    root.classList.add(scheme);
  }, [scheme]);
  return null;
}
