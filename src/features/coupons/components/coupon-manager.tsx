import '@mantine/core/styles/Alert.layer.css';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ManagedCoupon } from '#contract/coupon-admin';
import { isNoRestaurantError } from '#src/api/staff-restaurant';
import { IconPlus } from '#src/components/action-icons';
import { IconTicket } from '#src/components/icons';
import { ConfirmDialog } from '#src/components/cart/confirm-dialog';
import { ScreenEmpty, ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { managedCouponQueries, useEditCoupon } from '../api/managed-coupons';
import type { CouponScope } from '../coupon-form-values';
import { CouponFormModal, type CouponFormState } from './coupon-form';
import { CouponList } from './coupon-list';

const text = vi.coupons;

interface CouponManagerProps {
  scope: CouponScope;
  title: string;
  /** False for the restaurant's staff: the same list, without a control that changes it. */
  canManage: boolean;
}

/** A staff account no restaurant is linked to gets the server's words and the way to one. */
function NotLinked({ error }: { error: unknown }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Text fw={600} maw={460}>
        {getErrorMessage(error)}
      </Text>
      <Button component={Link} to={paths.staffRestaurant} size="md">
        {text.linkRestaurant}
      </Button>
    </Stack>
  );
}

/**
 * The coupons of one scope with what their managers do to them: /admin/coupons and
 * /staff/coupons are this component with another scope (docs/decisions/049).
 */
export function CouponManager({ scope, title, canManage }: CouponManagerProps) {
  const { data, dataUpdatedAt, error, isPending, refetch } = useQuery(
    managedCouponQueries.list(scope),
  );
  const edit = useEditCoupon(scope);
  const [form, setForm] = useState<CouponFormState>({ opened: false, coupon: null, session: 0 });
  const openForm = (coupon: ManagedCoupon | null) =>
    setForm((current) => ({ opened: true, coupon, session: current.session + 1 }));
  const [expiring, setExpiring] = useState<ManagedCoupon | null>(null);

  const pause = (coupon: ManagedCoupon, paused: boolean) =>
    edit.mutate(
      { id: coupon.id, body: { paused } },
      {
        onSuccess: () => toast.success(paused ? text.pausedDone : text.resumedDone),
        onError: (failure) => toast.error(getErrorMessage(failure)),
      },
    );

  const confirmExpire = () => {
    if (!expiring) return;
    const { id } = expiring;
    setExpiring(null);
    edit.mutate(
      { id, body: { expire: true } },
      {
        onSuccess: () => toast.success(text.expiredDone),
        onError: (failure) => toast.error(getErrorMessage(failure)),
      },
    );
  };

  let content;
  if (error && isNoRestaurantError(error)) {
    content = <NotLinked error={error} />;
  } else if (isPending) {
    content = <ScreenLoading label={text.loading} />;
  } else if (!data) {
    content = (
      <ScreenError
        title={text.loadFailed}
        error={error}
        retryLabel={text.retry}
        onRetry={() => void refetch()}
      />
    );
  } else if (data.length === 0) {
    content = (
      <ScreenEmpty
        icon={<IconTicket size={48} />}
        title={text.empty}
        hint={canManage ? text.emptyHint : ''}
      />
    );
  } else {
    content = (
      <CouponList
        coupons={data}
        now={dataUpdatedAt}
        showScope={scope === 'admin'}
        actions={
          canManage
            ? {
                onEdit: openForm,
                onPause: pause,
                onExpire: setExpiring,
                busyId: edit.isPending ? edit.variables.id : undefined,
              }
            : null
        }
      />
    );
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {canManage ? (
          <Button size="md" leftSection={<IconPlus />} onClick={() => openForm(null)}>
            {text.create}
          </Button>
        ) : null}
      </Group>
      {canManage ? null : (
        <Alert color="gray" variant="light">
          {text.readOnly}
        </Alert>
      )}
      {content}
      {canManage ? (
        <>
          <CouponFormModal
            scope={scope}
            state={form}
            onClose={() => setForm((current) => ({ ...current, opened: false }))}
          />
          <ConfirmDialog
            opened={expiring !== null}
            question={expiring ? text.expireQuestion(expiring.code) : ''}
            confirmLabel={text.expire}
            cancelLabel={text.cancel}
            onConfirm={confirmExpire}
            onCancel={() => setExpiring(null)}
          />
        </>
      ) : null}
    </Stack>
  );
}
