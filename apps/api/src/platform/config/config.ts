/**
 * Configuration, parsed once at start from environment variables (STYLE.md s.11). `loadConfig`
 * lists every bad variable in one error. Tests build a config with `testConfig()` instead of the
 * environment. The README's configuration table is checked against `configDocs` by a test.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { workweekStarts, type WorkweekStart } from '@tend/contracts';
import { isSupportedCountry, type CountryCode } from 'libphonenumber-js/max';

/** Whether `value` is exactly a web origin: http(s), a host, an optional port, nothing else (`https://a.example`). */
export const isWebOrigin = (value: string): boolean =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) && new URL(value).origin === value;

const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable Tend reads, with its default and meaning. */
export const configDocs = {
  PORT: 'HTTP port (default 3000).',
  HOST: 'Interface to listen on (default 127.0.0.1; use 0.0.0.0 in a container).',
  PUBLIC_URL: 'The URL users open, used for links and cookie security (default http://localhost:PORT).',
  DATA_DIR: 'Where the embedded database, local file storage and generated secrets live (default ./data).',
  DATABASE_URL:
    'PostgreSQL connection string. When unset, the embedded PGlite database in DATA_DIR/db is used.',
  DATABASE_POOL_MAX: 'PostgreSQL pool size (default 10).',
  WEB_CONCURRENCY:
    'Server processes (Node cluster) sharing the port (default 1); above 1 needs DATABASE_URL (PGlite: one process).',
  AUTH_SECRET:
    'Secret (32+ characters) that signs sessions. When unset, one is generated once and kept in DATA_DIR/auth-secret.',
  SETUP_TOKEN:
    'One-time token for creating the first admin. When unset, a random one is printed at start while no admin exists.',
  TRUSTED_ORIGINS:
    'Extra comma-separated origins allowed to send state-changing requests (the PUBLIC_URL origin always is).',
  TRUST_PROXY: 'true when Tend runs behind a reverse proxy that sets X-Forwarded-For (default false).',
  LOG_LEVEL: 'pino log level: fatal, error, warn, info, debug, trace or silent (default info).',
  RATE_LIMIT_PER_MINUTE:
    'API requests per minute per client IP before 429 (default 600; pages and web files are not limited).',
  REQUIRE_ADMIN_MFA:
    'true (default) when admins must verify a TOTP code (aal2) before any PHI page or API; false turns it off.',
  OUTBOX_SHOWS_SECRETS:
    'Development only: true stores one-time links and codes in the outbox unredacted; the outbox says so (default false).',
  SIGN_UP_ENABLED:
    'true (default) when anyone may sign up by email or phone; a signed-up account is role USER, sees no PHI (decision 0018).',
  GOOGLE_CLIENT_ID:
    'Google OAuth client id; with GOOGLE_CLIENT_SECRET shows "Continue with Google" (docs/google-sign-in.md).',
  GOOGLE_CLIENT_SECRET: 'Google OAuth client secret (required with GOOGLE_CLIENT_ID).',
  AUTH_RATE_LIMIT_SIGN_IN: 'Sign-in attempts per 5 minutes per client IP before 429 (default 30).',
  AUTH_RATE_LIMIT_OTP:
    'One-time code, sign-up, password-recovery and verification-email requests per 5 minutes per client IP (default 30).',
  AUTH_RATE_LIMIT_MFA: 'MFA code verifications per minute per client IP before 429 (default 15).',
  API_ACCESS_TOKEN_TTL_S: 'Lifetime of API access tokens (JWT) in seconds, 60..3600 (default 900).',
  API_REFRESH_TOKEN_TTL_S:
    'Absolute lifetime of an API refresh-token family in seconds, 300..43200 (default 43200).',
  STORAGE_DRIVER: 'local (default, files under DATA_DIR/storage) or s3.',
  S3_ENDPOINT: 'S3-compatible endpoint URL (for MinIO, R2, etc.; unset for AWS).',
  S3_REGION: 'S3 region (default us-east-1).',
  S3_ACCESS_KEY_ID: 'S3 access key id (required with STORAGE_DRIVER=s3).',
  S3_SECRET_ACCESS_KEY: 'S3 secret access key (required with STORAGE_DRIVER=s3).',
  S3_BUCKET_PREFIX: 'Prefix added to each Tend bucket name in S3 (default tend-).',
  S3_FORCE_PATH_STYLE: 'true for path-style S3 URLs (MinIO and most self-hosted stores; default true).',
  SMTP_URL: 'SMTP server URL (smtp://user:pass@host:587). When unset, email is only recorded in the outbox.',
  MAIL_FROM: 'From address of outgoing email (default "Tend <no-reply@localhost>").',
  TWILIO_ACCOUNT_SID: 'Twilio-compatible SMS account sid. When unset, SMS is only recorded in the outbox.',
  TWILIO_AUTH_TOKEN: 'Twilio-compatible SMS auth token.',
  TWILIO_FROM: 'Sending phone number (E.164) for SMS.',
  TWILIO_BASE_URL: 'Twilio-compatible API base URL (default https://api.twilio.com).',
  AGENCY_TIME_ZONE: 'IANA time zone of the agency, used for EVV local times (default America/Los_Angeles).',
  STAGING_DROP_FOLDER:
    'Folder of GIV CSV exports for the staging direct sync (`/direct-sync`); staged files are renamed `*.synced` (default none: off).',
  DEFAULT_PHONE_COUNTRY:
    'Country (ISO 3166-1 alpha-2) of phone numbers typed without a country code, e.g. (503) 555-0100 (default US).',
  WORKWEEK_START:
    'Day the FLSA workweek starts, at midnight in AGENCY_TIME_ZONE: monday..sunday (default sunday).',
  WEB_DIST_DIR: 'Built web app to serve (default apps/web/dist when it exists).',
  MAP_TILE_URL:
    'Tile URL template with {z}, {x}, {y}, e.g. https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png (default none: bundled US outlines).',
  MAP_TILE_ATTRIBUTION:
    'Attribution of MAP_TILE_URL shown on maps, plain text (e.g. © OpenStreetMap contributors).',
  AI_BASE_URL:
    'OpenAI-compatible API base URL (e.g. https://api.openai.com/v1) for optional AI refinement; unset = off (deterministic methods only).',
  AI_API_KEY: 'Bearer key for AI_BASE_URL (optional; local endpoints may need none).',
  AI_MODEL: 'Model name sent to AI_BASE_URL (default gpt-4o-mini).',
  ISP_AI_BASE_URL:
    'OpenAI-compatible base URL for optional AI refinement of ISP extraction (redacted text); unset = off, separate from AI_BASE_URL.',
  ISP_AI_API_KEY: 'Bearer key for ISP_AI_BASE_URL (optional; local endpoints may need none).',
  ISP_AI_MODEL: 'Model name sent to ISP_AI_BASE_URL (default gpt-4o-mini).',
  ISP_AI_TIMEOUT_S:
    'Seconds to wait for ISP_AI_BASE_URL before keeping the rule-based extraction, 1..300 (default 30).',
  CAMPAIGN_LINK_DAYS: "Days a case-manager campaign email's dashboard link works, 1..90 (default 30).",
  CAMPAIGN_EMAILS_PER_MINUTE:
    'Campaign emails sent per minute at most, over all campaigns, 1..10000 (default 60).',
  CAMPAIGN_ADDRESS_WINDOW_MINUTES:
    'Minutes after a campaign email during which the same address gets no other (skipped), 0..10080 (default 60).',
  MATCHMAKING_EMBED_ORIGINS:
    'Comma-separated origins (https://agency.example) that may frame /matchmaking/embeddableLandingPage; empty = none.',
} as const;

/**
 * Map tiles when MAP_TILE_URL / MAP_TILE_ATTRIBUTION are unset: none. The maps then draw Tend's bundled
 * US state and county outlines (decision 0038), so nothing the browser renders needs another host.
 */
export const defaultMapTiles: MapTiles = { tileUrl: null, attribution: '' };

/** A tile server for the web app's maps; `tileUrl` null = no tiles (the bundled outlines only). */
export interface MapTiles {
  tileUrl: string | null;
  attribution: string;
}

/**
 * The CSP source (scheme://host[:port]) of a tile URL template, for `img-src`; a `{s}` subdomain
 * placeholder becomes the `*.` wildcard. Null when the template is not an http(s) URL whose host is
 * usable in a CSP (a placeholder anywhere but the first label).
 */
export function tileImageSource(tileUrl: string | null): string | null {
  if (!tileUrl) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(tileUrl);
  if (!match) return null;
  const host = (match[2] as string).replace(/^\{[a-z]+\}\./i, '*.');
  if (/[{}\s@]/.test(host)) return null;
  return `${(match[1] as string).toLowerCase()}://${host.toLowerCase()}`;
}

export type ConfigVariable = keyof typeof configDocs;

/**
 * Requests per client IP on better-auth's endpoints (GoTrue-like defaults; docs/decisions/0009-mfa.md):
 * sign-in per 5 minutes; one-time codes, sign-up, recovery and verification email per 5 minutes;
 * MFA code verification per minute.
 */
export interface AuthRateLimits {
  signInPer5Min: number;
  otpPer5Min: number;
  mfaPerMinute: number;
}
export const defaultAuthRateLimits: AuthRateLimits = { signInPer5Min: 30, otpPer5Min: 30, mfaPerMinute: 15 };

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SETUP_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUSTED_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  REQUIRE_ADMIN_MFA: bool.default(true),
  SIGN_UP_ENABLED: bool.default(true),
  OUTBOX_SHOWS_SECRETS: bool.default(false),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  AUTH_RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_OTP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_MFA: z.coerce.number().int().min(1).default(15),
  API_ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(60).max(3600).default(900),
  API_REFRESH_TOKEN_TTL_S: z.coerce.number().int().min(300).max(43_200).default(43_200),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_BUCKET_PREFIX: z.string().default('tend-'),
  S3_FORCE_PATH_STYLE: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Tend <no-reply@localhost>'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.url().default('https://api.twilio.com'),
  AGENCY_TIME_ZONE: z.string().default('America/Los_Angeles'),
  STAGING_DROP_FOLDER: z.string().trim().optional(),
  DEFAULT_PHONE_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(
      isSupportedCountry,
      'must be a two-letter country code with phone numbering rules, e.g. US, CA, GB',
    )
    .default('US'),
  WORKWEEK_START: z.enum(workweekStarts).default('sunday'),
  WEB_DIST_DIR: z.string().optional(),
  MAP_TILE_URL: z.string().trim().default(''),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(300).default(defaultMapTiles.attribution),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  ISP_AI_BASE_URL: z.url().optional(),
  ISP_AI_API_KEY: z.string().optional(),
  ISP_AI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  ISP_AI_TIMEOUT_S: z.coerce.number().int().min(1).max(300).default(30),
  CAMPAIGN_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(30),
  CAMPAIGN_EMAILS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(60),
  CAMPAIGN_ADDRESS_WINDOW_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  MATCHMAKING_EMBED_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .refine((origins) => origins.every(isWebOrigin), {
      message: 'must be comma-separated origins such as https://agency.example (scheme, host, optional port)',
    }),
});

/** The parsed environment. */
type Env = z.infer<typeof envSchema>;

/** Rules that relate several variables, checked on the raw environment so they are reported together with field errors. */
function crossFieldProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (env.STORAGE_DRIVER === 's3') {
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) {
      if (!env[key]) problems.push(`${key}: is required when STORAGE_DRIVER=s3`);
    }
  }
  if (env.TWILIO_ACCOUNT_SID && (!env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM)) {
    problems.push(
      'TWILIO_AUTH_TOKEN: TWILIO_AUTH_TOKEN and TWILIO_FROM are required with TWILIO_ACCOUNT_SID',
    );
  }
  // Google sign-in needs both halves of the OAuth client (docs/google-sign-in.md).
  if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
    problems.push('GOOGLE_CLIENT_SECRET: is required with GOOGLE_CLIENT_ID');
  }
  if (env.GOOGLE_CLIENT_SECRET && !env.GOOGLE_CLIENT_ID) {
    problems.push('GOOGLE_CLIENT_ID: is required with GOOGLE_CLIENT_SECRET');
  }
  if (env.AGENCY_TIME_ZONE) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: env.AGENCY_TIME_ZONE });
    } catch {
      problems.push('AGENCY_TIME_ZONE: is not a known IANA time zone');
    }
  }
  if (env.WEB_CONCURRENCY && env.WEB_CONCURRENCY !== '1' && !env.DATABASE_URL) {
    problems.push(
      'WEB_CONCURRENCY: must be 1 with the embedded PGlite database (set DATABASE_URL to use more)',
    );
  }
  if (env.MAP_TILE_URL !== undefined && env.MAP_TILE_URL.trim() !== '') {
    const url = env.MAP_TILE_URL.trim();
    if (!tileImageSource(url) || !['{z}', '{x}', '{y}'].every((part) => url.includes(part)))
      problems.push(
        'MAP_TILE_URL: must be an http(s) URL template with {z}, {x} and {y} (a {s} placeholder only as the first host label)',
      );
  }
  return problems;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { url: string | undefined; dataDir: string | undefined; poolMax: number };
  /** Server processes (cluster workers, server.ts); 1 when absent and always 1 with PGlite. */
  webConcurrency?: number;
  authSecret: string;
  setupToken: string | undefined;
  trustedOrigins: string[];
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  rateLimitPerMinute: number;
  /** Admins need aal2 (a verified TOTP code) for PHI (decision 0009); true when absent. */
  requireAdminMfa?: boolean;
  /** Auth endpoint limits per client IP (decision 0009); `defaultAuthRateLimits` when absent. */
  authRateLimits?: AuthRateLimits;
  /**
   * Development mode of the outbox (OUTBOX_SHOWS_SECRETS): one-time links and codes stored unredacted (issue 17
   * item 4); false when absent.
   */
  outboxShowsSecrets?: boolean;
  /** Public sign-up (role USER, no PHI; decision 0018); true when absent. */
  signUpEnabled?: boolean;
  /** Google sign-in's OAuth client (GOOGLE_CLIENT_ID/SECRET, both or neither); absent/null = no Google sign-in. */
  google?: { clientId: string; clientSecret: string } | null;
  /**
   * API tokens (decision 0015): access-token lifetime and refresh-family absolute lifetime, in seconds
   * (`defaultApiTokenLifetimes` in platform/auth/api-tokens.ts when absent: 900 and 43,200).
   */
  apiTokens?: { accessTokenTtlS: number; familyTtlS: number };
  storage:
    | { driver: 'local'; rootDir: string }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
        bucketPrefix: string;
        forcePathStyle: boolean;
      };
  mail: { smtpUrl: string | undefined; from: string };
  sms: { accountSid: string; authToken: string; from: string; baseUrl: string } | null;
  agencyTimeZone: string;
  /** Folder of GIV exports for the staging direct sync (issue 23), or null when not configured. */
  stagingDropFolder?: string | null;
  /**
   * Country of phone numbers typed without a country code (DEFAULT_PHONE_COUNTRY; decision 0019): "(503) 555-0100"
   * is stored as +15035550100 for `US`. `US` when absent.
   */
  defaultPhoneCountry?: CountryCode;
  /** First day of the FLSA workweek (caregiver hours, overtime); 'sunday' when absent. */
  workweekStart?: WorkweekStart;
  webDistDir: string | undefined;
  /** Map tiles for the web app's Leaflet maps; `defaultMapTiles` (none) when absent (tests may leave it out). */
  map?: MapTiles;
  /** Optional OpenAI-compatible endpoint for AI refinement (DOMAIN.md "AI is optional"); absent/null = off. */
  ai?: { baseUrl: string; apiKey: string | undefined; model: string } | null;
  /**
   * Optional OpenAI-compatible endpoint for refining ISP extraction (ISP_AI_*; docs/isp-extraction.md "Optional AI
   * refinement"; decision 0047), its own switch because it sends (redacted) ISP text; absent/null = off.
   */
  ispAi?: { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number } | null;
  /**
   * Case-manager email campaigns (docs/campaigns.md): days a campaign's dashboard link works, emails per minute over
   * all campaigns, and minutes during which an address that got a campaign email gets no other. Absent: the defaults.
   */
  campaigns?: { linkDays: number; emailsPerMinute: number; addressWindowMinutes: number };
  /**
   * Origins allowed to frame the embeddable matchmaking page (MATCHMAKING_EMBED_ORIGINS; issue 21; decision 0057);
   * every other page stays `frame-ancestors 'none'`. Absent or empty: nobody may frame it.
   */
  matchmakingEmbedOrigins?: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads DATA_DIR/auth-secret, creating it (48 random bytes, mode 0600) the first time. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The storage driver's settings: S3 when `STORAGE_DRIVER=s3`, else files under `DATA_DIR/storage`. */
function storageConfig(e: Env, dataDir: string): Config['storage'] {
  return e.STORAGE_DRIVER === 's3'
    ? {
        driver: 's3',
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
        bucketPrefix: e.S3_BUCKET_PREFIX,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { driver: 'local', rootDir: path.join(dataDir, 'storage') };
}

/** The optional OpenAI-compatible endpoints: incident screening (`AI_*`) and ISP refinement (`ISP_AI_*`). */
function aiEndpoints(e: Env): Pick<Config, 'ai' | 'ispAi'> {
  return {
    ai: e.AI_BASE_URL
      ? { baseUrl: e.AI_BASE_URL.replace(/\/$/, ''), apiKey: e.AI_API_KEY, model: e.AI_MODEL }
      : null,
    ispAi: e.ISP_AI_BASE_URL
      ? {
          baseUrl: e.ISP_AI_BASE_URL.replace(/\/$/, ''),
          apiKey: e.ISP_AI_API_KEY,
          model: e.ISP_AI_MODEL,
          timeoutMs: e.ISP_AI_TIMEOUT_S * 1000,
        }
      : null,
  };
}

/**
 * Parses the environment. Throws ConfigError listing every invalid variable (name and problem).
 * `defaultWebDistDir` is where the built web app is looked for when WEB_DIST_DIR is unset.
 */
export function loadConfig(env: NodeJS.ProcessEnv, defaultWebDistDir?: string): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)),
    ...crossFieldProblems(env),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const webDistDir =
    e.WEB_DIST_DIR ?? (defaultWebDistDir && existsSync(defaultWebDistDir) ? defaultWebDistDir : undefined);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir,
    database: {
      url: e.DATABASE_URL,
      dataDir: e.DATABASE_URL ? undefined : path.join(dataDir, 'db'),
      poolMax: e.DATABASE_POOL_MAX,
    },
    webConcurrency: e.WEB_CONCURRENCY,
    authSecret: e.AUTH_SECRET ?? persistedSecret(dataDir),
    setupToken: e.SETUP_TOKEN,
    trustedOrigins: e.TRUSTED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    requireAdminMfa: e.REQUIRE_ADMIN_MFA,
    signUpEnabled: e.SIGN_UP_ENABLED,
    outboxShowsSecrets: e.OUTBOX_SHOWS_SECRETS,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    authRateLimits: {
      signInPer5Min: e.AUTH_RATE_LIMIT_SIGN_IN,
      otpPer5Min: e.AUTH_RATE_LIMIT_OTP,
      mfaPerMinute: e.AUTH_RATE_LIMIT_MFA,
    },
    apiTokens: { accessTokenTtlS: e.API_ACCESS_TOKEN_TTL_S, familyTtlS: e.API_REFRESH_TOKEN_TTL_S },
    storage: storageConfig(e, dataDir),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: e.TWILIO_ACCOUNT_SID
      ? {
          accountSid: e.TWILIO_ACCOUNT_SID,
          authToken: e.TWILIO_AUTH_TOKEN ?? '',
          from: e.TWILIO_FROM ?? '',
          baseUrl: e.TWILIO_BASE_URL,
        }
      : null,
    agencyTimeZone: e.AGENCY_TIME_ZONE,
    stagingDropFolder: e.STAGING_DROP_FOLDER || null,
    defaultPhoneCountry: e.DEFAULT_PHONE_COUNTRY,
    workweekStart: e.WORKWEEK_START,
    webDistDir,
    map: { tileUrl: e.MAP_TILE_URL || null, attribution: e.MAP_TILE_ATTRIBUTION },
    ...aiEndpoints(e),
    campaigns: {
      linkDays: e.CAMPAIGN_LINK_DAYS,
      emailsPerMinute: e.CAMPAIGN_EMAILS_PER_MINUTE,
      addressWindowMinutes: e.CAMPAIGN_ADDRESS_WINDOW_MINUTES,
    },
    matchmakingEmbedOrigins: e.MATCHMAKING_EMBED_ORIGINS,
  };
}
