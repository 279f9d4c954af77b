import { afterEach, describe, expect, it, vi } from 'vitest';
import html from '../../../index.html?raw';

const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

function runThemeScript({ stored, osDark }: { stored: string | null; osDark: boolean }) {
  const root = document.documentElement;
  root.className = '';
  root.removeAttribute('data-mantine-color-scheme');
  if (stored !== null) localStorage.setItem('theme', stored);
  vi.mocked(window.matchMedia).mockImplementation(
    (query: string) =>
      ({ matches: osDark && query === '(prefers-color-scheme: dark)' }) as MediaQueryList,
  );
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script as the browser runs it
  new Function(inline)();
  return { className: root.className, attribute: root.getAttribute('data-mantine-color-scheme') };
}

// The theme script configures zod for the page (its global configuration object); the files of
// this worker share one window, so the setting is put back after each test.
const zodConfig = ((
  window as unknown as { __zod_globalConfig?: { jitless?: boolean } }
).__zod_globalConfig ??= {});
const zodJitless = zodConfig.jitless;

afterEach(() => {
  localStorage.clear();
  zodConfig.jitless = zodJitless;
});

describe('index.html', () => {
  it('is Vietnamese, with a Vietnamese title and description', () => {
    expect(html).toMatch(/<html lang="vi"/);
    expect(html).toMatch(/<title>Món Ngon – [^<]+<\/title>/);
    expect(html).toMatch(/<meta\s+name="description"\s+content="[^"]*món[^"]*"/);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('src="/src/main.tsx"');
  });

  it('paints a splash from the HTML alone, hidden when scripts are off (nothing would remove it)', () => {
    expect(html).toMatch(/<div id="splash" aria-hidden="true">\s*<img src="\/logo.svg"/);
    expect(html).toMatch(/<noscript>\s*<style>\s*#splash \{\s*display: none;/);
  });

  it('takes its theme-color from the same constant as the manifest', () => {
    expect(html).toContain('<meta name="theme-color" content="%THEME_COLOR%" />');
  });

  it.each([
    [null, false, 'light'],
    [null, true, 'dark'],
    ['system', true, 'dark'],
    ['system', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['garbage', true, 'dark'],
  ])('applies stored %s (OS dark: %s) as %s before the first paint', (stored, osDark, expected) => {
    expect(runThemeScript({ stored, osDark })).toEqual({
      className: expected,
      attribute: expected,
    });
  });

  it("turns zod's eval probe off before zod loads: the Content-Security-Policy refuses eval", () => {
    zodConfig.jitless = undefined;
    runThemeScript({ stored: null, osDark: false });
    expect(zodConfig.jitless).toBe(true);
  });

  it('holds back the first press of a button on a sent screen until the app has taken it over', () => {
    runThemeScript({ stored: null, osDark: false });
    const root = document.documentElement;
    // Files share this document: another file's screen may have marked the app ready.
    const wasReady = root.hasAttribute('data-app-ready');
    root.removeAttribute('data-app-ready');
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div id="root"><button id="add">Thêm</button><button id="more">+</button></div>' +
        '<button id="outside">Ngoài</button>',
    );
    const reached: string[] = [];
    const listen = (event: Event) => reached.push((event.target as HTMLElement).id);
    document.body.addEventListener('click', listen);
    const press = (id: string) => document.getElementById(id)!.click();
    try {
      press('add');
      press('more');
      press('outside');
      // Only the first press inside the screen is kept, and none reaches a handler yet.
      expect(reached).toEqual(['outside']);
      expect(window.__monNgonHeldClick).toBe(document.getElementById('add'));

      root.setAttribute('data-app-ready', '');
      press('more');
      expect(reached).toEqual(['outside', 'more']);
    } finally {
      document.body.removeEventListener('click', listen);
      document.getElementById('root')?.remove();
      document.getElementById('outside')?.remove();
      delete window.__monNgonHeldClick;
      root.toggleAttribute('data-app-ready', wasReady);
    }
  });
});
