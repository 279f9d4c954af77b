import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * One app instance's Prometheus metrics (GET /metrics, docs/decisions/027). A registry per app,
 * not prom-client's global one: tests build several apps in one process, and each must report
 * its own requests, pool and streams. Names carry the `mon_ngon_` prefix; Node's own process
 * metrics (CPU, memory, event loop delay, GC) keep their standard names.
 */

/** How the wallet or the gateway settled a payment (`outcome`), and by which path (`via`). */
export type PaymentMethod = 'wallet' | 'vnpay';
export type PaymentOutcome = 'succeeded' | 'failed';
export type PaymentVia = 'api' | 'ipn' | 'querydr';

/** Where an event stream's message came from: the live fan-out or a reconnect's replay. */
export type DeliveryPhase = 'live' | 'replay';

/** The database's connections right now; on PGlite one connection and its mutex queue. */
export interface DatabaseStats {
  total: number;
  idle: number;
  waiting: number;
}

/** The payments counter, as the payments module sees it (optional where no app is around). */
export interface PaymentMetrics {
  paymentSettled(method: PaymentMethod, outcome: PaymentOutcome, via: PaymentVia): void;
}

/** The event streams' delivery lag, as the events module sees it. */
export interface DeliveryMetrics {
  eventDelivered(createdAt: Date, phase: DeliveryPhase, now?: number): void;
}

// Seconds: from a few milliseconds (a page, a cached list) to the slow tail worth an alert.
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Seconds from an event's commit to its write on a stream: milliseconds live, up to the
// replay window after a reconnect.
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300, 3600];

export class Metrics implements PaymentMetrics, DeliveryMetrics {
  readonly registry = new Registry();
  private readonly requests: Histogram<'method' | 'route' | 'status_code'>;
  private readonly payments: Counter<'method' | 'outcome' | 'via'>;
  private readonly lag: Histogram<'phase'>;

  constructor(sources: { database: () => DatabaseStats; openStreams: () => number }) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Histogram({
      name: 'mon_ngon_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status: time to the reply (the _count is the request count)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.payments = new Counter({
      name: 'mon_ngon_payments_settled_total',
      help: 'Payments settled, by method (wallet, vnpay), outcome and path (api, ipn, querydr)',
      labelNames: ['method', 'outcome', 'via'],
      registers,
    });
    this.lag = new Histogram({
      name: 'mon_ngon_event_delivery_lag_seconds',
      help: 'Time from an event row being written to its message being sent on a stream',
      labelNames: ['phase'],
      buckets: LAG_BUCKETS,
      registers,
    });
    const databaseGauge = (name: string, help: string, pick: (stats: DatabaseStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(pick(sources.database()));
        },
      });
    databaseGauge(
      'mon_ngon_db_pool_connections',
      'Database connections open (PostgreSQL pool; PGlite has one)',
      (stats) => stats.total,
    );
    databaseGauge(
      'mon_ngon_db_pool_idle_connections',
      'Database connections open and unused',
      (stats) => stats.idle,
    );
    databaseGauge(
      'mon_ngon_db_pool_waiting',
      'Queries and transactions waiting for a connection (PostgreSQL pool queue; PGlite mutex queue)',
      (stats) => stats.waiting,
    );
    new Gauge({
      name: 'mon_ngon_event_streams_open',
      help: 'Live event streams (GET /api/events/) open on this instance',
      registers,
      collect() {
        this.set(sources.openStreams());
      },
    });
  }

  requestServed(method: string, route: string, statusCode: number, seconds: number): void {
    this.requests.observe({ method, route, status_code: String(statusCode) }, seconds);
  }

  paymentSettled(method: PaymentMethod, outcome: PaymentOutcome, via: PaymentVia): void {
    this.payments.inc({ method, outcome, via });
  }

  eventDelivered(createdAt: Date, phase: DeliveryPhase, now = Date.now()): void {
    this.lag.observe({ phase }, Math.max(0, (now - createdAt.getTime()) / 1000));
  }

  /** The text format Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
