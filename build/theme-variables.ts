import { runnerImport, type Plugin } from 'vite';

/** The module that computes the theme's CSS from src/app/theme.ts, run in Node by Vite. */
const THEME_CSS_SOURCE = 'src/app/theme-css.ts';

interface ThemeCssModule {
  themeCss(): { variables: string; classes: string };
}

/**
 * Writes the theme's CSS into index.html's head (src/app/mantine-provider.tsx says why), in the
 * dev server too: without it the app would have Mantine's colours. Unlayered, like the style
 * elements it replaces, so it wins over Mantine's `@layer mantine`. The theme is the app's
 * module, loaded through Vite rather than imported here: its types are the browser's, which the
 * build's Node code does not share.
 */
export function themeVariables(): Plugin {
  let css: Promise<string> | undefined;
  return {
    name: 'mon-ngon:theme-variables',
    async transformIndexHtml() {
      css ??= runnerImport<ThemeCssModule>(THEME_CSS_SOURCE, {
        configFile: false,
        logLevel: 'error',
      }).then(({ module }) => {
        const { variables, classes } = module.themeCss();
        return variables + classes;
      });
      return [
        {
          tag: 'style',
          attrs: { 'data-theme-variables': '' },
          children: await css,
          injectTo: 'head',
        },
      ];
    },
  };
}
