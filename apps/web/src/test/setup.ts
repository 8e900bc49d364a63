import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { options } from 'preact';

// findBy*/waitFor wait this long: on a loaded CI machine (both test passes share two cores) a
// render that takes a second is slow, not wrong.
configure({ asyncUtilTimeout: 5000 });

// The app renders with Preact (vite.config.ts), whose onChange on a text field listens to `input`
// (React's also listens to `change`). A browser sends `input` before every `change` of a text
// field; fireEvent.change sends only the latter, so it is followed by the former here.
const textField = (t: EventTarget | null) => t instanceof HTMLTextAreaElement || (t instanceof HTMLInputElement && !['checkbox', 'radio', 'file'].includes(t.type));
document.addEventListener('change', (e) => textField(e.target) && !e.isTrusted && e.target!.dispatchEvent(new Event('input', { bubbles: true })), true);

// Preact runs effects after the next frame; React's test renderer flushes them before the test
// goes on. Here they run right after the render's commit, so a test that found a rendered text
// sees what the same render's effects did (as it did with React).
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Modal and Drawer load their Radix code on the first open in the app; tests render them at once.
await Promise.all([import('../components/Modal.tsx').then((m) => m.preloadModal()), import('../components/Drawer.tsx').then((m) => m.preloadDrawer())]);
