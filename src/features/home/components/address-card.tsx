import { Button, Paper, Text } from '@mantine/core';
import { vi } from '#src/i18n/first-screen';
import { describeLocation, type UserLocation } from '#src/lib/location';
import { addressPreview } from '../address-text';
import classes from './home.module.css';
import { IconMapPin } from '#src/components/action-icons';

const text = vi.home;

export interface AddressCardProps {
  location: UserLocation | null;
  onUpdate: () => void;
}

/** Spec 2.6: where the dishes are delivered, cut to 30 characters, or 'Chưa thiết lập'. */
export function AddressCard({ location, onUpdate }: AddressCardProps) {
  const preview = addressPreview(location);
  return (
    <Paper withBorder radius="md" p="sm" className={classes.addressCard}>
      <span className={classes.addressIcon}>
        <IconMapPin size={22} />
      </span>
      <div className={classes.addressText}>
        <Text size="xs" c="dimmed">
          {text.deliverTo}
        </Text>
        {/* Announced when the dialog sets a new address. The full text is the tooltip. */}
        <Text
          fw={600}
          size="sm"
          aria-live="polite"
          title={location ? describeLocation(location) : undefined}
        >
          {preview ?? text.addressUnset}
        </Text>
      </div>
      <Button variant="light" size="xs" onClick={onUpdate} aria-label={text.updateAddressLabel}>
        {text.updateAddress}
      </Button>
    </Paper>
  );
}
