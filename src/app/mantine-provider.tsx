import {
  MantineContext,
  MantineThemeProvider,
  useProviderColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { useLayoutEffect, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

const getRootElement = () => document.documentElement;

/**
 * Mantine's MantineProvider without the two `<style>` elements it renders: the theme's CSS
 * variables and the breakpoint classes. Both follow from the theme alone, so the build writes
 * them once into index.html's head (build/theme-variables.ts, which computes them with Mantine's
 * own functions; tests/ui/mantine-provider.test.tsx checks they are what MantineProvider
 * renders). MantineProvider computes them at every start, and even importing it computes
 * Mantine's default variables: together some 100 ms of a slow phone's start, on every page.
 * The context is MantineProvider's, with its defaults and our props; its type names every
 * field a newer Mantine would require.
 */
export function AppMantineProvider({
  colorSchemeManager,
  children,
}: {
  colorSchemeManager: MantineColorSchemeManager;
  children: ReactNode;
}) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    // docs/decisions/003: the theme follows the OS until the user picks light or dark.
    defaultColorScheme: 'auto',
    manager: colorSchemeManager,
    getRootElement,
    forceColorScheme: undefined,
  });
  // What MantineProvider does with `respectReducedMotion`.
  useLayoutEffect(() => {
    if (theme.respectReducedMotion)
      getRootElement().setAttribute('data-respect-reduced-motion', 'true');
  }, []);
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesResolver,
        cssVariablesSelector: ':root',
        withStaticClasses: true,
        deduplicateInlineStyles: false,
      }}
    >
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
