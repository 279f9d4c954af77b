import '@mantine/core/styles/Switch.layer.css';
import { Stack, Switch, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { disablePush, enablePush } from '#src/api/push';
import { vi } from '#src/i18n/vi';
import { currentPushSubscription, pushAvailability } from '#src/lib/push';
import { session } from '#src/lib/session';
import { toast } from '#src/lib/toast';
import { useOnline } from '#src/lib/use-online';

const text = vi.push;

const permissionNow = (): NotificationPermission | null =>
  typeof Notification === 'undefined' ? null : Notification.permission;

/**
 * 'Nhận thông báo': Web Push on this device. The browser's permission is asked only when the
 * switch is pressed, never on load; the switch shows whether this device is subscribed, and
 * says why it cannot be turned on (blocked, unsupported, an iPhone outside the home screen).
 */
export function PushSetting() {
  const { user } = useSnapshot(session);
  const online = useOnline();
  const [availability] = useState(pushAvailability);
  const [permission, setPermission] = useState(permissionNow);
  // null until the device's subscription has been looked up.
  const [subscribed, setSubscribed] = useState<boolean | null>(
    availability === 'available' ? null : false,
  );
  const [busy, setBusy] = useState(false);
  const noteId = useId();

  useEffect(() => {
    if (availability !== 'available') return;
    let current = true;
    currentPushSubscription()
      .then((subscription) => {
        if (current) setSubscribed(subscription !== null && permissionNow() === 'granted');
      })
      .catch(() => {
        if (current) setSubscribed(false);
      });
    return () => {
      current = false;
    };
  }, [availability]);

  const denied = permission === 'denied';
  let note: string = text.hint;
  if (availability === 'ios-home-screen') note = text.iosHomeScreen;
  else if (availability === 'unsupported') note = text.unsupported;
  else if (denied) note = text.denied;
  else if (!online) note = text.needsNetwork;

  const turnOn = async () => {
    if (user?.id === undefined) return;
    try {
      const result = await enablePush(user.id);
      setPermission(permissionNow());
      if (result === 'enabled') {
        setSubscribed(true);
        toast.success(text.enabled);
      }
    } catch {
      toast.error(text.enableFailed);
    }
  };

  const turnOff = async () => {
    try {
      await disablePush();
      setSubscribed(false);
      toast.success(text.disabled);
    } catch {
      toast.error(text.disableFailed);
    }
  };

  const toggle = async (on: boolean) => {
    setBusy(true);
    await (on ? turnOn() : turnOff());
    setBusy(false);
  };

  return (
    <Stack gap={4}>
      <Switch
        size="md"
        label={text.label}
        aria-describedby={noteId}
        checked={subscribed === true}
        disabled={availability !== 'available' || denied || !online || busy || subscribed === null}
        onChange={(event) => void toggle(event.currentTarget.checked)}
      />
      <Text id={noteId} size="sm" c="dimmed" aria-live="polite">
        {note}
      </Text>
    </Stack>
  );
}
