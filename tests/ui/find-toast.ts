import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * The toast whose whole text is `message`, once it shows. Toasts are Mantine notifications
 * (role alert), several may be up at once, and status labels share some of their words: only
 * the exact text matches.
 */
export async function findToast(message: string) {
  return waitFor(() => {
    const toast = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.trim() === message);
    expect(toast).toBeDefined();
    return toast!;
  });
}
