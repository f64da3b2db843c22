import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

// The build gives each Mantine component's CSS to the chunk that uses it (vite-plugins.ts); the dev server
// pre-bundles Mantine, so it gets the whole sheet.
if (import.meta.env.DEV) void import('@mantine/core/styles.layer.css');

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
