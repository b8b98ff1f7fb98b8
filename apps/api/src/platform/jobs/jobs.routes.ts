/** GET /api/jobs (recent or active jobs) and GET /api/jobs/:id (one job's live progress). Admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jobsEndpoints } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { notFound } from '../http/errors.ts';
import { route } from '../http/endpoint-route.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['jobs'], preValidation: guard(db, 'admin', 'processing_job') };
  route(app, jobsEndpoints.findJobs, options, async (request) => ({
    items: await app.deps.jobs.listJobs({
      active: request.query.active === 'true',
      limit: request.query.limit,
    }),
  }));
  route(app, jobsEndpoints.getJob, options, async (request) => {
    const job = await app.deps.jobs.getJob(request.params.id);
    if (!job) throw notFound('Job');
    return job;
  });
};
