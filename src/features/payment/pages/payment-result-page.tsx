import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { generatePath, Link, useLocation } from 'react-router-dom';
import type { PaymentReturnResult } from '#contract/payments';
import { orderQueries } from '#src/api/orders';
import { WALLET_QUERY_KEY } from '#src/api/wallet';
import { IconCheck } from '#src/components/action-icons';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { getErrorReply } from '#src/lib/http';
import { readPaymentRedirect } from '#src/lib/payment-popup';
import {
  paymentResultQuery,
  RESULT_POLL_LIMIT_MS,
  RESULT_POLL_MS,
} from '../api/get-payment-result';

const text = vi.paymentResult;

/** How long the success message stays readable before the popup closes itself. */
const POPUP_CLOSE_DELAY_MS = 1_500;

/**
 * Whether this page runs in the payment popup our app opened: the opener is still there and on
 * our origin. Reading a cross-origin opener's location throws, which also means 'no'.
 */
function isOurPopup(): boolean {
  try {
    const opener = window.opener as Window | null;
    return opener != null && opener !== window && opener.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The order this payment was for: from the reply, else from the paymentRedirect the paying
 * screen stored (spec section 3), which still knows it when the reply could not be verified.
 */
function orderIdOf(result: PaymentReturnResult | undefined): number | null {
  if (result) return result.purpose === 'order' ? result.order_id : null;
  const stored = readPaymentRedirect();
  return stored?.type === 'order' ? (stored.orderId ?? null) : null;
}

type Outcome = 'processing' | 'stillProcessing' | 'success' | 'failed' | 'unverifiable';

function Headline({ outcome }: { outcome: Outcome }) {
  switch (outcome) {
    case 'success':
      return (
        <Group gap="xs" justify="center" c="green">
          <IconCheck size={28} />
          <Title order={1} size="h2">
            {text.success}
          </Title>
        </Group>
      );
    case 'failed':
      return (
        <Title order={1} size="h2" c="red">
          {text.failed}
        </Title>
      );
    case 'unverifiable':
      return (
        <Title order={1} size="h2" c="red">
          {text.unverifiable}
        </Title>
      );
    default:
      return (
        <Stack gap="sm" align="center">
          {outcome === 'processing' ? <Loader aria-hidden /> : null}
          <Title order={1} size="h2">
            {text.processing}
          </Title>
        </Stack>
      );
  }
}

/**
 * The payment result page at /api/payment/vnpay/return/ (spec 2.1, 2.16, section 4): VNPay
 * sends the browser here with its signed query; the server verifies it and reports. It never
 * credits anything itself (the IPN does), so a payment whose IPN has not landed yet reads
 * 'processing' and is asked about again every 2 s for up to 30 s. Public: a visitor whose
 * session ended meanwhile still learns the outcome.
 */
export function PaymentResultPage() {
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [gaveUp, setGaveUp] = useState(false);
  const result = useQuery({
    ...paymentResultQuery(search),
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' && !gaveUp ? RESULT_POLL_MS : false,
  });

  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), RESULT_POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const status = result.data?.status;
  let outcome: Outcome;
  if (result.isError) outcome = 'unverifiable';
  else if (status === 'success' || status === 'failed') outcome = status;
  else outcome = gaveUp && status === 'processing' ? 'stillProcessing' : 'processing';

  const settled = outcome === 'success' || outcome === 'failed';
  const closing = outcome === 'success' && isOurPopup();

  useEffect(() => {
    if (!settled) return;
    // After a full-page redirect this window shows the wallet and orders next: not stale ones.
    void queryClient.invalidateQueries({ queryKey: WALLET_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: orderQueries.all() });
  }, [settled, queryClient]);

  useEffect(() => {
    if (!closing) return;
    // In the popup the opener is polling for the close and refreshes its own data then.
    const timer = setTimeout(() => window.close(), POPUP_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [closing]);

  const orderId = orderIdOf(result.data);
  const detail = result.isError ? getErrorReply(result.error)?.message : undefined;

  return (
    <Stack maw={480} mx="auto" py="xl">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md" align="center" ta="center">
          <div role="status">
            <Headline outcome={outcome} />
          </div>
          {outcome === 'stillProcessing' ? <Text size="sm">{text.stillProcessing}</Text> : null}
          {detail && detail !== text.unverifiable ? (
            <Text size="sm" c="dimmed">
              {detail}
            </Text>
          ) : null}
          {result.data && outcome !== 'processing' ? (
            <Stack gap={2}>
              <Text size="sm">{text.amount(formatVnd(result.data.amount))}</Text>
              <Text size="xs" c="dimmed">
                {text.txnRef(result.data.txn_ref)}
              </Text>
            </Stack>
          ) : null}
          {closing ? (
            <Text size="sm" c="dimmed">
              {text.closing}
            </Text>
          ) : null}
          <Stack gap="xs" w="100%">
            {orderId !== null ? (
              <Button component={Link} to={generatePath(paths.order, { id: String(orderId) })}>
                {text.toOrder}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={paths.profile}
              variant={orderId !== null ? 'light' : 'filled'}
            >
              {text.toProfile}
            </Button>
            <Button component={Link} to={paths.home} variant="subtle">
              {text.toHome}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
