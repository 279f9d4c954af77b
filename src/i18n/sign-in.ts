/**
 * The words the sign-in forms say before the app's scripts have arrived
 * (src/first-load/early-sign-in.ts, inlined into index.html): a file of its own, because that
 * script carries what it imports into every page, and the catalogues would weigh on each of
 * them. The catalogue (vi.ts) lists these under `fieldRules` and `auth`, so the screens and
 * their tests read the same entries.
 */

/**
 * The phone, one-time code and email messages of spec section 5: every form that asks for one
 * of them (sign-in, registration, the profile) says the same, through src/lib/form-rules.ts.
 */
export const fieldRules = {
  phoneRequired: 'Vui lòng nhập số điện thoại',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  otpRequired: 'Vui lòng nhập mã OTP',
  otpInvalid: 'Mã OTP phải có 6 chữ số',
  emailRequired: 'Vui lòng nhập email',
  emailInvalid: 'Email không hợp lệ',
} as const;

/** The staff sign-in's own rules (spec section 5, 'Staff login'). */
export const staffLoginRules = {
  usernameOrEmailRequired: 'Vui lòng nhập tên đăng nhập hoặc email',
  passwordRequired: 'Vui lòng nhập mật khẩu',
  passwordTooShort: 'Mật khẩu phải có ít nhất 6 ký tự',
} as const;

/** What the sign-in forms report of the server's answers. */
export const signInText = {
  signedIn: 'Đăng nhập thành công!',
  // A locked account: the sign-in forms show the server's refusal, and a session the server
  // ends with it lands on the sign-in screen under this alert.
  locked: 'Tài khoản của bạn đã bị khóa',
  noResponse: 'Không thể kết nối đến server',
  customer: {
    resend: 'Gửi lại mã',
    resendIn: (seconds: number) => `Gửi lại mã sau ${seconds} giây`,
    codeSent: 'Mã OTP đã được gửi đến số điện thoại của bạn',
    sendFailed: 'Không thể gửi mã OTP. Vui lòng thử lại.',
    verifyFailed: 'Số điện thoại hoặc mã OTP không đúng',
    wrongCode: 'OTP không đúng',
  },
  staff: {
    failed: 'Tên đăng nhập hoặc mật khẩu không đúng',
  },
} as const;
