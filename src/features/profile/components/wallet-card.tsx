import { Button, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { WalletBalance } from '#src/components/wallet-balance';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { isOwner, session } from '#src/lib/session';

const text = vi.wallet;

/**
 * Spec 2.15 and section 6: the balance with a top-up button for everyone and a withdraw button
 * for owners only (staff may still open /payment/withdraw, the page itself allows them). The
 * role comes from the session rather than the profile reply, so the card works before the
 * profile has loaded, or offline.
 */
export function WalletCard() {
  const { user } = useSnapshot(session);
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {text.cardTitle}
        </Title>
        <WalletBalance>
          <Button component={Link} to={paths.deposit} size="sm">
            {text.deposit}
          </Button>
          {isOwner(user?.role) ? (
            <Button component={Link} to={paths.withdraw} size="sm" variant="light">
              {text.withdraw}
            </Button>
          ) : null}
        </WalletBalance>
      </Stack>
    </Paper>
  );
}
