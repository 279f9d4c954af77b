import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { Logo } from '#src/components/logo';
import { OfflineBanner } from '#src/components/offline-banner';
import { vi } from '#src/i18n/first-screen';
import classes from './auth-layout.module.css';
import { useRemoveSplash } from '#src/first-load/splash';

/** Spec 2.2 and section 9: authentication screens use a random background out of 4. */
export const AUTH_BACKGROUND_COUNT = 4;

/**
 * The attribute of <html> that picks the background (auth-layout.module.css). index.html's
 * first script draws it once per page load; the markup itself never varies, so a prerendered
 * sign-in screen (src/first-load/prerendered.ts) hydrates without a mismatch.
 */
export const AUTH_BACKGROUND_ATTRIBUTE = 'data-auth-background';

/** Draws a background when index.html's script did not (tests, a page without it). */
function useAuthBackground(): void {
  useLayoutEffect(() => {
    const html = document.documentElement;
    if (html.hasAttribute(AUTH_BACKGROUND_ATTRIBUTE)) return;
    html.setAttribute(
      AUTH_BACKGROUND_ATTRIBUTE,
      String(Math.floor(Math.random() * AUTH_BACKGROUND_COUNT)),
    );
  }, []);
}

/** The frame of /login, /staff/login and /register: no navigation, a card on a food photo. */
export function AuthLayout() {
  useRemoveSplash();
  useAuthBackground();
  return (
    <div className={classes.root}>
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
