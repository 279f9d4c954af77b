import {
  convertCssVariables,
  DEFAULT_THEME,
  deepMerge,
  defaultCssVariablesResolver,
  em,
  keys,
  mergeMantineTheme,
  px,
  type ConvertCSSVariablesInput,
} from '@mantine/core';
import { cssVariablesResolver, theme } from './theme';

// Run by the build (build/theme-variables.ts), which writes the result into index.html's head;
// never part of the browser's bundle.

/** Only the entries that differ from Mantine's defaults, which its stylesheet already holds. */
function withoutDefaults(
  values: Record<string, string>,
  defaults: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => defaults[key] !== value),
  );
}

/**
 * The CSS MantineProvider renders into the page at every start for this theme (its
 * MantineCssVariables with `deduplicateCssVariables`, and MantineClasses), written once here with
 * Mantine's own functions: the theme's variables beyond Mantine's defaults, in light and dark,
 * then the breakpoint classes.
 */
export function themeCss(): { variables: string; classes: string } {
  const merged = mergeMantineTheme(DEFAULT_THEME, theme);
  const all = deepMerge(defaultCssVariablesResolver(merged), cssVariablesResolver(merged));
  const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
  const cleaned: ConvertCSSVariablesInput = {
    variables: withoutDefaults(all.variables, defaults.variables),
    light: withoutDefaults(all.light, defaults.light),
    dark: withoutDefaults(all.dark, defaults.dark),
  };
  const classes = keys(merged.breakpoints)
    .map((breakpoint) => {
      const value = merged.breakpoints[breakpoint]!;
      const inPx = value.includes('px');
      const size = px(value) as number;
      const below = inPx ? `${size - 0.1}px` : em(size - 0.1);
      const from = inPx ? `${size}px` : em(size);
      return (
        `@media (max-width: ${below}) {.mantine-visible-from-${breakpoint} {display: none !important;}}` +
        `@media (min-width: ${from}) {.mantine-hidden-from-${breakpoint} {display: none !important;}}`
      );
    })
    .join('');
  return { variables: convertCssVariables(cleaned), classes };
}
