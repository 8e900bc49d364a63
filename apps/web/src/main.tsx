// First: the global config (the layout waits for it) downloads while the rest of the entry is evaluated.
import './app/config-prefetch.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/App.tsx';
// Listens for the browser's install offer from the start (it fires once per load).
import './components/install-prompt.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
