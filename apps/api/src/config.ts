import path from 'node:path';
import { type PaymentsConfig, paymentsConfigFromEnv } from './payments/config';

/** Runtime configuration, read once from the environment. See `.env.example`. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded database lives when DATABASE_URL is not set. */
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  adminToken: string | undefined;
  /** The address diners use; absolute image urls and payment callbacks are built from it. */
  publicUrl: string;
  corsOrigins: string[];
  mapTileUrl: string;
  geocoderUrl: string | undefined;
  logLevel: string;
  /** Built web app to serve; unset in tests that only exercise the API. */
  webDistDir: string | undefined;
  bodyLimitBytes: number;
  trustProxy: boolean;
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
   * Staff sockets: how often each process re-checks its staff sockets against
   * the database (a session ended or a location taken away elsewhere, e.g. by
   * the tenant CLI), and how many rooms one socket may join.
   */
  realtime: { staffRecheckSeconds: number; roomsPerSocket: number };
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
  /** Payment providers: sandbox or live, provider keys and URLs (see `payments/config.ts`). */
  payments: PaymentsConfig;
  /**
   * Epoch ms the server's clock starts from (it then ticks in real time), from
   * CLOCK_START. For end-to-end runs and demos whose outcome must not depend on
   * the hour the machine runs at: the demo schedules are local opening hours.
   * Refused when NODE_ENV is production.
   */
  clockStart: number | undefined;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  // A count per email let anyone lock a staff member out; the setting is gone rather than silently ignored.
  if (env.STAFF_LOGIN_FAILURES_PER_EMAIL)
    throw new Error(
      'STAFF_LOGIN_FAILURES_PER_EMAIL was removed: logins are throttled per email and address ' +
        '(STAFF_LOGIN_FREE_FAILURES, STAFF_LOGIN_DELAY_SECONDS, STAFF_LOGIN_MAX_DELAY_MINUTES)',
    );
  const port = integer(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    geocoderUrl: env.GEOCODER_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDistDir: env.WEB_DIST_DIR === '' ? undefined : env.WEB_DIST_DIR,
    bodyLimitBytes: integer(env.BODY_LIMIT_BYTES, 1024 * 1024, 'BODY_LIMIT_BYTES'),
    trustProxy: env.TRUST_PROXY === 'true',
    seedDemo: env.SEED_DEMO === 'true' ? true : env.SEED_DEMO === 'false' ? false : undefined,
    rateLimits: {
      order: positive(env.RATE_LIMIT_ORDER_PER_MINUTE, 600, 'RATE_LIMIT_ORDER_PER_MINUTE'),
      codeValidate: positive(
        env.RATE_LIMIT_CODE_VALIDATE_PER_MINUTE,
        120,
        'RATE_LIMIT_CODE_VALIDATE_PER_MINUTE',
      ),
      clientLog: positive(env.RATE_LIMIT_CLIENT_LOG_PER_MINUTE, 60, 'RATE_LIMIT_CLIENT_LOG_PER_MINUTE'),
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
    payments: paymentsConfigFromEnv(env),
    clockStart: clockStart(env),
  };
}

function clockStart(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.CLOCK_START;
  if (!raw) return undefined;
  if (env.NODE_ENV === 'production') throw new Error('CLOCK_START is for tests and demos, not production');
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new Error(`CLOCK_START must be an ISO 8601 instant, got "${raw}"`);
  return at;
}

/** Configuration for tests: in-memory defaults, overridable per test file. */
export function configForTest(overrides: Partial<Config> = {}): Config {
  return {
    ...configFromEnv({ LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
    webDistDir: undefined,
    adminToken: 'test-admin-token',
    // Tests drive the outbox sender themselves (outbox tests turn it on).
    jobs: { enabled: false, intervalMs: 50 },
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
