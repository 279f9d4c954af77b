import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SANDBOX_API_PATH, SANDBOX_PAY_PATH } from '#server/config';
import { errorPage, FORM_PATH, pagePolicy, paymentPage } from './sandbox.page';
import { VnpaySandbox, type PaymentForm } from './sandbox.service';

const PAGE_PATH = SANDBOX_PAY_PATH;
const API_PATH = SANDBOX_API_PATH;
// Our own IPN route (payments module). Called in-process, see callIpn.
const IPN_PATH = '/api/payment/vnpay/ipn/';
const FORM_BODY_LIMIT = 16 * 1024;

// Self-contained pages: inline CSS only, no script, never framed (a payment page in a frame is
// a clickjacking target). A page with the form may submit to the payment's return URL, which
// in development may be another origin (Vite's).
function sendPage(
  reply: FastifyReply,
  status: number,
  html: string,
  returnUrl: string | null = null,
): FastifyReply {
  return reply
    .status(status)
    .headers({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': pagePolicy(returnUrl),
      'x-frame-options': 'DENY',
    })
    .send(html);
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  return typeof value === 'string' ? value : '';
}

/**
 * VNPay calls the merchant's IPN server to server before the browser comes back. The sandbox
 * lives in the same process as that route, so it uses app.inject instead of a network request:
 * it then works whatever PUBLIC_URL says (a tunnel, a Vite proxy, a port nobody listens on in
 * tests) and needs no outbound HTTP. The path is the one `${publicUrl}/api/payment/vnpay/ipn/`
 * names; the app always serves it at the root.
 */
async function callIpn(app: FastifyInstance, params: Record<string, string>): Promise<void> {
  let response: Awaited<ReturnType<FastifyInstance['inject']>>;
  try {
    response = await app.inject({
      method: 'GET',
      url: `${IPN_PATH}?${new URLSearchParams(params).toString()}`,
      headers: { 'user-agent': 'VNPAY-Sandbox' },
    });
  } catch (error) {
    // Like an unreachable merchant for the real gateway: the customer still goes back.
    app.log.warn({ err: error, txnRef: params.vnp_TxnRef }, 'VNPay sandbox: the IPN call failed');
    return;
  }
  let rspCode: unknown;
  try {
    rspCode = response.json<{ RspCode?: unknown } | null>()?.RspCode;
  } catch {
    rspCode = undefined;
  }
  // The real gateway retries anything but 00/02; the sandbox does not, the reconciliation
  // (querydr) settles such payments later, so the answer is only logged.
  if (rspCode === '00' || rspCode === '02') {
    app.log.info({ txnRef: params.vnp_TxnRef, rspCode }, 'VNPay sandbox: IPN acknowledged');
  } else {
    app.log.warn(
      { txnRef: params.vnp_TxnRef, status: response.statusCode, rspCode },
      'VNPay sandbox: the IPN was not acknowledged',
    );
  }
}

/**
 * The built-in VNPay sandbox (vnpay.md): the payment page, its form and querydr. Registered by
 * app.ts only when no real gateway is configured; refused here as well in production, so a
 * wrong registration can never let test cards "pay" on a real deployment.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.appEnv === 'production' || !app.config.vnpay.sandbox) {
    throw new Error('The VNPay sandbox is never registered in production or with a real gateway');
  }
  const sandbox = new VnpaySandbox(app.config.vnpay, app.db);

  // The page posts a plain HTML form. The parser is added inside this plugin, so it applies
  // to the sandbox's routes only; the API keeps accepting JSON and multipart alone.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
  }

  app.get(
    PAGE_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const checked = await sandbox.checkRequest(
        request.query as Record<string, unknown>,
        new Date(),
      );
      if (!checked.ok) return sendPage(reply, 400, errorPage(checked.message));
      await sandbox.open(checked.value);
      return sendPage(reply, 200, paymentPage(checked.value), checked.value.returnUrl);
    },
  );

  app.post(
    FORM_PATH,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const body =
        request.body !== null && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)
          : {};
      const form: PaymentForm = {
        action: text(body, 'action') === 'cancel' ? 'cancel' : 'pay',
        card: text(body, 'card'),
        holder: text(body, 'holder'),
        issueDate: text(body, 'issue_date'),
        otp: text(body, 'otp'),
      };
      const outcome = await sandbox.pay(text(body, 'payment'), form, new Date());
      switch (outcome.kind) {
        case 'error':
          return sendPage(reply, 400, errorPage(outcome.message));
        case 'retry':
          return sendPage(
            reply,
            400,
            paymentPage(outcome.view, outcome.message, {
              card: form.card,
              holder: form.holder,
              issueDate: form.issueDate,
              otp: '',
            }),
            outcome.view.returnUrl,
          );
        case 'result': {
          // VNPay's order: the merchant hears about the outcome (IPN) before the customer does.
          await callIpn(app, outcome.params);
          const separator = outcome.returnUrl.includes('?') ? '&' : '?';
          const query = new URLSearchParams(outcome.params).toString();
          return reply
            .header('cache-control', 'no-store')
            .redirect(`${outcome.returnUrl}${separator}${query}`, 302);
        }
      }
    },
  );

  app.post(API_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request) =>
    sandbox.queryDr(request.body),
  );
};
