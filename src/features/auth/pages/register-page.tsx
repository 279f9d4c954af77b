import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/auth';
import { AuthHeading } from '../components/auth-heading';
import { RegisterForm } from '../components/register-form';

const text = vi.auth.register;

/** /register (spec 2.5): a restaurant owner asks for an account. */
export function RegisterPage() {
  return (
    <Stack gap="lg">
      <AuthHeading title={text.title} />
      <RegisterForm />
      <Text size="sm" ta="center">
        {text.haveAccount}{' '}
        <Anchor component={Link} to={paths.login} inherit>
          {text.loginLink}
        </Anchor>
      </Text>
    </Stack>
  );
}
