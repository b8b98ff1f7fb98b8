/**
 * The browser's side of the logged-only errors (spec s.8; issue 24; decision 0068): `reportClientError(kind,
 * message)` queues a report for `POST /api/client-errors`, so support finds it in the server log. Best effort by
 * design: it never throws, drops a repeat of a report already sent from this page, sends at most
 * {@link CLIENT_LOG_MAX_PER_MINUTE} a minute, batches what arrives within {@link CLIENT_LOG_FLUSH_MS} into one go,
 * and sends with `fetch(…, { keepalive: true })` so a report written just before a reload still leaves.
 *
 * Not through `apiCall`: that client retries and reports its retries here (`fetch_retry`), so a report about a
 * failing network would report itself; here nothing is retried and no answer is read.
 *
 * PHI-free before it leaves: the message goes through contracts `scrubClientErrorText` (the server scrubs again),
 * and the route is the route-table PATTERN of the current address (`/admin/clients/:id`), never the address itself.
 * Imports no zod (part of the app shell, decision 0005).
 */
import { matchPath } from 'react-router';
import { routeTable } from '@tend/contracts/routes';
import {
  isClientErrorRoute,
  scrubClientErrorText,
  type ClientErrorKind,
} from '@tend/contracts/client-error-text';
import { runningBuildVersion } from './build-version.ts';

/** Where reports go (contracts `clientErrorEndpoints.reportClientError`). */
export const CLIENT_ERRORS_PATH = '/api/client-errors';
/** Reports sent from one page per minute at most: the server allows 30 per address (client-errors.routes.ts). */
export const CLIENT_LOG_MAX_PER_MINUTE = 10;
/** Reports that arrive within this many ms leave together (a burst of errors is one batch). */
export const CLIENT_LOG_FLUSH_MS = 1000;

/** One report as the endpoint takes it (contracts `clientErrorReport`). */
export interface ClientErrorReportBody {
  kind: ClientErrorKind;
  message: string;
  route: string;
  buildVersion: string;
  at: string;
}

/**
 * The route-table pattern of `pathname` (`/admin/clients/0b7c…` → `/admin/clients/:id`); `*` for an address no
 * route matches, and for a pattern that would not pass the endpoint's check.
 */
export function routePatternOf(pathname: string): string {
  const match = routeTable.find((route) => matchPath({ path: route.path, end: true }, pathname));
  return match && isClientErrorRoute(match.path) ? match.path : '*';
}

/** The error text of anything thrown: `Name: message` of an Error, else its string, scrubbed. */
export function errorText(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : typeof error === 'string'
        ? error
        : String(error);
  return scrubClientErrorText(text);
}

type Send = (body: ClientErrorReportBody) => Promise<unknown>;

const sendWithKeepalive: Send = (body) =>
  fetch(CLIENT_ERRORS_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
  });

/**
 * The queue behind {@link reportClientError}; tests make their own with a recording `send` and a clock (`now`, ms).
 * Errors of `send` are swallowed.
 */
export function createClientLog(send: Send = sendWithKeepalive, now: () => number = Date.now) {
  const seen = new Set<string>();
  const queue: ClientErrorReportBody[] = [];
  let sentAt: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const minuteAgo = now() - 60_000;
    sentAt = sentAt.filter((at) => at > minuteAgo);
    for (const body of queue.splice(0)) {
      if (sentAt.length >= CLIENT_LOG_MAX_PER_MINUTE) break;
      sentAt.push(now());
      try {
        void send(body).catch(() => undefined);
      } catch {
        // Best effort: a page without fetch (or a refused keepalive) loses the report.
      }
    }
  };

  const report = (kind: ClientErrorKind, message: string, pathname = currentPathname()): void => {
    try {
      const body: ClientErrorReportBody = {
        kind,
        message: scrubClientErrorText(message),
        route: routePatternOf(pathname),
        buildVersion: runningBuildVersion,
        at: new Date(now()).toISOString(),
      };
      const key = `${body.kind}|${body.route}|${body.message}`;
      if (seen.has(key)) return;
      seen.add(key);
      queue.push(body);
      timer ??= setTimeout(flush, CLIENT_LOG_FLUSH_MS);
    } catch {
      // Never throws: reporting an error must not cause one.
    }
  };

  return { report, flush };
}

const currentPathname = () => (typeof window === 'undefined' ? '/' : window.location.pathname);

const pageLog = createClientLog();

/** Queues one report of `kind` (see the module comment); the message is scrubbed here and on the server. */
export const reportClientError = (kind: ClientErrorKind, message: string): void =>
  pageLog.report(kind, message);

/** Sends what is queued now (before the page goes away: a reload, `pagehide`). */
export const flushClientErrors = (): void => pageLog.flush();

let installed = false;

/**
 * Reports what nothing else caught (`unhandled_error`: window `error` and `unhandledrejection`) and sends the queue
 * on `pagehide`. Called once by `main.tsx`; a second call does nothing.
 */
export function installClientErrorReporting(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) =>
    reportClientError('unhandled_error', errorText(event.error ?? event.message)),
  );
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError('unhandled_error', errorText(event.reason)),
  );
  window.addEventListener('pagehide', flushClientErrors);
}
