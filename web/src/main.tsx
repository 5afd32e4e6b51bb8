import './i18n';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import '@fontsource/roboto/900.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { sessionStore } from './features/session/session-store';
import { createAppQueryClient } from './query-client';
import { createAppRouter } from './router';

const queryClient = createAppQueryClient();
const router = createAppRouter({ queryClient, session: sessionStore });

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

createRoot(rootElement).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
