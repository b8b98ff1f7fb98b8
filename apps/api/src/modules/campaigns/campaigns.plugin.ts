/**
 * The campaigns module (issue 20 "Campaigns"; docs/campaigns.md; decision 0049): its routes and the sending job.
 */
import type { FastifyPluginAsync } from 'fastify';
import { EMAIL_CAMPAIGN_JOB } from '@tend/contracts';
import { campaignRoutes } from './campaigns.routes.ts';
import { createCampaignSendingHandler } from './campaign-sending.job.ts';

/** Campaign settings when the config names none (config CAMPAIGN_*; their defaults). */
const defaults = { linkDays: 30, emailsPerMinute: 60, addressWindowMinutes: 60 };

export const campaignsPlugin: FastifyPluginAsync = async (app) => {
  const { config, database, jobs, messaging } = app.deps;
  const settings = config.campaigns ?? defaults;
  const common = { db: database.db, publicUrl: config.publicUrl, defaultFrom: config.mail.from };
  jobs.register(EMAIL_CAMPAIGN_JOB, createCampaignSendingHandler({ ...common, ...settings, messaging }));
  await app.register(campaignRoutes({ ...common, jobs, linkDays: settings.linkDays }));
};
