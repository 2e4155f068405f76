import { isIP } from 'node:net';
import path from 'node:path';
import { ABANDONED_CART_DELAY_MINUTES_MAX } from '@comanda/domain/abandoned-cart';
import { type SiteOrigins, siteOriginsFromEnv } from './lib/site-origins';
import { type PaymentsConfig, paymentsConfigFromEnv } from './payments/config';

/** Runtime configuration, read once from the environment. See `.env.example`. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database lives when DATABASE_URL is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL connections this process keeps at most. Statements beyond it wait
   * in the process (in arrival order) rather than in the database: a database
   * with many more busy connections than cores spends the surplus switching
   * between them and queueing on the same parent rows' locks (ADR 058).
   */
  databasePoolSize: number;
  redisUrl: string | undefined;
  adminToken: string | undefined;
  /** The address diners use; absolute image urls and payment callbacks are built from it. */
  publicUrl: string;
  corsOrigins: string[];
  mapTileUrl: string;
  geocoderUrl: string | undefined;
  /** OSRM-compatible router for the tracking page's arrival estimate; straight-line estimate when unset. */
  routerUrl: string | undefined;
  logLevel: string;
  /** Built web app to serve; unset in tests that only exercise the API. */
  webDistDir: string | undefined;
  bodyLimitBytes: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): false
   * (none, the socket's address is the client), a hop count, or the proxies'
   * addresses and CIDR ranges. Never `true`: that believes the left-most
   * address, which the client writes itself, and would reset every per-IP limit.
   */
  trustProxy: false | number | string;
  /**
   * Load the demo tenant into an empty database: undefined means only into the
   * embedded one, true also into PostgreSQL, false never.
   */
  seedDemo: boolean | undefined;
  /**
   * Requests per minute and client IP on the diner's write routes. The order
   * limit must leave room for a whole restaurant behind one NAT (and for the
   * bench, which raises it); code validation and client logs are cheaper to abuse.
   */
  rateLimits: { order: number; codeValidate: number; clientLog: number };
  /**
   * Limits a real diner never meets but a script does (ADR 020): orders per
   * phone and per location in a window, messages per recipient per day,
   * failed discount-code lookups per client and per brand, anonymous writes per
   * client per day. Counted in Redis when REDIS_URL is set, else in memory.
   */
  abuse: {
    orderWindowMinutes: number;
    ordersPerPhone: number;
    ordersPerVenue: number;
    messagesPerPhonePerDay: number;
    codeFailureWindowMinutes: number;
    codeFailuresPerClient: number;
    codeFailuresPerBrand: number;
    analyticsEventsPerClientPerDay: number;
    clientLogsPerClientPerDay: number;
  };
  /** Days anonymous rows are kept before the jobs delete them. */
  retention: { analyticsDays: number; clientLogDays: number; abuseTripDays: number };
  /**
   * Prefix of every Redis key and channel this deployment uses (Socket.IO
   * adapter, staff login counters), so that two deployments — or two test
   * runs — sharing one Redis never hear each other.
   */
  redisKeyPrefix: string;
  /** Staff sessions and the failed-login throttle (see `services/staff-auth-service.ts`). */
  staffAuth: {
    sessionHours: number;
    /** Login attempts per client IP within the window (a success forgives one). */
    loginFailuresPerIp: number;
    /** The window of the IP count, and how long a pair's failures are remembered. */
    loginFailureWindowMinutes: number;
    /** Failures of one email from one address before delays start. */
    loginFreeFailures: number;
    /** The first delay of an (email, address) pair; it doubles with each further failure. */
    loginDelaySeconds: number;
    /** The longest delay of a pair. */
    loginMaxDelayMinutes: number;
  };
  /**
   * Diners proving a phone with a one-time code (see `services/customer-auth-service.ts`,
   * ADR 018): code requests per phone and per client IP within a window, the
   * session's lifetime, and the demo's way to read the code without a phone
   * (`codeInAnswer`, refused when NODE_ENV is production).
   */
  customerAuth: {
    codesPerPhone: number;
    codesPerIp: number;
    codeWindowMinutes: number;
    sessionDays: number;
    codeInAnswer: boolean;
  };
  /**
   * Staff sockets: how often each process re-checks its staff sockets against
   * the database (a session ended or a location taken away elsewhere, e.g. by
   * the tenant CLI), and how many rooms one socket may join.
   */
  realtime: { staffRecheckSeconds: number; roomsPerSocket: number };
  /**
   * Diner read cache (content-cache plugin): how often each process re-reads
   * the content versions of the companies it caches, the safety net under the
   * NOTIFY that normally tells it of a change within milliseconds.
   */
  contentVersionCheckMs: number;
  /**
   * Own-fleet riders (ADR 022): how long a shift session lives before the
   * rider must start it again, and the limits of the shift page's public
   * routes, counted in the database (shared by every API process) in fixed
   * windows: wrong security codes per rider (and per rider per day) and per
   * client IP, phone lookups and registrations per client IP.
   */
  riders: {
    shiftHours: number;
    limitWindowMinutes: number;
    codeFailuresPerRider: number;
    codeFailuresPerRiderPerDay: number;
    codeFailuresPerIp: number;
    lookupsPerIp: number;
    registrationsPerIp: number;
  };
  /** Requests per minute and client IP reporting an order error (`POST /api/diner/order/details`). */
  orderDetailsPerMinute: number;
  /**
   * Diner messages: the WhatsApp Business Cloud API when both the token and the
   * phone number id are set; otherwise messages stay in the outbox (KEPT),
   * readable in the orders console.
   */
  whatsApp: { token: string | undefined; phoneNumberId: string | undefined; apiUrl: string };
  /** Background jobs of this process (outbox sender, session purge). Off in tests unless a test enables them. */
  jobs: { enabled: boolean; intervalMs: number };
  /** The one deadline of a SIGTERM/SIGINT shutdown; what has not closed by then is abandoned (ADR: shutdown). */
  shutdownTimeoutMs: number;
  /** Payment providers: sandbox or live, provider keys and URLs (see `payments/config.ts`). */
  payments: PaymentsConfig;
  /**
   * Epoch ms the server's clock starts from (it then ticks in real time), from
   * CLOCK_START. For end-to-end runs and demos whose outcome must not depend on
   * the hour the machine runs at: the demo schedules are local opening hours.
   * Refused when NODE_ENV is production.
   */
  clockStart: number | undefined;
  /**
   * Seconds from a diner's leave to the abandoned-cart message, replacing every
   * location's own delay (ADR 028: 5 to 1440 minutes, default 30), from
   * ABANDONED_CART_DELAY_SECONDS (1–86400). For end-to-end runs and demos,
   * which cannot wait minutes to show the message and its link; unset, each
   * location's delay applies. Refused when NODE_ENV is production: a venue's
   * diners would be written to seconds after closing the page.
   */
  abandonedCartDelaySeconds: number | undefined;
  /** The console's own origin and the companies' own storefront hosts (see `lib/site-origins.ts`). */
  origins: SiteOrigins;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  // A count per email let anyone lock a staff member out; the setting is gone rather than silently ignored.
  if (env.STAFF_LOGIN_FAILURES_PER_EMAIL)
    throw new Error(
      'STAFF_LOGIN_FAILURES_PER_EMAIL was removed: logins are throttled per email and address ' +
        '(STAFF_LOGIN_FREE_FAILURES, STAFF_LOGIN_DELAY_SECONDS, STAFF_LOGIN_MAX_DELAY_MINUTES)',
    );
  const port = integer(env.PORT, 3000, 'PORT');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: positive(env.DATABASE_POOL_SIZE, 20, 'DATABASE_POOL_SIZE'),
    redisUrl: env.REDIS_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    publicUrl,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    geocoderUrl: env.GEOCODER_URL || undefined,
    routerUrl: env.ROUTER_URL?.trim().replace(/\/+$/, '') || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: env.WEB_DIST_DIR === '' ? undefined : env.WEB_DIST_DIR,
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    trustProxy: trustProxy(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO === 'true' ? true : env.SEED_DEMO === 'false' ? false : undefined,
    rateLimits: {
      order: positive(env.RATE_LIMIT_ORDER_PER_MINUTE, 30, 'RATE_LIMIT_ORDER_PER_MINUTE'),
      codeValidate: positive(
        env.RATE_LIMIT_CODE_VALIDATE_PER_MINUTE,
        120,
        'RATE_LIMIT_CODE_VALIDATE_PER_MINUTE',
      ),
      clientLog: positive(env.RATE_LIMIT_CLIENT_LOG_PER_MINUTE, 60, 'RATE_LIMIT_CLIENT_LOG_PER_MINUTE'),
    },
    abuse: {
      orderWindowMinutes: positive(env.ORDER_LIMIT_WINDOW_MINUTES, 10, 'ORDER_LIMIT_WINDOW_MINUTES'),
      ordersPerPhone: positive(env.ORDER_LIMIT_PER_PHONE, 5, 'ORDER_LIMIT_PER_PHONE'),
      ordersPerVenue: positive(env.ORDER_LIMIT_PER_VENUE, 150, 'ORDER_LIMIT_PER_VENUE'),
      messagesPerPhonePerDay: positive(env.MESSAGES_PER_PHONE_PER_DAY, 30, 'MESSAGES_PER_PHONE_PER_DAY'),
      codeFailureWindowMinutes: positive(env.CODE_FAILURE_WINDOW_MINUTES, 15, 'CODE_FAILURE_WINDOW_MINUTES'),
      codeFailuresPerClient: positive(env.CODE_FAILURES_PER_CLIENT, 10, 'CODE_FAILURES_PER_CLIENT'),
      codeFailuresPerBrand: positive(env.CODE_FAILURES_PER_BRAND, 300, 'CODE_FAILURES_PER_BRAND'),
      analyticsEventsPerClientPerDay: positive(
        env.ANALYTICS_EVENTS_PER_CLIENT_PER_DAY,
        5000,
        'ANALYTICS_EVENTS_PER_CLIENT_PER_DAY',
      ),
      clientLogsPerClientPerDay: positive(
        env.CLIENT_LOGS_PER_CLIENT_PER_DAY,
        200,
        'CLIENT_LOGS_PER_CLIENT_PER_DAY',
      ),
    },
    retention: {
      analyticsDays: positive(env.ANALYTICS_RETENTION_DAYS, 400, 'ANALYTICS_RETENTION_DAYS'),
      clientLogDays: positive(env.CLIENT_LOG_RETENTION_DAYS, 30, 'CLIENT_LOG_RETENTION_DAYS'),
      abuseTripDays: positive(env.ABUSE_TRIP_RETENTION_DAYS, 30, 'ABUSE_TRIP_RETENTION_DAYS'),
    },
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'comanda',
    staffAuth: {
      sessionHours: positive(env.STAFF_SESSION_HOURS, 12, 'STAFF_SESSION_HOURS'),
      loginFailuresPerIp: positive(env.STAFF_LOGIN_FAILURES_PER_IP, 30, 'STAFF_LOGIN_FAILURES_PER_IP'),
      loginFailureWindowMinutes: positive(env.STAFF_LOGIN_WINDOW_MINUTES, 15, 'STAFF_LOGIN_WINDOW_MINUTES'),
      loginFreeFailures: integer(env.STAFF_LOGIN_FREE_FAILURES, 3, 'STAFF_LOGIN_FREE_FAILURES'),
      loginDelaySeconds: positive(env.STAFF_LOGIN_DELAY_SECONDS, 30, 'STAFF_LOGIN_DELAY_SECONDS'),
      loginMaxDelayMinutes: positive(env.STAFF_LOGIN_MAX_DELAY_MINUTES, 15, 'STAFF_LOGIN_MAX_DELAY_MINUTES'),
    },
    realtime: {
      staffRecheckSeconds: positive(env.STAFF_SOCKET_RECHECK_SECONDS, 5, 'STAFF_SOCKET_RECHECK_SECONDS'),
      roomsPerSocket: positive(env.REALTIME_ROOMS_PER_SOCKET, 50, 'REALTIME_ROOMS_PER_SOCKET'),
    },
    contentVersionCheckMs: positive(env.CONTENT_VERSION_CHECK_MS, 1000, 'CONTENT_VERSION_CHECK_MS'),
    riders: {
      shiftHours: positive(env.RIDER_SHIFT_HOURS, 16, 'RIDER_SHIFT_HOURS'),
      limitWindowMinutes: positive(env.RIDER_LIMIT_WINDOW_MINUTES, 15, 'RIDER_LIMIT_WINDOW_MINUTES'),
      codeFailuresPerRider: positive(env.RIDER_CODE_FAILURES_PER_RIDER, 5, 'RIDER_CODE_FAILURES_PER_RIDER'),
      codeFailuresPerRiderPerDay: positive(
        env.RIDER_CODE_FAILURES_PER_RIDER_PER_DAY,
        20,
        'RIDER_CODE_FAILURES_PER_RIDER_PER_DAY',
      ),
      codeFailuresPerIp: positive(env.RIDER_CODE_FAILURES_PER_IP, 20, 'RIDER_CODE_FAILURES_PER_IP'),
      lookupsPerIp: positive(env.RIDER_LOOKUPS_PER_IP, 30, 'RIDER_LOOKUPS_PER_IP'),
      registrationsPerIp: positive(env.RIDER_REGISTRATIONS_PER_IP, 10, 'RIDER_REGISTRATIONS_PER_IP'),
    },
    customerAuth: {
      codesPerPhone: positive(env.CUSTOMER_CODES_PER_PHONE, 3, 'CUSTOMER_CODES_PER_PHONE'),
      codesPerIp: positive(env.CUSTOMER_CODES_PER_IP, 10, 'CUSTOMER_CODES_PER_IP'),
      codeWindowMinutes: positive(env.CUSTOMER_CODE_WINDOW_MINUTES, 15, 'CUSTOMER_CODE_WINDOW_MINUTES'),
      sessionDays: positive(env.CUSTOMER_SESSION_DAYS, 30, 'CUSTOMER_SESSION_DAYS'),
      codeInAnswer: customerCodeInAnswer(env),
    },
    orderDetailsPerMinute: positive(
      env.RATE_LIMIT_ORDER_DETAILS_PER_MINUTE,
      20,
      'RATE_LIMIT_ORDER_DETAILS_PER_MINUTE',
    ),
    whatsApp: {
      token: env.WHATSAPP_TOKEN || undefined,
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID || undefined,
      apiUrl: (env.WHATSAPP_API_URL || 'https://graph.facebook.com/v21.0').replace(/\/$/, ''),
    },
    jobs: {
      enabled: env.JOBS_ENABLED !== 'false',
      intervalMs: positive(env.JOBS_INTERVAL_MS, 1000, 'JOBS_INTERVAL_MS'),
    },
    shutdownTimeoutMs: positive(env.SHUTDOWN_TIMEOUT_SECONDS, 10, 'SHUTDOWN_TIMEOUT_SECONDS') * 1000,
    payments: paymentsConfigFromEnv(env),
    clockStart: clockStart(env),
    abandonedCartDelaySeconds: abandonedCartDelaySeconds(env),
    origins: siteOriginsFromEnv(env, publicUrl),
  };
}

function customerCodeInAnswer(env: NodeJS.ProcessEnv): boolean {
  if (env.CUSTOMER_CODE_IN_ANSWER !== 'true') return false;
  // The code in the answer would let anyone sign in as any phone: demos and tests only.
  if (env.NODE_ENV === 'production')
    throw new Error('CUSTOMER_CODE_IN_ANSWER is for demos and tests, not production');
  return true;
}

/** Fastify's named ranges (proxy-addr), besides addresses and CIDRs. */
const TRUST_PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function trustProxy(raw: string | undefined): false | number | string {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false') return false;
  if (value === 'true') {
    throw new Error(
      'TRUST_PROXY=true believes any X-Forwarded-For a client sends (and lets it reset every per-IP limit); ' +
        'set the number of proxies in front of the app (e.g. TRUST_PROXY=1) or their addresses ' +
        '(e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops < 1 || hops > 10) throw new Error(`TRUST_PROXY hop count must be 1–10, got "${raw}"`);
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.has(entry)) continue;
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const max = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= max);
    if (!family || !bitsOk || extra !== undefined) {
      throw new Error(
        `TRUST_PROXY must be false, a hop count or proxy addresses/CIDRs separated by commas; "${entry}" is none`,
      );
    }
  }
  return entries.join(',');
}

/**
 * Fastify's `trustProxy` for the configured value. A hop count becomes a
 * function trusting that many hops from the socket (Express's meaning: the
 * client is the address the outermost trusted proxy saw), because Fastify
 * itself treats a number as "trust nothing".
 */
export function trustProxyOption(
  value: Config['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

function clockStart(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.CLOCK_START;
  if (!raw) return undefined;
  if (env.NODE_ENV === 'production') throw new Error('CLOCK_START is for tests and demos, not production');
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new Error(`CLOCK_START must be an ISO 8601 instant, got "${raw}"`);
  return at;
}

function abandonedCartDelaySeconds(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.ABANDONED_CART_DELAY_SECONDS;
  if (raw === undefined || raw === '') return undefined;
  if (env.NODE_ENV === 'production')
    throw new Error('ABANDONED_CART_DELAY_SECONDS is for tests and demos, not production');
  const seconds = positive(raw, 0, 'ABANDONED_CART_DELAY_SECONDS');
  // Never longer than the longest delay a location may set: the setting exists to shorten it.
  const max = ABANDONED_CART_DELAY_MINUTES_MAX * 60;
  if (seconds > max) throw new Error(`ABANDONED_CART_DELAY_SECONDS must be at most ${max}, got "${raw}"`);
  return seconds;
}

/** Configuration for tests: in-memory defaults, overridable per test file. */
export function configForTest(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    webDistDir: undefined,
    adminToken: 'test-admin-token',
    // Tests drive the outbox sender themselves (outbox tests turn it on).
    jobs: { enabled: false, intervalMs: 50 },
    // Test files place many orders from one address and phone; the files about the limits set them.
    rateLimits: { order: 600, codeValidate: 120, clientLog: 60 },
    abuse: {
      orderWindowMinutes: 10,
      ordersPerPhone: 100_000,
      ordersPerVenue: 100_000,
      messagesPerPhonePerDay: 100_000,
      codeFailureWindowMinutes: 15,
      codeFailuresPerClient: 100_000,
      codeFailuresPerBrand: 100_000,
      analyticsEventsPerClientPerDay: 100_000,
      clientLogsPerClientPerDay: 100_000,
    },
    ...overrides,
  };
}

function positive(raw: string | undefined, fallback: number, name: string): number {
  const value = integer(raw, fallback, name);
  if (value === 0) throw new Error(`${name} must be at least 1, got "${raw}"`);
  return value;
}

function integer(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}
