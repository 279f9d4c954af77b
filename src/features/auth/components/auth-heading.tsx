import { Stack, Text, Title } from '@mantine/core';

interface AuthHeadingProps {
  title: string;
  intro?: string;
}

/** The screen's own heading under the layout's app name (an h1), hence an h2. */
export function AuthHeading({ title, intro }: AuthHeadingProps) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
    </Stack>
  );
}
