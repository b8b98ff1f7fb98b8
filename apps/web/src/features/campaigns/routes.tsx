/**
 * The campaign screens (issue 20 "Campaigns"; docs/campaigns.md): `/admin/case-manager-email-campaign`, an admin
 * page (English).
 */
import { lazy, type ComponentType } from 'react';

const CampaignsPage = lazy(() =>
  import('./pages/campaigns-page.tsx').then((m) => ({ default: m.CampaignsPage })),
);

export const campaignsScreens: Record<string, ComponentType> = {
  '/admin/case-manager-email-campaign': CampaignsPage,
};
