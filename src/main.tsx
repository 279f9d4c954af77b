import './app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { captureInstallPrompt } from './lib/install-capture';

// Before the first render: the browser may offer installation while the app is still loading.
captureInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices, yielding to the browser between
// them, instead of one long task that blocks input for as long as a slow phone takes to build
// the whole tree.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Only the production build has a service worker (the e2e tests run that build). Loaded after
// the first render so registration never competes with the first paint.
if (import.meta.env.PROD) {
  void import('./app/pwa').then(({ registerServiceWorker }) => registerServiceWorker());
}
