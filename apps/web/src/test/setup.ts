import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy*/waitFor wait this long: on a loaded CI machine (both test passes share two cores) a
// render that takes a second is slow, not wrong.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// Modal and Drawer load their Radix code on the first open in the app; tests render them at once.
await Promise.all([import('../components/Modal.tsx').then((m) => m.preloadModal()), import('../components/Drawer.tsx').then((m) => m.preloadDrawer())]);
