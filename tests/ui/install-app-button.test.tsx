import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { captureInstallPrompt } from '#src/lib/install-capture';
import { logout, setSession } from '#src/lib/session';
import { ok, stubApi } from '../setup/fake-api';
import { customerProfile } from '../setup/profiles';
import { renderApp } from '../setup/render';

/** What Chromium dispatches when the app meets its install criteria. */
function fakeInstallOffer(outcome: 'accepted' | 'dismissed') {
  const prompt = vi.fn(() => Promise.resolve());
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt,
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

async function openProfile() {
  const profile = customerProfile();
  stubApi({ 'GET /api/customer/profile/': () => ok(profile) });
  setSession({ user: { ...profile }, tokens: { access_token: 'a', refresh_token: 'r' } });
  renderApp('/profile');
  // The first test also loads the lazy profile route, slow on a busy machine.
  await screen.findByRole('heading', { level: 2, name: text.profile.settings }, { timeout: 5000 });
}

const installButton = () => screen.queryByRole('button', { name: text.install.button });

beforeAll(() => {
  // main.tsx does this before the first render.
  captureInstallPrompt();
});

beforeEach(() => {
  logout();
  notifications.clean();
});

afterEach(() => {
  // The offer lives in module state; the installed signal clears it for the next test.
  act(() => {
    window.dispatchEvent(new Event('appinstalled'));
  });
});

describe('the install button in the profile settings', () => {
  it('is absent while the browser offers no installation', async () => {
    await openProfile();
    expect(installButton()).not.toBeInTheDocument();
  });

  it("shows the browser's dialog from a captured offer and hides once the user accepts", async () => {
    const { event, prompt } = fakeInstallOffer('accepted');
    // Held for our button instead of Chromium's own mini-infobar.
    expect(event.defaultPrevented).toBe(true);
    await openProfile();
    expect(screen.getByText(text.install.hint)).toBeInTheDocument();

    await userEvent.click(installButton()!);

    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(installButton()).not.toBeInTheDocument());
    expect(await screen.findByText(text.install.installed)).toBeInTheDocument();
  });

  it('appears when the offer arrives after the screen opened and goes once installed from the browser menu', async () => {
    await openProfile();
    expect(installButton()).not.toBeInTheDocument();
    fakeInstallOffer('dismissed');
    expect(installButton()).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(installButton()).not.toBeInTheDocument();
  });

  it('does not offer installation to the installed app running standalone', async () => {
    const matchMedia = vi.mocked(window.matchMedia);
    const browserTab = matchMedia.getMockImplementation()!;
    matchMedia.mockImplementation((query: string) => ({
      ...browserTab(query),
      matches: query === '(display-mode: standalone)',
    }));
    try {
      fakeInstallOffer('accepted');
    } finally {
      matchMedia.mockImplementation(browserTab);
    }
    await openProfile();
    expect(installButton()).not.toBeInTheDocument();
  });
});
