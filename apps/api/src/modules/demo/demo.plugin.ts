/**
 * The demo module's plugin: the `demo-billing` job (demo-billing.ts), queued by workflows/demo-agency.ts
 * after the demo agency's first validation. No routes (the demo is loaded by first-run setup through
 * `AppDeps.loadDemoAgency`) and no event subscribers.
 */
import type { FastifyPluginAsync } from 'fastify';
import { DEMO_BILLING_JOB, demoBillingJobHandler } from './demo-billing.ts';

export const demoPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, storage, jobs } = app.deps;
  jobs.register(
    DEMO_BILLING_JOB,
    demoBillingJobHandler({ db: database.db, storage, jobs, agencyTimeZone: config.agencyTimeZone }),
  );
};
