import '@mantine/core/styles/Alert.layer.css';
import { Alert, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { profileQueries } from '#src/api/profile';
import { vi } from '#src/i18n/vi';
import { ProfileForm } from '../components/profile-form';
import { ProfileLoadState } from '../components/profile-load-state';
import { useProfileKind } from '../use-profile-kind';

const text = vi.profile;

/** /profile/edit (spec 2.15). */
export function ProfileEditPage() {
  const kind = useProfileKind();
  const profile = useQuery(profileQueries.detail(kind));
  return (
    <Stack gap="md" maw={640} mx="auto">
      <Title order={1} size="h2">
        {text.editTitle}
      </Title>
      {profile.data ? (
        <>
          {profile.data.is_need_update ? <Alert color="yellow">{text.needUpdate}</Alert> : null}
          {/* Keyed by account: the form starts from the profile it was opened with. */}
          <ProfileForm key={`${kind}-${profile.data.id}`} kind={kind} profile={profile.data} />
        </>
      ) : (
        <ProfileLoadState error={profile.error} onRetry={() => void profile.refetch()} />
      )}
    </Stack>
  );
}
