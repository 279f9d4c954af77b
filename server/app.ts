import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { developmentVapidKeys, type Config } from './config';
import type { Database, DatabaseKind } from './db/database';
import type { DB } from './db/schema';
import { withTurn } from './db/turns';
import { accessPlugin } from './http/access';
import { frameworkError, registerErrorHandling, sendError } from './http/error-handler';
import { registerBodyChecks, registerJsonParser, registerUrlChecks } from './http/hostile-input';
import { idempotencyPlugin } from './http/idempotency';
import { registerMetrics } from './http/metrics';
import { replyCachePlugin } from './http/reply-cache';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStatic } from './http/static';
import { registerUploadServing } from './http/uploads';
import { deriveKeys, type Keys } from './lib/keys';
import { Metrics } from './lib/metrics';
import { validationMessage } from './lib/validation-messages';
import { adminAuditRoutes } from './modules/admin-audit/admin-audit.routes';
import { adminMoneyRoutes } from './modules/admin-money/admin-money.routes';
import { adminUserRoutes } from './modules/admin-users/admin-users.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { catalogueGeneration } from './modules/catalogue/catalogue.service';
import { couponAdminRoutes } from './modules/coupon-admin/coupon-admin.routes';
import { couponRoutes } from './modules/coupons/coupons.routes';
import { categoryRoutes } from './modules/categories/categories.routes';
import { gazetteerGeocoder, nominatimGeocoder, type Geocoder } from './geo/geocoder';
import { devRoutes } from './modules/dev/dev.routes';
import { EventHub } from './modules/events/events.hub';
import { eventRoutes } from './modules/events/events.routes';
import { favoriteRoutes } from './modules/favorites/favorites.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { healthRoutes } from './modules/health/health.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { orderRoutes } from './modules/orders/orders.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { pushRoutes } from './modules/push/push.routes';
import { PushWorker, type PushTimings } from './modules/push/push.worker';
import { revenueRoutes } from './modules/revenue/revenue.routes';
import { restaurantApprovalRoutes } from './modules/restaurant-approval/restaurant-approval.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { isAccountLocked } from './modules/users/users.service';
import { sandboxRoutes } from './payment/vnpay/sandbox/sandbox.routes';
import { staffMenuRoutes } from './modules/staff-menu/staff-menu.routes';
import { staffMemberRoutes } from './modules/staff-members/staff-members.routes';
import { staffRestaurantRoutes } from './modules/staff-restaurant/staff-restaurant.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { createSmsSender, type SmsSender } from './sms/sms';
import { MAX_UPLOAD_BYTES } from './storage/images';
import { createUploadStore, type UploadStore } from './storage/uploads';
import { APP_VERSION } from './version';

// Validation messages that no contract sets itself still reach users: one map for the whole
// API names the field and says what it expects. zod's Vietnamese locale stays underneath for
// any issue the map does not know.
z.config({ ...z.locales.vi(), customError: validationMessage });

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<DB>;
    dbKind: DatabaseKind;
    keys: Keys;
    sms: SmsSender;
    uploads: UploadStore;
    geocoder: Geocoder;
    events: EventHub;
    push: PushWorker;
    metrics: Metrics;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Tests pass false; the server passes pino options derived from config. */
  logger?: FastifyServerOptions['logger'];
  /** Replaces the configured SMS provider (tests use it to simulate a failing gateway). */
  sms?: SmsSender;
  /** Live events' timings; tests shorten them. */
  events?: { heartbeatMs?: number; reconnectMinMs?: number; reconnectMaxMs?: number };
  /** The push worker's timings and retries; tests shorten them. */
  push?: PushTimings;
}

const HEARTBEAT_MS = 25_000;

const ONE_MEGABYTE = 1024 * 1024;

const ENCODINGS = ['br', 'gzip'] as const;

export async function buildApp({
  config,
  db,
  logger,
  sms,
  events,
  push,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      // Tokens and one-time codes must never reach a log file.
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.body.otp_code'],
    },
    bodyLimit: ONE_MEGABYTE,
    trustProxy: config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming)
        ? incoming
        : randomUUID();
    },
    // A path parameter up to 1000 characters reaches its route's schema and is refused there
    // (400); past that the router refuses it (414), in the envelope through frameworkErrors.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 1000 },
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks: everything a request does after it runs inside the request's turn, so
  // its queries on the embedded database wait behind earlier requests only, and a GET's plain
  // reads may come from the embedded database's read cache (db/turns.ts).
  app.addHook('onRequest', (request, _reply, done) =>
    withTurn(done, { readsFromCache: request.method === 'GET' }),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db.db);
  app.decorate('dbKind', db.kind);
  const keys = deriveKeys(config.jwtSecret);
  app.decorate('keys', keys);
  app.decorate('sms', sms ?? createSmsSender(config.sms, db.db, app.log));
  const uploads = createUploadStore(db.db);
  app.decorate('uploads', uploads);
  app.decorate(
    'geocoder',
    config.geocoderUrl
      ? nominatimGeocoder(config.geocoderUrl, `MonNgon/${APP_VERSION} (${config.publicUrl})`)
      : gazetteerGeocoder,
  );
  // One LISTEN connection per instance fans committed events out to its open streams.
  const hub = new EventHub({
    db: db.db,
    listen: db.listen,
    log: app.log,
    ...(events?.reconnectMinMs ? { minDelayMs: events.reconnectMinMs } : {}),
    ...(events?.reconnectMaxMs ? { maxDelayMs: events.reconnectMaxMs } : {}),
  });
  app.decorate('events', hub);
  const metrics = new Metrics({ database: () => db.stats(), openStreams: () => hub.openStreams });
  app.decorate('metrics', metrics);
  app.addHook('onReady', () => hub.start());
  // Open streams never go idle, so they are ended before the server waits for connections.
  app.addHook('preClose', async () => hub.closeStreams());
  app.addHook('onClose', () => hub.stop());
  // Web Push goes out from the queue after commit, never from the request that caused it.
  const vapidKeys = config.vapid.keys ?? developmentVapidKeys(config.dataDir);
  const pushWorker = new PushWorker({
    db: db.db,
    vapid: { ...vapidKeys, subject: config.vapid.subject },
    log: app.log,
    ...push,
  });
  app.decorate('push', pushWorker);
  hub.onEvent((event) => {
    if (event.type === 'notification.created') pushWorker.wake();
  });
  app.addHook('onReady', async () => pushWorker.start());
  app.addHook('onClose', () => pushWorker.stop());
  registerErrorHandling(app);
  registerJsonParser(app);
  registerUrlChecks(app);
  // Before any route: every /api route must then declare who may call it.
  await app.register(accessPlugin, {
    key: keys.jwt,
    isLocked: (userId) => isAccountLocked(db.db, userId),
  });
  // Routes that declare `config.idempotent` replay their stored reply for a repeated
  // Idempotency-Key (design.md section 4); registered before them for the same reason.
  await app.register(idempotencyPlugin);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API replies carry personal data and money; only the app's own cache may keep them.
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });
  registerSecurityHeaders(app, { config, staticDir: config.staticDir });
  registerMetrics(app, { config, metrics });

  // Flaky mobile data is the main audience: every reply and file over 1 KB is compressed
  // (brotli at a cheap level, gzip for older clients). Replies up to 1 MB are compressed in one
  // synchronous call: at brotli's level 4 a 70 KB search page takes half a millisecond that
  // way, while the stream the plugin otherwise uses above its default (64 KB on two cores)
  // cost about ten and made the search rows the slowest under load (docs/decisions/032).
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: 1024,
    syncThreshold: ONE_MEGABYTE,
  });
  // After compression: the public catalogue's replies are kept as the bytes that went out,
  // until the catalogue's generation moves (docs/decisions/034).
  await app.register(replyCachePlugin, {
    generation: () => catalogueGeneration(db.db),
    maxBytes: config.replyCacheBytes,
    encodings: [...ENCODINGS],
  });

  // Uploads (avatars, later dish photos) arrive as multipart; fields become plain values and
  // the file a Buffer, so the route's zod schema validates both kinds of body.
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 31 },
  });

  // After multipart, whose own preValidation hook turns a form into the body: text typed into
  // a form with a file is checked and normalised like any JSON body.
  registerBodyChecks(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Món Ngon API', version: APP_VERSION },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(healthRoutes);
  await app.register(categoryRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(catalogueRoutes);
  await app.register(cartRoutes);
  await app.register(couponRoutes);
  await app.register(couponAdminRoutes);
  await app.register(orderRoutes);
  await app.register(favoriteRoutes);
  await app.register(walletRoutes);
  await app.register(paymentRoutes);
  await app.register(reviewRoutes);
  await app.register(revenueRoutes);
  await app.register(staffMenuRoutes);
  await app.register(staffRestaurantRoutes);
  await app.register(staffMemberRoutes);
  await app.register(restaurantApprovalRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminMoneyRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes, { publicKey: vapidKeys.publicKey });
  await app.register(eventRoutes, {
    hub,
    stream: {
      heartbeatMs: events?.heartbeatMs ?? HEARTBEAT_MS,
      metrics,
      isLocked: (userId: number) => isAccountLocked(db.db, userId),
    },
  });
  // The imitation of VNPay (vnpay.md) when no real gateway is configured; config refuses that
  // in production.
  if (config.vnpay.sandbox) await app.register(sandboxRoutes);
  await app.register(geoRoutes);
  if (config.appEnv !== 'production') await app.register(devRoutes);

  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  await registerUploadServing(app, uploads);

  const serving = await registerStatic(app, config.staticDir);
  if (!serving) app.setNotFoundHandler((_request, reply) => sendError(reply, 'NOT_FOUND'));

  return app;
}
