import path from 'node:path';
import { type SiteOrigins, siteOriginsFromEnv } from './lib/site-origins';
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
    loginFailuresPerEmail: number;
    loginFailuresPerIp: number;
    loginFailureWindowMinutes: number;
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
  /** The console's own origin and the companies' own storefront hosts (see `lib/site-origins.ts`). */
  origins: SiteOrigins;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = integer(env.PORT, 3000, 'PORT');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    publicUrl,
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
      loginFailuresPerEmail: positive(
        env.STAFF_LOGIN_FAILURES_PER_EMAIL,
        5,
        'STAFF_LOGIN_FAILURES_PER_EMAIL',
      ),
      loginFailuresPerIp: positive(env.STAFF_LOGIN_FAILURES_PER_IP, 30, 'STAFF_LOGIN_FAILURES_PER_IP'),
      loginFailureWindowMinutes: positive(env.STAFF_LOGIN_WINDOW_MINUTES, 15, 'STAFF_LOGIN_WINDOW_MINUTES'),
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
    payments: paymentsConfigFromEnv(env),
    clockStart: clockStart(env),
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
