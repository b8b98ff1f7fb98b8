/**
 * The access screens (issue 20; docs/access-links.md): `/dashboard/access`, the page an emailed dashboard link opens
 * (no layout, public; English and Spanish).
 */
import { lazy, type ComponentType } from 'react';
import { afterCatalogue } from '../../i18n/catalogues.ts';

const AccessLinkPage = lazy(() =>
  afterCatalogue(import('./pages/access-link-page.tsx')).then((m) => ({ default: m.AccessLinkPage })),
);

export const accessScreens: Record<string, ComponentType> = {
  '/dashboard/access': AccessLinkPage,
};
