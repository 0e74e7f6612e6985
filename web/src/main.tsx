// First: settings that must hold before any other module runs (see the file).
import './security/strict-csp.ts';
// Before supabase-js takes the session from a confirmation link's fragment (see the file).
import './auth/confirmation-landing.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/mantine-core.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { App } from './app.tsx';
import { installInputWatcher } from './security/input-watcher.ts';
import { getSupabase } from './data/supabase-client.ts';

installInputWatcher();
// supabase-js downloads while the first render runs: the first data call of every page awaits
// it. A failure shows where a page asks for data (getSupabase tries again then).
getSupabase().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// This module runs after the first paint (web/public/app-boot.js), so the text the gateway
// wrote into #root is on screen until this render replaces it. The render is a transition,
// which React splits into short slices between which the browser stays responsive, instead of
// one long task on a slow phone.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
