import { Button, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { profileQueries } from '#src/api/profile';
import { IconLogout } from '#src/components/icons';
import { InstallAppButton } from '#src/components/install-app-button';
import { useSignOut } from '#src/components/use-sign-out';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { session } from '#src/lib/session';
import { toast } from '#src/lib/toast';
import { ProfileDetails } from '../components/profile-details';
import { ProfileLoadState } from '../components/profile-load-state';
import { PushSetting } from '../components/push-setting';
import { RestaurantCard } from '../components/restaurant-card';
import { ThemeSetting } from '../components/theme-setting';
import { WalletCard } from '../components/wallet-card';
import { useProfileKind } from '../use-profile-kind';

const text = vi.profile;

/**
 * Spec 2.15: a profile flagged is_need_update shows the warning and sends the user to the edit
 * screen. Once per visit: StrictMode's second effect run must not toast twice.
 */
function useSendToEditWhenIncomplete(needsUpdate: boolean) {
  const navigate = useNavigate();
  const sent = useRef(false);
  useEffect(() => {
    if (!needsUpdate || sent.current) return;
    sent.current = true;
    toast.warning(text.needUpdate);
    void navigate(paths.profileEdit, { replace: true });
  }, [needsUpdate, navigate]);
}

/** /profile (spec 2.15). */
export function ProfilePage() {
  const kind = useProfileKind();
  const { user } = useSnapshot(session);
  // Spec 2.15 and section 6: owners and staff work for a restaurant; admin does not.
  const worksAtRestaurant = user?.role === 'owner' || user?.role === 'staff';
  const profile = useQuery(profileQueries.detail(kind));
  const signOut = useSignOut();
  useSendToEditWhenIncomplete(profile.data?.is_need_update === true);

  return (
    <Stack gap="md" maw={640} mx="auto">
      <Title order={1} size="h2">
        {text.title}
      </Title>
      {profile.data ? (
        <ProfileDetails profile={profile.data} />
      ) : (
        <ProfileLoadState error={profile.error} onRetry={() => void profile.refetch()} />
      )}
      {worksAtRestaurant ? <RestaurantCard /> : null}
      <WalletCard />
      {/* Settings work without the profile, e.g. offline before it was ever loaded. */}
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {text.settings}
          </Title>
          <ThemeSetting />
          <PushSetting />
          <InstallAppButton />
          <Button
            variant="light"
            color="red"
            leftSection={<IconLogout size={20} />}
            onClick={signOut}
          >
            {text.logout}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
