import { describe, expect, it } from 'vitest';
import { themeColorSchemeManager } from '#src/lib/color-scheme';

describe('theme preference storage (key "theme": light | dark | system)', () => {
  const manager = themeColorSchemeManager();

  it('maps the stored values to Mantine schemes, system being auto', () => {
    for (const [stored, scheme] of [
      ['light', 'light'],
      ['dark', 'dark'],
      ['system', 'auto'],
    ] as const) {
      localStorage.setItem('theme', stored);
      expect(manager.get('light')).toBe(scheme);
    }
  });

  it('falls back to the default when nothing or garbage is stored', () => {
    expect(manager.get('auto')).toBe('auto');
    localStorage.setItem('theme', 'auto');
    expect(manager.get('auto')).toBe('auto');
    localStorage.setItem('theme', 'blue');
    expect(manager.get('light')).toBe('light');
  });

  it("stores Mantine's auto as 'system'", () => {
    manager.set('auto');
    expect(localStorage.getItem('theme')).toBe('system');
    manager.set('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    manager.clear();
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('follows a change made in another tab', () => {
    const updates: string[] = [];
    manager.subscribe((scheme) => updates.push(scheme));
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'theme', newValue: 'system', storageArea: localStorage }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'other', newValue: 'dark', storageArea: localStorage }),
    );
    manager.unsubscribe();
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'theme', newValue: 'dark', storageArea: localStorage }),
    );
    expect(updates).toEqual(['auto']);
  });
});
