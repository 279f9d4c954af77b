import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListSearch, SEARCH_PAUSE_MS } from '#src/components/list-search';
import { renderWithProviders } from '../setup/render';

/** The clock moves only when the test says so, to check the pause to the millisecond. */
function stopTheClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // Testing Library's async wrapper moves the clock itself only when it sees Jest's fake timers.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  return { user: userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) }), advance };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The box as a list screen holds it: `value` is what the address says is searched. */
function renderSearch(value: string, extra: Partial<Parameters<typeof ListSearch>[0]> = {}) {
  const onSearch = vi.fn<(q: string) => void>();
  const props = { label: 'Tìm món', placeholder: 'Tên món', onSearch, ...extra };
  const view = renderWithProviders(<ListSearch value={value} {...props} />);
  const rerender = (next: string) => view.rerender(<ListSearch value={next} {...props} />);
  return { onSearch, rerender };
}

const box = () => screen.getByRole('searchbox', { name: 'Tìm món' });

describe('the search box of a list kept in the address', () => {
  it('searches the trimmed text 500 ms after the last keystroke, not before', async () => {
    const { onSearch } = renderSearch('');
    const { user, advance } = stopTheClock();
    await user.type(box(), '  phở ');
    await advance(SEARCH_PAUSE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    await advance(1);
    expect(onSearch.mock.calls).toEqual([['phở']]);
    expect(SEARCH_PAUSE_MS).toBe(500);
  });

  it('searches at once on Enter, and the pending pause does not search again', async () => {
    const { onSearch } = renderSearch('');
    const { user, advance } = stopTheClock();
    await user.type(box(), 'bún{Enter}');
    expect(onSearch.mock.calls).toEqual([['bún']]);
    await advance(2_000);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('does not search when the address moved on during the pause: a link pressed then is not undone', async () => {
    const { onSearch } = renderSearch('');
    const { user, advance } = stopTheClock();
    const listAddress = window.location.pathname;
    await user.type(box(), '0986');
    // A browser router writes a pressed link's address at once and draws the next screen later.
    window.history.pushState(null, '', '/admin/users/7');
    await advance(SEARCH_PAUSE_MS);
    expect(onSearch).not.toHaveBeenCalled();
    // Back on the list, typing searches again.
    window.history.pushState(null, '', listAddress);
    await user.type(box(), '0');
    await advance(SEARCH_PAUSE_MS);
    expect(onSearch.mock.calls).toEqual([['09860']]);
  });

  it('does not search again for what is already searched, spaces aside', async () => {
    const { onSearch } = renderSearch('phở');
    const { user, advance } = stopTheClock();
    await user.type(box(), ' {Enter}');
    await advance(2_000);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('follows the address when it changes from outside, but keeps spaces typed around the same words', async () => {
    const { rerender } = renderSearch('phở');
    expect(box()).toHaveValue('phở');
    rerender('bún');
    expect(box()).toHaveValue('bún');
    // Our own search lands in the address while a space is being typed after the words.
    const { user } = stopTheClock();
    await user.clear(box());
    await user.type(box(), 'cơm ');
    rerender('cơm');
    expect(box()).toHaveValue('cơm ');
  });

  it('names the box by aria-label alone with hideLabel, and adds a submit button when asked', async () => {
    const { onSearch } = renderSearch('', { hideLabel: true, submitLabel: 'Tìm', maxLength: 200 });
    expect(screen.queryByText('Tìm món')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('maxlength', '200');
    const user = userEvent.setup();
    await user.type(box(), 'chả');
    await user.click(screen.getByRole('button', { name: 'Tìm' }));
    expect(onSearch.mock.calls).toEqual([['chả']]);
  });
});
