// First: settings that must hold before any other module runs (see the file).
import './security/strict-csp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { App } from './app.tsx';
import { installInputWatcher } from './security/input-watcher.ts';

installInputWatcher();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
