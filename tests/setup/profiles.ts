import type { Profile } from '#contract/profile';

/** A complete customer profile as GET /api/customer/profile/ returns it. */
export function customerProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 7,
    role: 'customer',
    name: 'Nguyễn Thị Lan',
    username: null,
    full_name: 'Nguyễn Thị Lan',
    first_name: null,
    last_name: null,
    email: 'lan@example.vn',
    phone: '0912345678',
    address: '12 Hàng Bạc, Hoàn Kiếm, Hà Nội',
    date_of_birth: '1990-05-17',
    gender: 'female',
    avatar: null,
    is_need_update: false,
    ...overrides,
  };
}

/** A complete staff-level profile as GET /api/staff/profile/ returns it. */
export function staffProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 3,
    role: 'owner',
    name: 'Trần Minh Đức',
    username: 'demo_owner',
    full_name: null,
    first_name: 'Minh Đức',
    last_name: 'Trần',
    email: 'duc@example.vn',
    phone: '0987654321',
    address: '45 Lê Lợi, Quận 1, TP.HCM',
    date_of_birth: null,
    gender: 'male',
    avatar: null,
    is_need_update: false,
    ...overrides,
  };
}
