import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AuthProvider } from './app/auth/auth-provider';
import { AppRoutes } from './app/router';
import './index.css';

// The service worker (public/sw.js) in production builds only: in development it would cache Vite's
// modules. Registered after load so it never competes with the first paint; a failure only loses
// installability and the offline screen (the browser's console shows why). Browsers fetch sw.js past
// their HTTP cache when they look for an update (updateViaCache 'imports', the default).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AuthProvider>
  </StrictMode>,
);
