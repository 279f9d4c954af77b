import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerProfileUpdate, Profile, StaffProfileUpdate } from '#contract/profile';
import { profileEndpoint, profileQueries, type ProfileKind } from '#src/api/profile';
import { http, type ApiReply } from '#src/lib/http';
import { session, setUser } from '#src/lib/session';

type ProfileField = keyof CustomerProfileUpdate | keyof StaffProfileUpdate;

/** Every field as the form holds it: text, '' to clear an optional one. */
export type ProfileFields = Partial<Record<ProfileField, string>>;

export interface ProfileUpdate {
  fields: ProfileFields;
  /** A new picture: the request becomes multipart/form-data with the file in 'avatar'. */
  avatar: File | null;
}

function toFormData(fields: ProfileFields, avatar: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  form.append('avatar', avatar, avatar.name);
  return form;
}

/** PUT /api/customer/profile/ or /api/staff/profile/: JSON, or multipart with a new avatar. */
export async function updateProfile(
  kind: ProfileKind,
  { fields, avatar }: ProfileUpdate,
): Promise<Profile | undefined> {
  const reply = await http
    .put(profileEndpoint(kind), avatar ? { body: toFormData(fields, avatar) } : { json: fields })
    .json<ApiReply<Profile>>();
  return reply.data;
}

export function useUpdateProfile(kind: ProfileKind) {
  const queryClient = useQueryClient();
  const { queryKey } = profileQueries.detail(kind);
  return useMutation({
    mutationFn: (update: ProfileUpdate) => updateProfile(kind, update),
    onSuccess: (profile) => {
      if (profile) {
        queryClient.setQueryData(queryKey, profile);
        // The top bar shows the stored user: a new name or picture appears there at once.
        if (session.user) setUser({ ...session.user, ...profile });
      }
      void queryClient.invalidateQueries({ queryKey: profileQueries.all() });
    },
  });
}
