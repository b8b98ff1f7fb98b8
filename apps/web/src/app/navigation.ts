/**
 * The admin navigation of UX.md ("spec routes grouped by the work an office does"). Only pages with a
 * built screen are listed; a section with none is hidden. Billing routes: docs/decisions/0010-billing-routes.md.
 */
import type { ComponentType } from 'react';
import {
  IconArchive,
  IconBriefcase,
  IconHeartHandshake,
  IconHistory,
  IconHome,
  IconUserHeart,
  IconUserShield,
  type IconProps,
} from '@tabler/icons-react';
import { isBuilt } from './screens.ts';

export interface NavItem {
  path: string;
  label: string;
  icon?: ComponentType<IconProps>;
}
export interface NavSection {
  label: string;
  items: NavItem[];
}

export const adminNavigation: NavSection[] = [
  { label: 'Home', items: [{ path: '/admin', label: 'Home', icon: IconHome }] },
  {
    label: 'People',
    items: [
      { path: '/admin/clients', label: 'Clients', icon: IconUserHeart },
      { path: '/admin/caregivers', label: 'Caregivers', icon: IconHeartHandshake },
      { path: '/admin/case-managers', label: 'Case managers', icon: IconBriefcase },
      { path: '/admin/users', label: 'Users', icon: IconUserShield },
      { path: '/admin/inactive', label: 'Inactive', icon: IconArchive },
    ],
  },
  {
    label: 'Shifts',
    items: [
      { path: '/admin/shifts', label: 'Shifts' },
      { path: '/production/shifts', label: 'Production shifts' },
      { path: '/upload', label: 'Import' },
      { path: '/ocr-documents', label: 'OCR documents' },
    ],
  },
  {
    label: 'Staging',
    items: [
      { path: '/staging/import', label: 'Staging import' },
      { path: '/staging/manage', label: 'Staging manage' },
      { path: '/staging/test-comparison', label: 'Staging test comparison' },
      { path: '/staging-check', label: 'Staging check' },
      { path: '/test-sync', label: 'Sync test' },
      { path: '/direct-sync', label: 'Direct sync' },
    ],
  },
  {
    label: 'Screening',
    items: [
      { path: '/admin/incidents', label: 'Incidents' },
      { path: '/admin/baselineLocations', label: 'Suspicious locations and baselines' },
      { path: '/admin/mismatched-shift-notes', label: 'Mismatched shift notes' },
      { path: '/admin/misctools/shiftnotes/review', label: 'Shift-note review' },
      { path: '/admin/caregiver-hours', label: 'Caregiver hours' },
      { path: '/admin/budgetOverages', label: 'Budget overages' },
    ],
  },
  {
    label: 'Billing',
    items: [
      { path: '/admin/billing/segments', label: 'Segments and validation' },
      { path: '/admin/billing/codes', label: 'Billing codes' },
      { path: '/admin/billing/exports', label: 'Export batches' },
      { path: '/admin/billing/drift', label: 'Drift' },
      { path: '/admin/billing/claims', label: 'Claim imports' },
      { path: '/admin/billing/payroll', label: 'Payroll' },
    ],
  },
  {
    label: 'Plans',
    items: [
      { path: '/admin/misctools/isp', label: 'ISPs' },
      { path: '/admin/misctools/isp/upload', label: 'Upload' },
      { path: '/process', label: 'Process queue' },
      { path: '/verify', label: 'Verify' },
      { path: '/protocols', label: 'Protocols' },
      { path: '/admin/misctools/isp/quarterly-summaries', label: 'Quarterly summaries' },
      { path: '/admin/misctools/isp/acknowledgements', label: 'Acknowledgements' },
      { path: '/test-protocol-creation', label: 'Extraction test' },
    ],
  },
  {
    label: 'Outreach',
    items: [
      { path: '/admin/case-manager-email-campaign', label: 'Case-manager campaigns' },
      { path: '/admin/outbox', label: 'Outbox' },
    ],
  },
  {
    label: 'Matchmaking',
    items: [
      { path: '/review-matches', label: 'Review matches' },
      { path: '/admin/match-detection', label: 'Match detection' },
      { path: '/admin/matchmaking/reviews', label: 'Matchmaking reviews' },
    ],
  },
  {
    label: 'Tools',
    items: [
      { path: '/admin/misctools/client-prime-import', label: 'Client prime import' },
      { path: '/ocr-documents', label: 'OCR documents' },
      { path: '/admin/tools/email-export', label: 'Email export' },
      { path: '/admin/tools/report-export', label: 'Report export' },
      { path: '/admin/audit', label: 'Audit log', icon: IconHistory },
      { path: '/admin/session-debug', label: 'Session debug' },
      { path: '/test', label: 'Diagnostics' },
    ],
  },
];

/** The navigation restricted to built pages, empty sections dropped. */
export function builtAdminNavigation(): NavSection[] {
  return adminNavigation
    .map((section) => ({ ...section, items: section.items.filter((item) => isBuilt(item.path)) }))
    .filter((section) => section.items.length > 0);
}

/** Whether a nav item is the current page (or an ancestor of it, except the exact-only home). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  if (itemPath === '/admin') return pathname === '/admin';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
