import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';
import { App } from './app/App.tsx';
import { prefetchGlobal } from './app/boot.ts';
// Listens for the browser's install offer from the start (it fires once per load).
import './components/install-prompt.ts';

// The global config (the layout waits for it) downloads beside the route's screen chunk, not after it.
prefetchGlobal();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
