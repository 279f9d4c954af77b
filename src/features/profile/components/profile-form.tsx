import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Button,
  FileInput,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { Profile } from '#contract/profile';
import type { ProfileKind } from '#src/api/profile';
import { UserAvatar } from '#src/components/user-avatar';
import { avatarOf } from '#src/components/user-identity';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { compactPhone, OTP_LENGTH, phoneError } from '#src/lib/form-rules';
import { getErrorMessage, getErrorReply } from '#src/lib/http';
import { toast } from '#src/lib/toast';
import { useFileChoice } from '#src/lib/use-file-choice';
import { useSendPhoneOtp } from '../api/send-phone-otp';
import { useUpdateProfile } from '../api/update-profile';
import {
  initialValues,
  isNewPhone,
  toProfileFields,
  validateProfile,
  type ProfileFormErrors,
  type ProfileFormValues,
} from '../validation';

const text = vi.profile;

/** What the server accepts (design.md section 5); spec 2.15's hint names JPG and PNG. */
const AVATAR_TYPES = 'image/jpeg,image/png,image/webp';

function showFailure(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: getErrorMessage(error) });
}

/** The server's per-field problems (`errors[{path, message}]`) next to the fields they concern. */
function serverFieldErrors(error: unknown): ProfileFormErrors {
  const found: ProfileFormErrors = {};
  for (const { path, message } of getErrorReply(error)?.errors ?? []) {
    const key = path.split('.')[0] as keyof ProfileFormValues;
    if (key in found || !message) continue;
    found[key] = message;
  }
  return found;
}

interface ProfileFormProps {
  kind: ProfileKind;
  profile: Profile;
}

/**
 * Spec 2.15 edit: avatar, the name fields (customer: full_name; staff and owner: first_name and
 * last_name), phone, email, plus address, date of birth and gender. A customer's new phone is
 * proven with a code sent to it (otp_code), as the server requires.
 */
export function ProfileForm({ kind, profile }: ProfileFormProps) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ProfileFormValues>(() => initialValues(profile));
  const [errors, setErrors] = useState<ProfileFormErrors>({});
  // The number (spaces removed) the last code went to.
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [avatar, chooseAvatar] = useFileChoice();
  const update = useUpdateProfile(kind);
  const sendOtp = useSendPhoneOtp();

  const phoneChanged = kind === 'customer' && isNewPhone(values.phone, profile.phone);
  const codeSent = phoneChanged && codeSentTo === compactPhone(values.phone);

  const field = (key: keyof ProfileFormValues) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  function requestCode() {
    const problem = phoneError(values.phone);
    if (problem) {
      setErrors((current) => ({ ...current, phone: problem }));
      return;
    }
    const phone = compactPhone(values.phone);
    sendOtp.mutate(phone, {
      onSuccess: () => {
        toast.success(text.codeSent);
        setCodeSentTo(phone);
        setValues((current) => ({ ...current, otp_code: '' }));
        setErrors((current) => ({ ...current, phone: undefined }));
      },
      onError: (error) => showFailure(text.sendCodeFailed, error),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = validateProfile(kind, values, { changed: phoneChanged, codeSent });
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    update.mutate(
      { fields: toProfileFields(kind, values, phoneChanged), avatar: avatar?.file ?? null },
      {
        onSuccess: () => {
          toast.success(text.saved);
          void navigate(paths.profile);
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          showFailure(text.saveFailed, error);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="center">
          <UserAvatar
            name={profile.name}
            src={avatar?.preview ?? avatarOf(profile.avatar)}
            size={64}
          />
          <FileInput
            style={{ flex: 1, minWidth: 0 }}
            label={text.avatar}
            description={text.avatarHint}
            placeholder={text.avatarPlaceholder}
            accept={AVATAR_TYPES}
            clearable
            value={avatar?.file ?? null}
            onChange={chooseAvatar}
          />
        </Group>

        {kind === 'customer' ? (
          <TextInput
            label={text.fullName}
            autoComplete="name"
            maxLength={100}
            required
            {...field('full_name')}
          />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput
              label={text.lastName}
              autoComplete="family-name"
              maxLength={100}
              required
              {...field('last_name')}
            />
            <TextInput
              label={text.firstName}
              autoComplete="given-name"
              maxLength={100}
              required
              {...field('first_name')}
            />
          </SimpleGrid>
        )}

        <Group gap="sm" align="flex-start" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={text.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            required
            {...field('phone')}
          />
          {phoneChanged ? (
            <Button
              variant="light"
              mt={25}
              loading={sendOtp.isPending}
              onClick={requestCode}
              style={{ flexShrink: 0 }}
            >
              {codeSent ? text.resendCode : text.sendCode}
            </Button>
          ) : null}
        </Group>
        {codeSent ? (
          <TextInput
            label={text.otp}
            description={text.otpHint}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP_LENGTH}
            required
            {...field('otp_code')}
          />
        ) : null}

        <TextInput
          label={text.email}
          type="email"
          autoComplete="email"
          required={kind === 'staff'}
          {...field('email')}
        />
        <TextInput
          label={text.address}
          autoComplete="street-address"
          maxLength={500}
          {...field('address')}
        />
        <TextInput
          label={text.dateOfBirth}
          type="date"
          min="1900-01-01"
          autoComplete="bday"
          {...field('date_of_birth')}
        />
        <Radio.Group
          label={text.gender}
          value={values.gender}
          onChange={(gender) => setValues((current) => ({ ...current, gender }))}
        >
          <Group gap="lg" mt={6}>
            <Radio value="male" label={text.male} />
            <Radio value="female" label={text.female} />
            <Radio value="other" label={text.other} />
          </Group>
        </Radio.Group>

        <Group justify="flex-end" gap="sm">
          {profile.is_need_update ? null : (
            <Button component={Link} to={paths.profile} variant="default">
              {text.cancel}
            </Button>
          )}
          <Button type="submit" loading={update.isPending}>
            {text.save}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
