import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { beginHydration, endHydration, useHydrated } from '#src/lib/use-hydrated';

function Probe({ name }: { name: string }) {
  return <p>{`${name}: ${useHydrated() ? 'trình duyệt' : 'máy chủ'}`}</p>;
}

describe('useHydrated', () => {
  it('is true at once in a render that hydrates nothing', () => {
    render(<Probe name="a" />);
    expect(screen.getByText('a: trình duyệt')).toBeInTheDocument();
  });

  it("draws the server's value until the hydration ends, then the browser's", async () => {
    beginHydration();
    try {
      render(<Probe name="b" />);
      expect(screen.getByText('b: máy chủ')).toBeInTheDocument();
      // A component mounted while hydrating, whose effect runs after the end.
      const { rerender } = render(<Probe name="c" />);
      expect(screen.getByText('c: máy chủ')).toBeInTheDocument();
      await act(async () => {
        endHydration();
        await Promise.resolve();
      });
      rerender(<Probe name="c" />);
    } finally {
      endHydration();
    }
    expect(await screen.findByText('b: trình duyệt')).toBeInTheDocument();
    expect(await screen.findByText('c: trình duyệt')).toBeInTheDocument();
    // Mounted after the end: the browser's value from its first render.
    render(<Probe name="d" />);
    expect(screen.getByText('d: trình duyệt')).toBeInTheDocument();
  });
});
