import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffMember, StaffMemberCreateBody } from '#contract/staff-members';
import { vi as text } from '#src/i18n/vi';
import { logout } from '#src/lib/session';
import { fail, ok, stubApi, type ApiHandler } from '../setup/fake-api';
import { renderApp } from '../setup/render';
import { findToast } from './find-toast';
import {
  escapeRegExp,
  makeMember,
  makeStaffRestaurant,
  signInAs,
} from './staff-workspace-fake-api';

const t = text.team;

/**
 * /staff/restaurant as the owner, scrolled to the team. The list answers from `state.members`,
 * so a handler that changes it is what the refetch then reads.
 */
async function openTeam(
  members: StaffMember[] = [makeMember()],
  routes: Record<string, ApiHandler> = {},
) {
  const state = { members };
  const api = stubApi({
    'GET /api/staff/restaurant/': () => ok(makeStaffRestaurant()),
    'GET /api/staff/members/': () => ok({ items: state.members }),
    ...routes,
  });
  signInAs('owner');
  const user = userEvent.setup();
  const rendered = renderApp('/staff/restaurant');
  const team = await screen.findByRole('region', { name: t.title }, { timeout: 5000 });
  return { api, user, state, team, ...rendered };
}

const field = (scope: HTMLElement, name: string) =>
  within(scope).getByLabelText(new RegExp(`^${escapeRegExp(name)}( \\*)?$`));

beforeAll(async () => {
  // The screen is a lazy chunk: transform it once up front, so no test spends its time on the
  // cold import.
  await import('#src/features/staff-restaurant/pages/staff-restaurant-page');
}, 30_000);

beforeEach(() => {
  logout();
  notifications.clean();
});

describe("the owner's team on /staff/restaurant", { timeout: 20_000 }, () => {
  it('lists the staff accounts with their username and contact', async () => {
    const { team } = await openTeam([
      makeMember(),
      makeMember({
        id: 6,
        username: 'bep_truong',
        first_name: 'Văn An',
        last_name: 'Phạm',
        phone: null,
        email: 'an@example.vn',
      }),
    ]);
    const list = await within(team).findByRole('list', { name: t.title });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Lê Thị Hoa')).toBeInTheDocument();
    expect(within(items[0]!).getByText(t.usernameLine('thu_ngan'))).toBeInTheDocument();
    expect(within(items[0]!).getByText('0987111222')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Phạm Văn An')).toBeInTheDocument();
    expect(within(items[1]!).getByText('an@example.vn')).toBeInTheDocument();
  });

  it("adds a staff member, leaving out the empty optional fields, with 'Đã thêm nhân viên'", async () => {
    const { api, user, team, state } = await openTeam([], {
      'POST /api/staff/members/': (call) => {
        const body = call.json as StaffMemberCreateBody;
        const member = makeMember({
          id: 9,
          username: body.username,
          first_name: body.first_name,
          last_name: body.last_name,
          phone: body.phone ?? null,
          email: body.email ?? null,
        });
        state.members = [...state.members, member];
        return ok(member, 'Đã thêm nhân viên');
      },
    });
    expect(await within(team).findByText(t.empty)).toBeInTheDocument();

    await user.click(within(team).getByRole('button', { name: t.add }));
    const form = within(team).getByRole('form', { name: t.addTitle });
    await user.type(field(form, t.username), 'phuc_vu');
    await user.type(field(form, t.password), 'matkhau123');
    await user.type(field(form, t.lastName), 'Nguyễn');
    await user.type(field(form, t.firstName), 'Văn Bình');
    await user.type(field(form, t.phone), '0901234567');
    await user.click(within(form).getByRole('button', { name: t.submit }));

    await findToast('Đã thêm nhân viên');
    expect(api.lastCallTo('POST /api/staff/members/').json).toEqual({
      username: 'phuc_vu',
      password: 'matkhau123',
      first_name: 'Văn Bình',
      last_name: 'Nguyễn',
      phone: '0901234567',
    });
    expect(await within(team).findByText('Nguyễn Văn Bình')).toBeInTheDocument();
    expect(within(team).queryByRole('form', { name: t.addTitle })).not.toBeInTheDocument();
  });

  it('shows the server field errors under the fields of the new account', async () => {
    const { user, team } = await openTeam([], {
      'POST /api/staff/members/': () =>
        fail(409, 'Tên đăng nhập đã được sử dụng', 'USERNAME_TAKEN', {
          errors: [{ path: 'username', message: 'Tên đăng nhập đã được sử dụng' }],
        }),
    });
    await user.click(await within(team).findByRole('button', { name: t.add }));
    const form = within(team).getByRole('form', { name: t.addTitle });
    await user.type(field(form, t.username), 'thu_ngan');
    await user.click(within(form).getByRole('button', { name: t.submit }));

    await findToast('Tên đăng nhập đã được sử dụng');
    expect(field(form, t.username)).toHaveAccessibleDescription('Tên đăng nhập đã được sử dụng');
    expect(within(team).getByRole('form', { name: t.addTitle })).toBeInTheDocument();
  });

  it("asks before removing a member, then says 'Đã xoá nhân viên'", async () => {
    const { api, user, team, state } = await openTeam([makeMember()], {
      'DELETE /api/staff/members/5/': () => {
        state.members = [];
        return ok(undefined, 'Đã xoá nhân viên');
      },
    });
    const remove = await within(team).findByRole('button', { name: t.remove('Lê Thị Hoa') });

    // Declining removes nobody.
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: t.removeQuestion('Lê Thị Hoa') });
    await user.click(within(dialog).getByRole('button', { name: t.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/staff/members/5/')).toHaveLength(0);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: t.removeQuestion('Lê Thị Hoa') });
    await user.click(within(dialog).getByRole('button', { name: t.removeConfirm }));

    await findToast('Đã xoá nhân viên');
    expect(api.callsTo('DELETE /api/staff/members/5/')).toHaveLength(1);
    expect(await within(team).findByText(t.empty)).toBeInTheDocument();
  });

  it("shows the server's message when a removal is refused", async () => {
    const { user, team } = await openTeam([makeMember()], {
      'DELETE /api/staff/members/5/': () => fail(404, 'Không tìm thấy nhân viên', 'NOT_FOUND'),
    });
    await user.click(await within(team).findByRole('button', { name: t.remove('Lê Thị Hoa') }));
    const dialog = await screen.findByRole('dialog', { name: t.removeQuestion('Lê Thị Hoa') });
    await user.click(within(dialog).getByRole('button', { name: t.removeConfirm }));
    await findToast('Không tìm thấy nhân viên');
  });
});
