import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { getErrorMessage } from '#src/lib/http';

interface NotLinkedNoticeProps {
  /** The server's refusal: its message says why there is nothing to show. */
  error: unknown;
  linkLabel: string;
}

/** A staff account no restaurant is linked to gets the server's words and the way to one. */
export function NotLinkedNotice({ error, linkLabel }: NotLinkedNoticeProps) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text fw={600} maw={460}>
        {getErrorMessage(error)}
      </Text>
      <Button component={Link} to={paths.staffRestaurant} size="md">
        {linkLabel}
      </Button>
    </Stack>
  );
}
