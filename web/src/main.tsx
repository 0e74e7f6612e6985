// First: settings that must hold before any other module runs (see the file).
import './security/strict-csp.ts';
// Before supabase-js takes the session from a confirmation link's fragment (see the file).
import './auth/confirmation-landing.ts';
// Likewise a refused sign-in with GitHub or ORCID, before supabase-js reads the address.
import './auth/oauth-landing.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/mantine-core.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { App } from './app.tsx';
import { startLanguage } from './i18n/page-messages.ts';
import { installInputWatcher } from './security/input-watcher.ts';
import { getCatalogClient, getSupabase, visitorMayBeSignedIn } from './data/supabase-client.ts';

installInputWatcher();
// A visitor with a stored session waits for supabase-js (their reads carry the session, their
// menu and saves show), so it downloads while the first render runs. Anyone else gets the small
// PostgREST client for the catalog's reads now, and supabase-js once the page is on screen
// (routes.tsx). A failure shows where a page asks for data (both try again then).
if (visitorMayBeSignedIn()) getSupabase().catch(() => undefined);
else getCatalogClient().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// This module runs after the first paint (web/public/app-boot.js), so the text the gateway
// wrote into #root is on screen until this render replaces it. The render waits for the
// messages of the page's language (asked for with the app's modules) and is a transition,
// which React splits into short slices between which the browser stays responsive, instead of
// one long task on a slow phone.
startLanguage()
  .then(() =>
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    }),
  )
  .catch((error: unknown) => console.error('the app could not load its messages', error));
