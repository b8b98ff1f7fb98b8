/** GET /api/jobs (recent or active jobs) and GET /api/jobs/:id (one job's live progress). Admin only. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, processingJob, processingJobList } from '@tend/contracts';
import { guard } from '../auth/auth.plugin.ts';
import { notFound } from '../http/errors.ts';

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const access = guard(db, 'admin', 'processing_job');
  app.get(
    '/api/jobs',
    {
      preValidation: access,
      schema: {
        tags: ['jobs'],
        querystring: z.object({
          active: z.enum(['true', 'false']).default('false'),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: processingJobList },
      },
    },
    async (request) => ({
      items: await app.deps.jobs.listJobs({
        active: request.query.active === 'true',
        limit: request.query.limit,
      }),
    }),
  );
  app.get(
    '/api/jobs/:id',
    { preValidation: access, schema: { tags: ['jobs'], params: idParams, response: { 200: processingJob } } },
    async (request) => {
      const job = await app.deps.jobs.getJob(request.params.id);
      if (!job) throw notFound('Job');
      return job;
    },
  );
};
