import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { vi as text } from '#src/i18n/vi';
import { toast } from '#src/lib/toast';
import { renderWithProviders } from '../../setup/render';

afterEach(() => {
  act(() => notifications.clean());
});

describe('toast (spec section 8, General)', () => {
  it("uses the reply message for success, else 'Thành công'", async () => {
    renderWithProviders(<div />);
    act(() => toast.success('Đã cập nhật thông tin'));
    expect(await screen.findByText('Đã cập nhật thông tin')).toBeInTheDocument();
    act(() => toast.success());
    expect(await screen.findByText('Thành công')).toBeInTheDocument();
    act(() => toast.success('  '));
    expect(await screen.findAllByText(text.toast.success)).toHaveLength(2);
  });

  it('shows an error message as given', async () => {
    renderWithProviders(<div />);
    act(() => toast.error('Không thể xóa món'));
    expect(await screen.findByText('Không thể xóa món')).toBeInTheDocument();
  });

  it("falls back to the description 'Cảnh báo' for a warning", async () => {
    renderWithProviders(<div />);
    act(() => toast.warning('Hết hàng'));
    expect(await screen.findByText('Hết hàng')).toBeInTheDocument();
    expect(screen.getByText('Cảnh báo')).toBeInTheDocument();
  });
});
