import { vi as firstScreen } from './first-screen';
import { fieldRules, signInText, staffLoginRules } from './sign-in';

/**
 * The sign-in and registration screens' words (spec 2.3 to 2.5), the catalogue's `auth` group.
 * A file of its own so that the screens a visitor opens first read their words without loading
 * the whole catalogue (some 13 KB of gzip on slow mobile data): they import `vi` from here.
 */
export const auth = {
  validation: {
    // The phone, code and email rules are every form's (src/lib/form-rules.ts).
    ...fieldRules,
    ...staffLoginRules,
    usernameRequired: 'Vui lòng nhập tên đăng nhập',
    firstNameRequired: 'Vui lòng nhập tên',
    lastNameRequired: 'Vui lòng nhập họ',
    addressRequired: 'Vui lòng nhập địa chỉ',
    passwordMismatch: 'Mật khẩu xác nhận không khớp',
  },
  signedIn: signInText.signedIn,
  locked: signInText.locked,
  showPassword: 'Hiện mật khẩu',
  customer: {
    title: 'Đăng nhập',
    intro: 'Nhập số điện thoại, chúng tôi sẽ gửi mã OTP qua tin nhắn.',
    phone: 'Số điện thoại',
    phonePlaceholder: '0912 345 678',
    getCode: 'Lấy mã OTP',
    getCodeIn: (seconds: number) => `Lấy mã OTP sau ${seconds} giây`,
    changePhone: 'Đổi số điện thoại',
    code: 'Mã OTP',
    codeHint: 'Nhập 6 chữ số trong tin nhắn vừa nhận',
    submit: 'Đăng nhập',
    resend: signInText.customer.resend,
    resendIn: signInText.customer.resendIn,
    staffLink: 'Bạn là chủ quán hoặc nhân viên? Đăng nhập tại đây',
    codeSent: signInText.customer.codeSent,
    sendFailed: signInText.customer.sendFailed,
    verifyFailed: signInText.customer.verifyFailed,
    wrongCode: signInText.customer.wrongCode,
  },
  staff: {
    title: 'Đăng nhập dành cho chủ quán',
    intro: 'Chủ quán và nhân viên đăng nhập bằng tài khoản nhà hàng.',
    username: 'Tên đăng nhập hoặc email',
    password: 'Mật khẩu',
    submit: 'Đăng nhập',
    failed: signInText.staff.failed,
    registerLink: 'Chưa có tài khoản? Đăng ký ngay',
    customerLink: 'Khách hàng? Đăng nhập bằng số điện thoại',
  },
  register: {
    title: 'Đăng ký tài khoản chủ quán',
    notes: [
      'Tài khoản sẽ được xem xét và phê duyệt trong vòng 24-48 giờ.',
      'Sau khi đăng ký, hãy tạo nhà hàng của bạn.',
      'Vui lòng cung cấp thông tin chính xác.',
    ],
    notesLabel: 'Lưu ý',
    username: 'Tên đăng nhập',
    firstName: 'Tên',
    lastName: 'Họ',
    email: 'Email',
    phone: 'Số điện thoại',
    address: 'Địa chỉ',
    password: 'Mật khẩu',
    confirmPassword: 'Xác nhận mật khẩu',
    gender: 'Giới tính',
    genders: { male: 'Nam', female: 'Nữ', other: 'Khác' },
    submit: 'Đăng ký',
    submitting: 'Đang đăng ký...',
    succeeded: 'Đăng ký thành công! Tài khoản của bạn sẽ được duyệt trong vòng 24-48 giờ.',
    redirecting: 'Đang chuyển đến trang đăng nhập chủ quán...',
    failed: 'Đăng ký thất bại. Vui lòng thử lại.',
    notSucceeded: 'Đăng ký thất bại',
    haveAccount: 'Đã có tài khoản?',
    loginLink: 'Đăng nhập ngay',
  },
};

/** The catalogue as the sign-in screens read it: the first screen's groups and `auth`. */
export const vi = { ...firstScreen, fieldRules, auth };
