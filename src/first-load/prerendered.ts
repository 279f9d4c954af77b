import { matchRoutes, type RouteObject } from 'react-router-dom';
import { screenOf } from '../app/lazy-screen';
import { paths } from '../config/paths';

/**
 * The screens the build renders to HTML (`prerenderScreens` in server-entry.tsx, which the build
 * runs once it has made the server entry): the sign-in screens, which look the same for every
 * visitor and need no data. The server puts that HTML into index.html for these paths, so a
 * phone on slow 4G shows the real form as soon as the page and its stylesheet arrive, and the
 * scripts then hydrate it instead of drawing it again.
 * docs/decisions/015-prerendered-sign-in-screens.md.
 */
export const PRERENDERED_PATHS: readonly string[] = [paths.login, paths.staffLogin, paths.register];

/**
 * Between a path and a view's id in the prerendered table: a view of a screen's form that the
 * sign-in script that runs before the app shows (early-sign-in.ts), sent with that screen as a
 * `<template>` of that id. A path never holds this character.
 */
export const EARLY_VIEW_SEPARATOR = '#';

/**
 * Loads the lazy screens that `pathname` matches (src/app/lazy-screen.tsx), so that the first
 * render draws them at once: a screen that still had its chunk to load would first render the
 * root's fallback (nothing), which is not the HTML the page arrived with.
 */
export async function loadScreensFor(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  const screens = matches.flatMap(({ route }) => screenOf(route) ?? []);
  await Promise.all(screens.map((screen) => screen.load()));
}
