import '@mantine/core/styles/Alert.layer.css';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { BackButton } from '#src/components/back-button';
import { WalletBalance } from '#src/components/wallet-balance';
import { vi } from '#src/i18n/vi';
import { isStaffLevel, session } from '#src/lib/session';
import { toast } from '#src/lib/toast';
import { useWithdraw } from '../api/withdraw';
import { AmountForm } from '../components/amount-form';
import { refusalMessage } from '../refusal';

const text = vi.wallet;

function WithdrawForm() {
  const withdraw = useWithdraw();
  const submit = async (amount: number): Promise<boolean> => {
    try {
      await withdraw.mutateAsync(amount);
    } catch (error) {
      // 'Số dư không đủ' above the balance, the role refusal, ... in the server's words.
      toast.error(refusalMessage(error, text.withdrawFailed));
      return false;
    }
    toast.success(text.withdrawn);
    return true;
  };
  return (
    <>
      <Paper withBorder radius="md" px="md" py="sm">
        <WalletBalance />
      </Paper>
      <Text size="sm" c="dimmed">
        {text.withdrawHint}
      </Text>
      <AmountForm submitLabel={text.withdrawSubmit} onSubmit={submit} busy={withdraw.isPending} />
    </>
  );
}

/**
 * /payment/withdraw (spec 2.16, section 6): staff-level users only. The profile offers the
 * button to owners alone, but the page itself lets staff in too; a customer who types the
 * address reads why there is no form rather than meeting the server's refusal after typing.
 */
export function WithdrawPage() {
  const { user } = useSnapshot(session);
  return (
    <Stack gap="md" maw={560} mx="auto">
      <BackButton label={text.back} />
      <Title order={1} size="h2">
        {text.withdrawTitle}
      </Title>
      {isStaffLevel(user?.role) ? (
        <WithdrawForm />
      ) : (
        <Alert color="yellow">{text.withdrawForbidden}</Alert>
      )}
    </Stack>
  );
}
