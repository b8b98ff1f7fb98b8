/** Protocol acknowledgement screens (issue 19; decision 0046), keyed by route-table path. */
import { lazy, type ComponentType } from 'react';

const AcknowledgePage = lazy(() =>
  import('./acknowledge-page.tsx').then((m) => ({ default: m.AcknowledgePage })),
);
const AcknowledgementRatesPage = lazy(() =>
  import('./acknowledgement-rates-page.tsx').then((m) => ({ default: m.AcknowledgementRatesPage })),
);

export const acknowledgementScreens: Record<string, ComponentType> = {
  '/acknowledge': AcknowledgePage,
  '/admin/misctools/isp/acknowledgements': AcknowledgementRatesPage,
};
