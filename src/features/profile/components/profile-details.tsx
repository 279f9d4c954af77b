import '@mantine/core/styles/Badge.layer.css';
import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { Profile } from '#contract/profile';
import { UserAvatar } from '#src/components/user-avatar';
import { avatarOf, displayName, roleLabel } from '#src/components/user-identity';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/vi';
import { formatBirthDate, genderLabel } from '../profile-text';
import classes from './profile.module.css';

const text = vi.profile;

function Value({ value }: { value: string | null }) {
  return value ? <>{value}</> : <span className={classes.notSet}>{text.notSet}</span>;
}

/** Spec 2.15: avatar, name, role label, phone, email, address, date of birth and gender. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const name = displayName(profile.name);
  const rows: [string, string | null][] = [
    [text.phone, profile.phone],
    [text.email, profile.email],
    [text.address, profile.address],
    [text.dateOfBirth, formatBirthDate(profile.date_of_birth)],
    [text.gender, genderLabel(profile.gender)],
  ];
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="center">
          <UserAvatar
            name={profile.name}
            src={avatarOf(profile.avatar)}
            size={72}
            alt={text.avatarAlt(name)}
          />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <Badge variant="light" size="lg" radius="sm" tt="none">
              {roleLabel(profile.role)}
            </Badge>
          </Stack>
        </Group>
        <dl className={classes.details}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>
                <Value value={value} />
              </dd>
            </Fragment>
          ))}
        </dl>
        <Button component={Link} to={paths.profileEdit} variant="light">
          {text.edit}
        </Button>
      </Stack>
    </Paper>
  );
}
