import { MantineProvider, useMantineTheme } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppMantineProvider } from '#src/app/mantine-provider';
import { cssVariablesResolver, theme } from '#src/app/theme';
import { themeCss } from '#src/app/theme-css';
import { themeColorSchemeManager } from '#src/lib/color-scheme';

function PrimaryColor() {
  const { primaryColor, colors } = useMantineTheme();
  return <p>{`${primaryColor} ${colors[primaryColor]![7]}`}</p>;
}

describe('the theme CSS the build writes into index.html', () => {
  it('is what MantineProvider renders into the page for the theme', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <PrimaryColor />
      </MantineProvider>,
    );
    const variables = document.querySelector('style[data-mantine-styles="true"]');
    const classes = document.querySelector('style[data-mantine-styles="classes"]');
    const written = themeCss();
    expect(written.variables).toBe(variables?.innerHTML);
    expect(written.classes).toBe(classes?.innerHTML);
    // The theme's own colours and the contrast fixes are in it, for light and dark.
    expect(written.variables).toContain('--mantine-color-tomato-7: #cf3f16;');
    expect(written.variables).toContain('--mantine-color-dimmed: #646b73;');
    expect(written.variables).toContain('--mantine-color-dimmed: #a3a3a3;');
  });
});

describe('AppMantineProvider', () => {
  it('gives the screens the theme without rendering the CSS into the page', () => {
    render(
      <AppMantineProvider colorSchemeManager={themeColorSchemeManager()}>
        <PrimaryColor />
      </AppMantineProvider>,
    );
    expect(screen.getByText('tomato #cf3f16')).toBeInTheDocument();
    expect(document.querySelector('style[data-mantine-styles]')).toBeNull();
    expect(document.documentElement).toHaveAttribute('data-respect-reduced-motion', 'true');
  });
});
