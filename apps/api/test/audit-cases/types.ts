/**
 * The shapes of the audit-completeness cases (audit-completeness.test.ts). A wing's cases live in a file of their own
 * beside this one (`<area>.ts` exporting `RouteCase[]` and, for its jobs, `JobCase[]`), spread into the test's lists in
 * the order they must run.
 */
import type { InjectOptions } from 'fastify';
import type { as, TestApp } from '../helpers.ts';

export type Caller = ReturnType<typeof as>;
export interface State {
  t: TestApp;
  admin: Caller;
  anonymous: Caller;
  ids: Record<string, string>;
}

/** One audited event: [action, entity type]. */
export type Expected = [action: string, entityType: string];

export interface RouteCase {
  route: string;
  /** The successful request (2xx); may first prepare what it needs. */
  request: (s: State) => Promise<InjectOptions & { as?: Caller }> | (InjectOptions & { as?: Caller });
  /** Keeps what later cases need from the response. */
  after?: (s: State, body: unknown) => void | Promise<void>;
  /** The events the call writes (at least one, unless `noEvent` says why none). */
  events: Expected[];
  /** Why a successful call of this route writes no event (then it must write none). */
  noEvent?: string;
}

export interface JobCase {
  job: string;
  events: Expected[];
  /** Queues a run when no case above does (the job's id). */
  queue?: (s: State) => Promise<string>;
}
