import { AppShell, Box, Group, Text, UnstyledButton } from '@mantine/core';
import { Link, Outlet } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { OfflineBanner } from '../../components/offline-banner';
import { vi } from '../../i18n/vi';
import { paths } from '../routes';
import classes from './app-layout.module.css';

/**
 * The frame of every signed-in screen: a header with the logo and the app title (spec 2.2).
 * The navigation, user menu, theme toggle and bell of spec 2.2 join it in issue 3.
 */
export function AppLayout() {
  return (
    <AppShell header={{ height: 56 }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px="md">
          <UnstyledButton component={Link} to={paths.home}>
            <Group gap="xs" wrap="nowrap">
              <Logo size={32} />
              <Text fw={700} size="lg" className={classes.brand}>
                {vi.app.name}
              </Text>
            </Group>
          </UnstyledButton>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <OfflineBanner />
        <Box p="md">
          <Outlet />
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
