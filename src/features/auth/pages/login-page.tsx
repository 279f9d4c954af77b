import '@mantine/core/styles/Divider.layer.css';
import { Anchor, Divider, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/auth';
import { AuthHeading } from '../components/auth-heading';
import { LockedNotice } from '../components/locked-notice';
import { CustomerLoginForm } from '../components/customer-login-form';

const text = vi.auth.customer;

/** /login (spec 2.3): customers sign in with their phone and a one-time code. */
export function LoginPage() {
  return (
    <Stack gap="lg">
      <AuthHeading title={text.title} intro={text.intro} />
      <LockedNotice />
      <CustomerLoginForm />
      <Divider />
      {/* Always in view: owners and staff open the app at / and land here first. */}
      <Anchor component={Link} to={paths.staffLogin} size="sm" ta="center">
        {text.staffLink}
      </Anchor>
    </Stack>
  );
}
