import type { FastifyInstance } from 'fastify';

/** One Server-Sent Events message as a client reads it. */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  messages: SseMessage[];
  /** Comment lines seen (heartbeats). */
  comments: string[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The first message (after those already taken) that matches, or a timeout error. */
  next(match?: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  /** Waits a little and returns what arrived meanwhile (to prove that nothing did). */
  settle(ms?: number): Promise<SseMessage[]>;
  close(): void;
}

/** The address of an app listening on a free port of the loopback interface. */
export async function listenOnFreePort(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}

/**
 * Opens `GET /api/events/` over real HTTP (inject does not stream) and parses what arrives.
 * A reply that is not a stream (a 401) is read whole.
 */
export async function openSse(
  base: string,
  options: { token?: string; lastEventId?: string; query?: string } = {},
): Promise<SseStream & { body?: unknown }> {
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId;
  const res = await fetch(`${base}/api/events/${options.query ?? ''}`, {
    headers,
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let taken = 0;
  let wake = () => {};
  let done = false;
  if (!res.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body: unknown = await res.json();
    return {
      status: res.status,
      headers: res.headers,
      body,
      messages,
      comments,
      ended: Promise.resolve(),
      next: () => Promise.reject(new Error('not a stream')),
      settle: () => Promise.resolve([]),
      close: () => {},
    };
  }
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(':');
              fields[line.slice(0, at)] = line.slice(at + 1).trimStart();
            }
          }
          if (fields.data !== undefined) {
            messages.push({
              id: fields.id,
              event: fields.event ?? 'message',
              data: JSON.parse(fields.data) as unknown,
            });
          }
          wake();
        }
      }
    } catch {
      // Aborted by close(): the stream is over either way.
    } finally {
      done = true;
      wake();
    }
  })();
  const next = async (match: (m: SseMessage) => boolean = () => true, timeoutMs = 3000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (taken < messages.length) {
        const message = messages[taken]!;
        taken += 1;
        if (match(message)) return message;
      }
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    messages,
    comments,
    ended,
    next,
    settle: async (ms = 300) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      const fresh = messages.slice(taken);
      taken = messages.length;
      return fresh;
    },
    close: () => controller.abort(),
  };
}
