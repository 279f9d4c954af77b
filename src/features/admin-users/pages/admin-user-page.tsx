import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LockUserBodySchema, type AdminUserDetail } from '#contract/admin-users';
import { OrderStatusBadge } from '#src/components/order-status-badge';
import { ScreenError, ScreenLoading } from '#src/components/screen-states';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatVnd } from '#src/lib/format';
import { formatDate, formatDateTime } from '#src/lib/format-date';
import { getErrorMessage } from '#src/lib/http';
import { parseRouteId } from '#src/lib/route-id';
import { toast } from '#src/lib/toast';
import { adminUserQueries, useSetUserLock } from '../api/admin-users';

const text = vi.adminUsers;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

const displayName = (user: AdminUserDetail) =>
  user.name ?? user.username ?? user.phone ?? text.noName;

/** The console's restaurants, searched for this one (owner and staff accounts). */
function restaurantLink(name: string): string {
  return `${paths.adminRestaurants}?${new URLSearchParams({ status: 'approved', q: name })}`;
}

interface LockModalProps {
  user: AdminUserDetail;
  opened: boolean;
  onClose: () => void;
}

/** 'Khóa tài khoản': an optional reason, then 'Xác nhận khóa'; a refusal stays in the dialog. */
function LockModal({ user, opened, onClose }: LockModalProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [reasonError, setReasonError] = useState<string | undefined>();
  const setLock = useSetUserLock(user.id);

  const close = () => {
    setProblem(undefined);
    setReasonError(undefined);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (setLock.isPending) return;
    const checked = LockUserBodySchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    setLock.mutate(
      { lock: true, reason },
      {
        onSuccess: (message) => {
          toast.success(message || text.lockedDone);
          setReason('');
          close();
        },
        // LOCK_SELF, LOCK_LAST_ADMIN: the server's words.
        onError: (error) => setProblem(getErrorMessage(error)),
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={text.lockTitle(displayName(user))}
      closeButtonProps={{ 'aria-label': vi.app.close }}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{text.lockIntro}</Text>
          <Textarea
            label={text.reason}
            placeholder={text.reasonPlaceholder}
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setReasonError(undefined);
            }}
            error={reasonError}
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {text.cancel}
            </Button>
            <Button type="submit" color="red" loading={setLock.isPending}>
              {text.confirmLock}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const [locking, setLocking] = useState(false);
  const setLock = useSetUserLock(user.id);
  const unlock = () =>
    setLock.mutate(
      { lock: false },
      {
        onSuccess: (message) => toast.success(message || text.unlockedDone),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );
  const locked = user.locked_at !== null || user.locked;

  return (
    <>
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Title order={1} size="h2">
            {displayName(user)}
          </Title>
          {locked ? (
            <Badge color="red" variant="light" tt="none" size="lg">
              {text.locked}
            </Badge>
          ) : null}
        </Group>
        {locked ? (
          <Button variant="light" onClick={unlock} loading={setLock.isPending}>
            {text.unlock}
          </Button>
        ) : (
          <Button color="red" variant="light" onClick={() => setLocking(true)}>
            {text.lock}
          </Button>
        )}
      </Group>
      {locked ? (
        <Alert color="red" variant="light" title={text.locked}>
          <Stack gap={4}>
            {user.locked_at ? (
              <Text size="sm">
                {text.lockedAt}: {formatDateTime(user.locked_at)}
              </Text>
            ) : null}
            <Text size="sm">
              {text.lockedReason}: {user.locked_reason ?? text.noReason}
            </Text>
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Field label={text.role}>{vi.roles[user.role]}</Field>
          <Field label={text.name}>{user.name ?? text.none}</Field>
          <Field label={text.phone}>{user.phone ?? text.none}</Field>
          <Field label={text.username}>{user.username ?? text.none}</Field>
          <Field label={text.email}>{user.email ?? text.none}</Field>
          <Field label={text.createdAt}>{formatDate(user.created_at)}</Field>
          <Field label={text.restaurant}>
            {user.restaurant ? (
              <Anchor component={Link} to={restaurantLink(user.restaurant.name)}>
                {user.restaurant.name}
              </Anchor>
            ) : (
              text.none
            )}
          </Field>
          <Field label={text.walletBalance}>{formatVnd(user.wallet_balance)}</Field>
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="lg" p="lg" component="section" aria-label={text.recentOrders}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {text.recentOrders}
          </Title>
          {user.recent_orders.length === 0 ? (
            <Text c="dimmed">{text.noOrders}</Text>
          ) : (
            <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
              {user.recent_orders.map((order) => (
                <Group component="li" key={order.id} justify="space-between" gap="xs">
                  <Group gap="xs">
                    <Text fw={600}>{text.orderNumber(order.id)}</Text>
                    <OrderStatusBadge status={order.status} />
                  </Group>
                  <Group gap="md">
                    <Text fw={600}>{formatVnd(order.total)}</Text>
                    <Text size="sm" c="dimmed">
                      {formatDateTime(order.created_at)}
                    </Text>
                  </Group>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <LockModal user={user} opened={locking} onClose={() => setLocking(false)} />
    </>
  );
}

/** /admin/users/{id}: one account as the console sees it, and its lock. */
export function AdminUserPage() {
  const id = parseRouteId(useParams().id);
  const query = useQuery({ ...adminUserQueries.detail(id ?? 0), enabled: id !== null });

  let content;
  if (id === null) {
    content = (
      <Alert color="red" role="alert">
        {text.notFound}
      </Alert>
    );
  } else if (query.isPending) {
    content = <ScreenLoading label={text.loading} />;
  } else if (!query.data) {
    content = (
      <ScreenError
        title={text.loadFailed}
        error={query.error}
        retryLabel={text.retry}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    content = <UserDetail user={query.data} />;
  }

  return (
    <Stack gap="md" maw={900} mx="auto">
      <Anchor component={Link} to={paths.adminUsers} size="sm">
        {text.back}
      </Anchor>
      {content}
    </Stack>
  );
}
