/**
 * Typed events on the job engine: how one step of a workflow says it is done, so that the next steps
 * can be queued as jobs (ARCHITECTURE.md "Workflows"; docs/decisions/0026-module-plugins-and-workflows.md).
 *
 * - An event is a name with a payload type, declared once with {@link defineJobEvent} in the catalog
 *   `src/workflows/events.ts` (ids, dates and flags only: no PHI).
 * - A module publishes it where the fact happens (a job handler when its run ends, a route after its
 *   commit) through `deps.events.publish(event, payload)`.
 * - A workflow (`src/workflows/*.ts`) subscribes and enqueues the next jobs on the job runner; the work
 *   itself is always a job (idempotent, visible with progress, survives a restart), never a subscriber.
 *
 * Delivery is in-process and synchronous: `publish` awaits every subscriber in subscription order and
 * rethrows the first error. A job handler publishes before it returns, so a failed enqueue fails the job
 * and pg-boss retries it (the handlers are idempotent, decision 0003); a route publishes after its
 * transaction, so a failed enqueue is a 500 after the change (as the closures it replaces did).
 */

/** A named event whose payload is `Payload` (a typed token; the payload field exists only for types). */
export interface JobEvent<Payload> {
  readonly name: string;
  /** Never set: carries `Payload` for type inference. */
  readonly payloadType?: (payload: Payload) => Payload;
}

/** Declares an event named `name` (e.g. `shifts.imported`) carrying `Payload`. */
export function defineJobEvent<Payload>(name: string): JobEvent<Payload> {
  return { name };
}

/** Reacts to one event; the returned promise settles when its follow-up jobs are queued. */
export type JobEventSubscriber<Payload> = (payload: Payload) => Promise<void>;

/** Publish and subscribe, one instance per app (`AppDeps.events`). */
export interface JobEvents {
  /** Adds `subscriber` to `event`; subscribers run in the order they were added. Call while composing. */
  subscribe<Payload>(event: JobEvent<Payload>, subscriber: JobEventSubscriber<Payload>): void;
  /** Runs every subscriber of `event` with `payload`, one after the other. Errors: the first subscriber's. */
  publish<Payload>(event: JobEvent<Payload>, payload: NoInfer<Payload>): Promise<void>;
  /** How many subscribers `event` has (composition checks and tests). */
  subscriberCount(event: { readonly name: string }): number;
}

/** Creates an empty event hub. */
export function createJobEvents(): JobEvents {
  const subscribers = new Map<string, JobEventSubscriber<never>[]>();
  return {
    subscribe(event, subscriber) {
      const list = subscribers.get(event.name) ?? [];
      list.push(subscriber);
      subscribers.set(event.name, list);
    },
    async publish(event, payload) {
      for (const subscriber of subscribers.get(event.name) ?? [])
        await (subscriber as JobEventSubscriber<typeof payload>)(payload);
    },
    subscriberCount(event) {
      return subscribers.get(event.name)?.length ?? 0;
    },
  };
}
