import '@mantine/core/styles.css';
import './app/global.css';
import { MantineProvider } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { routeSetsForHost } from '@ona/contracts';
import { reloadIntoNewBuild } from './app/new-build-reload.ts';
import { cssVariablesResolver, theme } from './app/theme.ts';
import { ParticipantApp } from './participant/participant-app.tsx';
import { initI18n, loadNamespaces } from './shared/i18n/i18n.ts';

/**
 * The participant's own entry (participant.html): a phone that scans an instant survey's code
 * loads React, the Mantine components of the take-survey page and i18next, and none of the
 * router, TanStack Query, the route tables, the other route sets or the zod contracts
 * (docs/first-loads.md). The texts of its language come before the first render, as in main.tsx.
 */
const textsReady = initI18n().then(() => loadNamespaces(['instantSurvey']));
const mounts = routeSetsForHost(window.location.hostname);
if (import.meta.env.PROD) reloadIntoNewBuild();

const root = document.getElementById('root');
if (!root) throw new Error('participant.html lacks the #root element');
void textsReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <ParticipantApp mounts={mounts} />
      </MantineProvider>
    </StrictMode>,
  );
});
