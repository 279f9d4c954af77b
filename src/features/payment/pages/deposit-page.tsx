import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { walletBalanceQuery } from '#src/api/wallet';
import { BackButton } from '#src/components/back-button';
import { WalletBalance } from '#src/components/wallet-balance';
import { vi } from '#src/i18n/vi';
import { openPaymentPopup, savePaymentRedirect } from '#src/lib/payment-popup';
import { toast } from '#src/lib/toast';
import { useCreateDeposit } from '../api/create-deposit';
import { AmountForm } from '../components/amount-form';
import { refusalMessage } from '../refusal';

const text = vi.wallet;

/** Common top-ups, all inside the server's 5.000 ₫ to 100.000.000 ₫ range. */
const PRESETS = [50_000, 100_000, 200_000, 500_000] as const;

/**
 * After the payment window closed: read the balance again and say 'Đã nạp tiền' only when it
 * went up. Closing the window also ends a cancelled or failed payment, and a success message
 * then would be a lie; those outcomes the result page inside the window already told.
 */
async function refreshAfterDeposit(queryClient: QueryClient, before: number | undefined) {
  let after: number;
  try {
    after = await queryClient.fetchQuery({ ...walletBalanceQuery, staleTime: 0 });
  } catch {
    toast.error(text.refreshFailed);
    return;
  }
  if (before !== undefined && after > before) toast.success(text.deposited);
}

/**
 * /payment/deposit (spec 2.16): the amount, then the VNPay payment in the popup of spec section
 * 4. The server checks the 5.000 ₫ to 100.000.000 ₫ range and says so in its own words.
 */
export function DepositPage() {
  const queryClient = useQueryClient();
  const deposit = useCreateDeposit();

  const submit = async (amount: number): Promise<boolean> => {
    // The balance to compare with once the window closes; normally already on screen.
    const before = await queryClient.ensureQueryData(walletBalanceQuery).catch(() => undefined);
    let url: string;
    try {
      url = await deposit.mutateAsync(amount);
    } catch (error) {
      toast.error(refusalMessage(error, text.depositFailed));
      return false;
    }
    // Spec section 3: the result page (in the popup, or here after a redirect) reads it.
    savePaymentRedirect({ type: 'deposit' });
    const popup = openPaymentPopup(url, {
      onClosed: () => void refreshAfterDeposit(queryClient, before),
    });
    if (!popup.ok) {
      toast.error(text.popupBlocked);
      return false;
    }
    return true;
  };

  return (
    <Stack gap="md" maw={560} mx="auto">
      <BackButton label={text.back} />
      <Title order={1} size="h2">
        {text.depositTitle}
      </Title>
      <Paper withBorder radius="md" px="md" py="sm">
        <WalletBalance />
      </Paper>
      <Text size="sm" c="dimmed">
        {text.depositHint}
      </Text>
      <AmountForm
        submitLabel={text.createDeposit}
        onSubmit={submit}
        busy={deposit.isPending}
        presets={PRESETS}
      />
    </Stack>
  );
}
