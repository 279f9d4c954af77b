import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/auth';
import { createTestApp, type TestApp } from '../helpers/test-app';

interface Received {
  authorization: string | undefined;
  contentType: string | undefined;
  body: { to: string; text: string };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    request.on('data', (chunk: Buffer) => (data += chunk.toString()));
    request.on('end', () => resolve(data));
  });
}

// A real HTTP gateway on loopback stands in for the SMS provider.
describe('the webhook SMS provider', () => {
  let gateway: Server;
  let url: string;
  let status = 200;
  const received: Received[] = [];
  let t: TestApp;

  beforeAll(async () => {
    gateway = createServer((request, response) => {
      void readBody(request).then((body) => {
        received.push({
          authorization: request.headers.authorization,
          contentType: request.headers['content-type'],
          body: JSON.parse(body) as Received['body'],
        });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(gateway.address() as { port: number }).port}/send`;
    t = await createTestApp({
      env: { SMS_PROVIDER: 'webhook', SMS_WEBHOOK_URL: url, SMS_WEBHOOK_TOKEN: 'gateway-secret' },
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('POSTs {to, text} with the bearer token, and keeps nothing in the dev outbox', async () => {
    const res = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
      body: { phone: '0912 000 111' },
    });
    expect(res.status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toEqual({
      authorization: 'Bearer gateway-secret',
      contentType: 'application/json',
      body: { to: '0912000111', text: expect.stringMatching(/^\d{6} là mã đăng nhập Món Ngon\./) },
    });
    const outbox = await call<{ data: { items: unknown[] } }>(
      t.app,
      'GET',
      '/api/dev/sms-outbox?phone=0912000111',
    );
    expect(outbox.body.data.items).toEqual([]);
  });

  it('answers 503 when the gateway refuses, and lets the user ask again at once', async () => {
    status = 500;
    const down = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
      body: { phone: '0912000222' },
    });
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      code: 'SMS_FAILED',
      message: 'Không thể gửi mã OTP. Vui lòng thử lại.',
    });
    status = 200;
    const again = await call(t.app, 'POST', '/api/auth/customer/send-otp/', {
      body: { phone: '0912000222' },
    });
    expect(again.status).toBe(200);
  });
});
