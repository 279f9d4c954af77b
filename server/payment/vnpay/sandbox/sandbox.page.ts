import { createHash } from 'node:crypto';
import { formatVnd } from '#server/lib/format-vnd';
import { formatVnpDate } from '../vnpay';
import { CARD_HOLDER, ISSUE_DATE, TEST_CARDS, TEST_OTP, type PaymentView } from './sandbox.service';

/**
 * The sandbox's HTML: self-contained (inline CSS, no script, no external asset), so it works
 * offline and under the strict Content-Security-Policy below, which the routes send with it.
 */

export const FORM_PATH = '/sandbox/vnpay/paymentv2/pay';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function displayTime(date: Date): string {
  const v = formatVnpDate(date);
  return `${v.slice(8, 10)}:${v.slice(10, 12)} ngày ${v.slice(6, 8)}/${v.slice(4, 6)}/${v.slice(0, 4)}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef2f7;color:#1f2937}
header{background:#005baa;color:#fff;padding:14px 20px;font-weight:700;font-size:18px}
header span{color:#ed1c24}
main{max-width:560px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:10px;box-shadow:0 1px 4px rgba(0,0,0,.08);padding:20px;margin-bottom:16px}
h1{font-size:18px;margin:0 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:0}
dt{color:#6b7280}dd{margin:0;font-weight:600;word-break:break-word}
.amount{color:#ed1c24;font-size:20px}
label{display:block;font-size:14px;margin:12px 0 4px;color:#374151}
input,select{width:100%;padding:9px 10px;border:1px solid #cbd5e1;border-radius:6px;font-size:15px}
.hint{font-size:12px;color:#6b7280;margin-top:4px}
.error{background:#fef2f2;color:#b91c1c;border:1px solid #fecaca;border-radius:6px;padding:10px 12px;margin-bottom:12px}
.actions{display:flex;gap:12px;margin-top:18px}
button{flex:1;padding:11px;border-radius:6px;font-size:15px;font-weight:600;cursor:pointer;border:1px solid #005baa}
.pay{background:#005baa;color:#fff}.cancel{background:#fff;color:#005baa}
table{width:100%;border-collapse:collapse;font-size:13px}td{padding:4px 0;border-top:1px solid #eef2f7}
.note{font-size:12px;color:#6b7280;text-align:center}
`;

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`;

/**
 * The sandbox page's Content-Security-Policy: nothing but its one <style> element (by hash) and
 * its form. The form posts here and the answer redirects to the payment's vnp_ReturnUrl, which
 * browsers check against form-action too: its origin (signed into the payment link, so ours:
 * PUBLIC_URL or the address the app was opened at) is admitted. A page without a form (an
 * error) submits nowhere.
 */
export function pagePolicy(returnUrl: string | null): string {
  let target = "'none'";
  if (returnUrl !== null) {
    let origin = '';
    try {
      origin = new URL(returnUrl).origin;
    } catch {
      // The signature check already refused a return URL that is not a URL.
    }
    target = `'self'${/^https?:\/\//.test(origin) ? ` ${origin}` : ''}`;
  }
  return [
    "default-src 'none'",
    `style-src ${STYLE_SOURCE}`,
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${target}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>VN<span>PAY</span> · Cổng thanh toán thử nghiệm</header>
<main>
${body}
<p class="note">Môi trường thử nghiệm của Món Ngon: không có giao dịch thật nào được thực hiện.</p>
</main>
</body>
</html>`;
}

export function errorPage(message: string): string {
  return layout(
    'Lỗi giao dịch',
    `<section class="card"><h1>Không thể thực hiện giao dịch</h1><div class="error">${escapeHtml(message)}</div></section>`,
  );
}

export interface FormValues {
  card?: string;
  holder?: string;
  issueDate?: string;
  otp?: string;
}

export function paymentPage(view: PaymentView, error?: string, values: FormValues = {}): string {
  const card = values.card ?? TEST_CARDS[0]!.number;
  const options = TEST_CARDS.map(
    (c) =>
      `<option value="${c.number}"${c.number === card ? ' selected' : ''}>${c.number} (${escapeHtml(c.outcome)})</option>`,
  ).join('');
  const cardRows = TEST_CARDS.map(
    (c) => `<tr><td>${c.number}</td><td>${escapeHtml(c.outcome)} (mã ${c.responseCode})</td></tr>`,
  ).join('');
  const expiry = view.expiresAt
    ? `<dt>Hết hạn lúc</dt><dd>${displayTime(view.expiresAt)}</dd>`
    : '';
  return layout(
    'Thanh toán qua VNPAY',
    `<section class="card">
<h1>Thông tin đơn hàng</h1>
<dl>
<dt>Nhà cung cấp</dt><dd>Món Ngon (${escapeHtml(view.tmnCode)})</dd>
<dt>Mã giao dịch</dt><dd>${escapeHtml(view.txnRef)}</dd>
<dt>Nội dung</dt><dd>${escapeHtml(view.orderInfo)}</dd>
<dt>Số tiền</dt><dd class="amount">${formatVnd(view.amount)}</dd>
${expiry}
</dl>
</section>
<section class="card">
<h1>Thẻ nội địa NCB</h1>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ''}
<form method="post" action="${FORM_PATH}">
<input type="hidden" name="payment" value="${escapeHtml(view.rawQuery)}">
<label for="card">Số thẻ</label>
<select id="card" name="card">${options}</select>
<label for="holder">Tên chủ thẻ</label>
<input id="holder" name="holder" value="${escapeHtml(values.holder ?? CARD_HOLDER)}" autocomplete="off">
<label for="issue_date">Ngày phát hành</label>
<input id="issue_date" name="issue_date" value="${escapeHtml(values.issueDate ?? ISSUE_DATE)}" autocomplete="off">
<label for="otp">Mã OTP</label>
<input id="otp" name="otp" value="${escapeHtml(values.otp ?? TEST_OTP)}" inputmode="numeric" autocomplete="one-time-code">
<p class="hint">Mã OTP thử nghiệm: ${TEST_OTP}</p>
<!-- "Thanh toán" comes first: Enter in a field submits the first button, never the cancel. -->
<div class="actions">
<button class="pay" type="submit" name="action" value="pay">Thanh toán</button>
<button class="cancel" type="submit" name="action" value="cancel">Hủy giao dịch</button>
</div>
</form>
</section>
<section class="card">
<h1>Thẻ thử nghiệm</h1>
<table>${cardRows}</table>
<p class="hint">Chủ thẻ ${CARD_HOLDER}, ngày phát hành ${ISSUE_DATE}, OTP ${TEST_OTP}.</p>
</section>`,
  );
}
