import { backoffDelay, LIVE_BACKOFF, type BackoffOptions } from './backoff';
import { toLiveEvent, type LiveEvent } from './live-event';
import { initialSseState, parseSseChunk } from './sse-parser';

export type LiveStatus = 'live' | 'connecting' | 'offline';
export type LiveListener = (event: LiveEvent) => void;

/** The part of the Web Locks API the client uses (navigator.locks). */
export interface LiveLocks {
  request(
    name: string,
    options: { signal?: AbortSignal },
    callback: () => Promise<void>,
  ): Promise<unknown>;
}

/** What the client needs of the browser and the session; tests give their own. */
export interface LiveEnv {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** Web Locks, or null where unsupported: then every tab keeps its own stream. */
  locks: LiveLocks | null;
  /** A channel to the device's other tabs, or null where unsupported. */
  openChannel: (name: string) => BroadcastChannel | null;
  isOnline: () => boolean;
  /** The access token to open the stream with. */
  accessToken: () => string | null;
  /** A refreshed access token; null when the session is over; rejects when unreachable. */
  renewAccessToken: (rejected: string | null) => Promise<string | null>;
  url?: string;
  backoff?: BackoffOptions;
  /** No byte for this long means a dead connection (the server sends a comment every 25 s). */
  silenceMs?: number;
  /** A stream that stayed open this long was a success: the next drop starts the backoff over. */
  stableMs?: number;
  random?: () => number;
}

type ChannelMessage =
  | { kind: 'event'; identity: string; event: LiveEvent }
  | { kind: 'status'; identity: string; status: LiveStatus }
  | { kind: 'hello'; identity: string }
  | { kind: 'nudge'; identity: string };

interface Runtime {
  identity: string;
  stop: AbortController;
  channel: BroadcastChannel | null;
  leader: boolean;
  /** The open stream's controller, to drop it when the browser goes offline. */
  stream: AbortController | null;
  /** Ends the current wait between attempts early. */
  wake: (() => void) | null;
  /** A nudge came while no wait was running (an attempt was ending): skip the next wait. */
  woken: boolean;
}

type Attempt =
  { kind: 'unauthorized'; token: string | null } | { kind: 'ended'; openedMs: number | null };

/**
 * One live connection per device: the tab holding the Web Lock reads `GET /api/events/` and
 * passes every event to the others over a BroadcastChannel; when it closes, the lock (and the
 * stream, from the last event id every tab has followed) goes to another tab.
 */
export function createLiveClient(env: LiveEnv) {
  const url = env.url ?? '/api/events/';
  const backoff = env.backoff ?? LIVE_BACKOFF;
  const silenceMs = env.silenceMs ?? 60_000;
  const stableMs = env.stableMs ?? 10_000;
  const listeners = new Set<LiveListener>();
  const statusListeners = new Set<() => void>();
  let status: LiveStatus = 'connecting';
  let lastEventId = '';
  let runtime: Runtime | null = null;

  function post(rt: Runtime, message: ChannelMessage) {
    try {
      rt.channel?.postMessage(message);
    } catch {
      // A channel closed by a sign-out racing this message: nobody is listening any more.
    }
  }

  function setStatus(next: LiveStatus) {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) listener();
    if (runtime?.leader) post(runtime, { kind: 'status', identity: runtime.identity, status });
  }

  function emit(event: LiveEvent) {
    if (event.type !== 'push' && event.id) lastEventId = event.id;
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One broken subscriber must not starve the others; the error still surfaces.
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  function pause(rt: Runtime, ms: number | null): Promise<void> {
    if (rt.woken) {
      rt.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        rt.stop.signal.removeEventListener('abort', done);
        rt.wake = null;
        resolve();
      };
      const timer = ms === null ? undefined : setTimeout(done, ms);
      rt.wake = done;
      rt.stop.signal.addEventListener('abort', done);
    });
  }

  async function attempt(rt: Runtime): Promise<Attempt> {
    const token = env.accessToken();
    if (!token) return { kind: 'unauthorized', token: null };
    const controller = new AbortController();
    rt.stream = controller;
    const stopStream = () => controller.abort();
    rt.stop.signal.addEventListener('abort', stopStream);
    let silence: ReturnType<typeof setTimeout> | undefined;
    let opened: number | null = null;
    try {
      const headers: Record<string, string> = {
        accept: 'text/event-stream',
        authorization: `Bearer ${token}`,
      };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      const response = await env.fetch(url, {
        headers,
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || !response.ok || !response.body) {
        await response.body?.cancel().catch(() => {});
        return response.status === 401
          ? { kind: 'unauthorized', token }
          : { kind: 'ended', openedMs: null };
      }
      opened = Date.now();
      rt.woken = false;
      setStatus('live');
      const reader = response.body.getReader();
      // A body that ignores the abort (a stub, an old browser) must still let go of the read.
      controller.signal.addEventListener('abort', () => void reader.cancel().catch(() => {}));
      const decoder = new TextDecoder();
      let state = initialSseState(lastEventId);
      const armSilence = () => {
        clearTimeout(silence);
        silence = setTimeout(stopStream, silenceMs);
      };
      armSilence();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || rt.stop.signal.aborted) break;
        armSilence();
        const step = parseSseChunk(state, decoder.decode(value, { stream: true }));
        state = step.state;
        for (const message of step.messages) {
          if (rt.stop.signal.aborted) break;
          if (message.id) lastEventId = message.id;
          const event = toLiveEvent(message);
          if (!event) continue;
          emit(event);
          post(rt, { kind: 'event', identity: rt.identity, event });
        }
      }
      await reader.cancel().catch(() => {});
    } catch {
      // The network dropped, the silence watchdog or a sign-out aborted: the loop decides.
    } finally {
      clearTimeout(silence);
      rt.stop.signal.removeEventListener('abort', stopStream);
      rt.stream = null;
    }
    return { kind: 'ended', openedMs: opened === null ? null : Date.now() - opened };
  }

  /** The leader's loop: holds the lock until the runtime stops. */
  async function lead(rt: Runtime): Promise<void> {
    rt.leader = true;
    post(rt, { kind: 'status', identity: rt.identity, status });
    let failures = 0;
    let renewedFor: string | null = null;
    while (!rt.stop.signal.aborted) {
      if (!env.isOnline()) {
        setStatus('offline');
        await pause(rt, null);
        continue;
      }
      setStatus('connecting');
      const result = await attempt(rt);
      if (rt.stop.signal.aborted) break;
      if (result.kind === 'unauthorized') {
        // The stream ends when its token expires, and reopening answers 401: one refresh, then
        // straight back; a second 401 for the same token waits like any failure.
        if (result.token !== null && renewedFor !== result.token) {
          renewedFor = result.token;
          try {
            if ((await env.renewAccessToken(result.token)) === null) break;
            continue;
          } catch {
            // The refresh did not reach the server: back off as for a dropped connection.
          }
        }
      } else if (result.openedMs !== null && result.openedMs >= stableMs) {
        failures = 0;
      }
      setStatus(env.isOnline() ? 'connecting' : 'offline');
      await pause(rt, backoffDelay(failures, backoff, env.random));
      failures += 1;
    }
  }

  function wake(rt: Runtime) {
    if (status === 'live') return;
    if (rt.wake) rt.wake();
    else rt.woken = true;
  }

  function onChannelMessage(rt: Runtime, message: ChannelMessage) {
    if (message.identity !== rt.identity) return;
    switch (message.kind) {
      case 'event':
        if (!rt.leader) emit(message.event);
        break;
      case 'status':
        if (!rt.leader) {
          status = message.status;
          for (const listener of [...statusListeners]) listener();
        }
        break;
      case 'hello':
        if (rt.leader) post(rt, { kind: 'status', identity: rt.identity, status });
        break;
      case 'nudge':
        if (rt.leader) wake(rt);
        break;
    }
  }

  function start(identity: string) {
    if (runtime?.identity === identity) return;
    stop();
    const channel = env.locks ? env.openChannel(`mon-ngon:live:${identity}`) : null;
    const rt: Runtime = {
      identity,
      stop: new AbortController(),
      channel,
      leader: false,
      stream: null,
      wake: null,
      woken: false,
    };
    runtime = rt;
    setStatus('connecting');
    if (channel && env.locks) {
      channel.onmessage = (message: MessageEvent<ChannelMessage>) =>
        onChannelMessage(rt, message.data);
      post(rt, { kind: 'hello', identity });
      env.locks
        .request(`mon-ngon:live:${identity}`, { signal: rt.stop.signal }, () => lead(rt))
        .catch(() => {
          // Aborted while waiting for the lock: this tab signed out or another user came in.
        });
    } else {
      void lead(rt);
    }
  }

  function stop() {
    const rt = runtime;
    if (!rt) return;
    runtime = null;
    rt.stop.abort();
    rt.channel?.close();
    lastEventId = '';
    setStatus('connecting');
  }

  return {
    start,
    stop,
    /** Receives every live event until the returned function is called. */
    subscribe(listener: LiveListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    status: () => status,
    subscribeStatus(listener: () => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    lastEventId: () => lastEventId,
    isLeader: () => runtime?.leader ?? false,
    /** Something suggests news (online again, the page shown, a push): reconnect now if down. */
    nudge() {
      const rt = runtime;
      if (!rt) return;
      if (rt.leader) {
        wake(rt);
      } else {
        post(rt, { kind: 'nudge', identity: rt.identity });
      }
    },
    /** The browser says it lost the network: the open stream is dead, stop waiting on it. */
    wentOffline() {
      const rt = runtime;
      if (!rt?.leader) return;
      rt.stream?.abort();
      setStatus('offline');
    },
    /** A push the service worker passed to this window: this tab's subscribers only. */
    deliverPush(event: LiveEvent) {
      if (runtime) emit(event);
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
