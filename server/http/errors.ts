import type { FieldError } from '../../contract/envelope';

/**
 * Every error the API can answer with: its HTTP status and the Vietnamese message the user
 * sees. One table, so wording stays consistent and a code is never answered two ways.
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 400, message: 'Dữ liệu không hợp lệ' },
  INVALID_JSON: { status: 400, message: 'Dữ liệu gửi lên không phải JSON hợp lệ' },
  UNSUPPORTED_CONTENT_TYPE: {
    status: 400,
    message: 'Kiểu dữ liệu gửi lên không được hỗ trợ. Vui lòng gửi JSON.',
  },
  BAD_REQUEST: { status: 400, message: 'Yêu cầu không hợp lệ' },
  NOT_FOUND: { status: 404, message: 'Không tìm thấy đường dẫn này' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Dữ liệu gửi lên quá lớn' },
  INTERNAL_ERROR: { status: 500, message: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    message: 'Máy chủ tạm thời không truy cập được dữ liệu. Vui lòng thử lại sau.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** An expected failure: thrown by services, turned into the error envelope by the handler. */
export class AppError extends Error {
  readonly status: number;
  readonly errors: FieldError[] | undefined;

  constructor(
    readonly code: ErrorCode,
    options: { message?: string; errors?: FieldError[]; cause?: unknown } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERRORS[code].status;
    this.errors = options.errors;
  }
}
