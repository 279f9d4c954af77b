import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import { Alert, Badge, Group, Stack, Switch, Text } from '@mantine/core';
import type { StaffRestaurant } from '#contract/staff-restaurant';
import { vi } from '#src/i18n/vi';
import { getErrorMessage } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useToggleRestaurant } from '../api/toggle-restaurant';

const text = vi.staffRestaurant;

/** Spec section 4: approved, pending, and anything else reads as rejected. */
function approval(status: string): { label: string; color: string } {
  if (status === 'approved') return { label: text.approvalStatus.approved, color: 'green' };
  if (status === 'pending') return { label: text.approvalStatus.pending, color: 'yellow' };
  return { label: text.approvalStatus.rejected, color: 'red' };
}

/** The approval status (with the rejection reason) and the active switch (spec 2.18, 4). */
/**
 * The reply as the admin console's pause extends it: `admin_paused_reason` is non-null while an
 * admin has paused the restaurant. Read as optional, so a server without the pause yet reads
 * as no pause at all.
 */
type WithAdminPause = StaffRestaurant & { admin_paused_reason?: string | null };

export function RestaurantStatus({ restaurant }: { restaurant: WithAdminPause }) {
  const toggle = useToggleRestaurant();
  const { label, color } = approval(restaurant.approval_status);
  // An admin's pause outranks the owner's switch: only an admin can lift it.
  const adminPaused = restaurant.admin_paused_reason ?? null;
  const rejected =
    restaurant.approval_status !== 'approved' && restaurant.approval_status !== 'pending';

  const flip = () =>
    toggle.mutate(undefined, {
      onSuccess: () => toast.success(text.toggled),
      onError: (error) => toast.error(getErrorMessage(error)),
    });

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Text fw={500}>{text.approval}</Text>
        <Badge color={color} variant="light" size="lg">
          {label}
        </Badge>
      </Group>
      {restaurant.approval_status === 'pending' ? (
        <Text size="sm" c="dimmed">
          {text.pendingHint}
        </Text>
      ) : null}
      {rejected ? (
        <Alert color="red" title={text.rejectedTitle}>
          {restaurant.rejection_reason
            ? text.rejectionReason(restaurant.rejection_reason)
            : text.noRejectionReason}
        </Alert>
      ) : null}
      {adminPaused !== null ? (
        <Alert color="orange" title={text.adminPausedTitle}>
          <Stack gap={4}>
            <Text size="sm">{text.adminPausedReason(adminPaused)}</Text>
            <Text size="sm">{text.adminPausedHint}</Text>
          </Stack>
        </Alert>
      ) : null}
      <Group gap="sm">
        <Text fw={500}>{text.activity}</Text>
        <Badge color={restaurant.is_active ? 'green' : 'gray'} variant="light" size="lg">
          {restaurant.is_active ? text.active : text.paused}
        </Badge>
      </Group>
      <Switch
        size="lg"
        label={text.activeSwitch}
        description={text.activeHint}
        checked={restaurant.is_active}
        disabled={toggle.isPending || adminPaused !== null}
        onChange={flip}
      />
    </Stack>
  );
}
