import '@mantine/core/styles/Divider.layer.css';
import { Anchor, Divider, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/auth';
import { AuthHeading } from '../components/auth-heading';
import { LockedNotice } from '../components/locked-notice';
import { StaffLoginForm } from '../components/staff-login-form';

const text = vi.auth.staff;

/** /staff/login (spec 2.4): the shop owner's (and staff's) sign-in. */
export function StaffLoginPage() {
  return (
    <Stack gap="lg">
      <AuthHeading title={text.title} intro={text.intro} />
      <LockedNotice />
      <StaffLoginForm />
      <Divider />
      <Stack gap="xs" align="center">
        <Anchor component={Link} to={paths.register} size="sm">
          {text.registerLink}
        </Anchor>
        <Anchor component={Link} to={paths.login} size="sm">
          {text.customerLink}
        </Anchor>
      </Stack>
    </Stack>
  );
}
