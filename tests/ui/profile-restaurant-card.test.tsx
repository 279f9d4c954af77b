import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '#contract/profile';
import { vi as text } from '#src/i18n/vi';
import { logout, setSession } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { customerProfile, staffProfile } from '../setup/profiles';
import { renderApp } from '../setup/render';
import { makeStaffRestaurant } from './dashboard-fake-api';

const t = text.restaurantCard;
const RESTAURANT = 'GET /api/staff/restaurant/';

async function openProfile(profile: Profile, restaurant: ApiHandler) {
  const endpoint = profile.role === 'customer' ? 'customer' : 'staff';
  const api = stubApi({
    [`GET /api/${endpoint}/profile/`]: () => ok(profile),
    [RESTAURANT]: restaurant,
  });
  setSession({ user: { ...profile }, tokens: { access_token: 'a', refresh_token: 'r' } });
  const user = userEvent.setup();
  const rendered = renderApp('/profile');
  await screen.findByRole('heading', { level: 2, name: profile.name }, { timeout: 5000 });
  return { api, user, ...rendered };
}

const cardRegion = () => screen.findByRole('region', { name: t.title });

const valueOf = (card: HTMLElement, label: string) =>
  within(card).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

beforeEach(() => {
  logout();
});

describe('the restaurant card on /profile (spec 2.15)', () => {
  it('uses the approval words of spec section 4', () => {
    expect([t.approved, t.pending, t.rejected]).toEqual(['Đã duyệt', 'Chờ duyệt', 'Từ chối']);
    expect([t.active, t.paused]).toEqual(['Đang hoạt động', 'Tạm ngừng']);
  });

  it.each(['owner', 'staff'] as const)(
    "shows the %s's restaurant: name, address, approval, active state and rating",
    async (role) => {
      const { api } = await openProfile(staffProfile({ role }), () => ok(makeStaffRestaurant()));
      const card = await cardRegion();
      expect(await within(card).findByRole('heading', { name: 'Phở Thìn Lò Đúc' })).toBeVisible();
      expect(valueOf(card, t.address)).toHaveTextContent('13 Lò Đúc, Hai Bà Trưng, Hà Nội');
      expect(valueOf(card, t.approval)).toHaveTextContent(/^Đã duyệt$/);
      expect(valueOf(card, t.activity)).toHaveTextContent(/^Đang hoạt động$/);
      expect(
        within(valueOf(card, t.rating)).getByRole('img', { name: '4,5 trên 5 sao' }),
      ).toBeVisible();
      expect(valueOf(card, t.rating)).toHaveTextContent('(12 đánh giá)');
      expect(api.callsTo(RESTAURANT)).toHaveLength(1);
    },
  );

  it('links to /staff/restaurant and /staff/menu', async () => {
    await openProfile(staffProfile(), () => ok(makeStaffRestaurant()));
    const card = await cardRegion();
    const manage = await within(card).findByRole('link', { name: t.manageRestaurant });
    expect(manage).toHaveAttribute('href', '/staff/restaurant');
    expect(within(card).getByRole('link', { name: t.manageMenu })).toHaveAttribute(
      'href',
      '/staff/menu',
    );
  });

  it("labels a restaurant waiting for approval 'Chờ duyệt', and a paused one 'Tạm ngừng'", async () => {
    await openProfile(staffProfile(), () =>
      ok(
        makeStaffRestaurant({
          approval_status: 'pending',
          is_active: false,
          rating: null,
          avg_rating: null,
          review_count: 0,
        }),
      ),
    );
    const card = await cardRegion();
    await within(card).findByRole('heading', { name: 'Phở Thìn Lò Đúc' });
    expect(valueOf(card, t.approval)).toHaveTextContent('Chờ duyệt');
    expect(valueOf(card, t.approval)).toHaveTextContent(t.pendingHint);
    expect(valueOf(card, t.activity)).toHaveTextContent(/^Tạm ngừng$/);
    expect(valueOf(card, t.rating)).toHaveTextContent(text.catalogue.noRating);
  });

  it("labels a rejected restaurant 'Từ chối' with the reason", async () => {
    await openProfile(staffProfile(), () =>
      ok(
        makeStaffRestaurant({
          approval_status: 'rejected',
          rejection_reason: 'Địa chỉ không khớp giấy phép kinh doanh',
        }),
      ),
    );
    const card = await cardRegion();
    await within(card).findByRole('heading', { name: 'Phở Thìn Lò Đúc' });
    const approval = valueOf(card, t.approval);
    expect(within(approval).getByText('Từ chối')).toBeInTheDocument();
    expect(approval).toHaveTextContent('Lý do: Địa chỉ không khớp giấy phép kinh doanh');
  });

  it("labels any other status 'Từ chối', without a reason when none was given", async () => {
    await openProfile(staffProfile(), () =>
      ok(makeStaffRestaurant({ approval_status: 'suspended' as 'rejected' })),
    );
    const card = await cardRegion();
    await within(card).findByRole('heading', { name: 'Phở Thìn Lò Đúc' });
    expect(valueOf(card, t.approval)).toHaveTextContent(/^Từ chối$/);
  });

  it('asks to create or link a restaurant when none is linked', async () => {
    await openProfile(staffProfile(), () => fail(404, 'Bạn chưa có nhà hàng', 'RESTAURANT_NONE'));
    const card = await cardRegion();
    expect(await within(card).findByText(t.none)).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: t.createOrLink });
    expect(link).toHaveAttribute('href', '/staff/restaurant');
    expect(within(card).queryByText(t.approval)).not.toBeInTheDocument();
  });

  it('says when the restaurant could not be loaded, and tries again on request', async () => {
    let answer: ApiHandler = () => fail(500, 'Máy chủ đang bận');
    const { user } = await openProfile(staffProfile(), (call) => answer(call));
    const card = await cardRegion();
    expect(await within(card).findByText(t.loadFailed)).toBeInTheDocument();
    expect(within(card).getByText('Máy chủ đang bận')).toBeInTheDocument();
    answer = () => ok(makeStaffRestaurant());
    await user.click(within(card).getByRole('button', { name: t.retry }));
    expect(await within(card).findByRole('heading', { name: 'Phở Thìn Lò Đúc' })).toBeVisible();
  });

  it('is not shown to customers, who have no restaurant', async () => {
    const { api } = await openProfile(customerProfile(), () => ok(makeStaffRestaurant()));
    expect(screen.queryByRole('region', { name: t.title })).not.toBeInTheDocument();
    expect(api.callsTo(RESTAURANT)).toHaveLength(0);
  });
});
