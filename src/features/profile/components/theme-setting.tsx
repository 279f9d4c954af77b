import '@mantine/core/styles/SegmentedControl.layer.css';
import { SegmentedControl, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useId } from 'react';
import { toMantineScheme, toPreference, type ThemePreference } from '#src/lib/color-scheme';
import { vi } from '#src/i18n/vi';

const text = vi.profile;

const choices: { value: ThemePreference; label: string }[] = [
  { value: 'light', label: text.themeLight },
  { value: 'dark', label: text.themeDark },
  { value: 'system', label: text.themeSystem },
];

/** Spec 2.15 and section 3: light, dark or following the system, stored by the app's manager. */
export function ThemeSetting() {
  const labelId = useId();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        {text.theme}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth
        data={choices}
        value={toPreference(colorScheme)}
        onChange={(value) => setColorScheme(toMantineScheme(value) ?? 'auto')}
      />
    </Stack>
  );
}
