/** Entry point: styles, the reporting of uncaught errors (lib/client-log.ts), providers and the router. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import './app/global.css';
import { AppProviders } from './app/providers.tsx';
import { AppRouter } from './app/router.tsx';
import { installClientErrorReporting } from './lib/client-log.ts';

const container = document.getElementById('root');
installClientErrorReporting();
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
