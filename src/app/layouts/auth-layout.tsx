import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { OfflineBanner } from '../../components/offline-banner';
import { vi } from '../../i18n/vi';
import classes from './auth-layout.module.css';
import { useRemoveSplash } from '../splash';

/** Spec 2.2 and section 9: authentication screens use a random background out of 4. */
export const AUTH_BACKGROUND_COUNT = 4;

/** The frame of /login, /staff/login and /register: no navigation, a card on a food photo. */
export function AuthLayout() {
  useRemoveSplash();
  // Picked once per mount, so typing in a form never swaps the picture.
  const [background] = useState(() => Math.floor(Math.random() * AUTH_BACKGROUND_COUNT));
  return (
    <div className={classes.root} style={{ backgroundImage: `url(/bg/${background}.jpg)` }}>
      <OfflineBanner />
      <Center component="main" className={classes.main}>
        <Paper shadow="xl" radius="lg" p="xl" className={classes.card}>
          <Stack align="center" gap={4} mb="lg">
            <Logo size={64} />
            <Title order={1} size="h2">
              {vi.app.name}
            </Title>
            <Text c="dimmed" size="sm">
              {vi.app.tagline}
            </Text>
          </Stack>
          <Outlet />
        </Paper>
      </Center>
    </div>
  );
}
