import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { insertOutboxMessage } from './outbox.queries';

export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * `console` (development and tests): the message goes to the log and to the dev outbox table,
 * so a developer or an e2e test can read the code. `webhook`: POST {to, text} to the SMS
 * gateway of the deployment. Production refuses `console` (config.ts).
 */
export function createSmsSender(
  config: Config['sms'],
  db: Kysely<DB>,
  log: FastifyBaseLogger,
): SmsSender {
  if (config.provider === 'console') {
    return {
      async send(phone, text) {
        log.info({ sms: { to: phone, text } }, 'SMS (console provider)');
        await insertOutboxMessage(db, phone, text);
      },
    };
  }
  return {
    async send(phone, text) {
      const response = await fetch(config.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
        },
        body: JSON.stringify({ to: phone, text }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
  };
}
