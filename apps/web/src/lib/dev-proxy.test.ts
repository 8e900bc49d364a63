import { describe, expect, it } from 'vitest';
import config from '../../vite.config.ts';

/** `npm run dev`: the Vite dev server forwards the API's paths, professional drawing and stored pictures included. */
describe('dev server proxy', () => {
  const proxy = (config as { server?: { proxy?: Record<string, { target: string }> } }).server?.proxy ?? {};
  const forwarded = (path: string) => Object.keys(proxy).some((prefix) => path.startsWith(prefix));

  it('forwards every midjourney call and the uploads', () => {
    for (const path of ['/midjourney/submit', '/midjourney/action', '/midjourney/getList', '/uploads/2026/11/a.png', '/api/config', '/order/buy'])
      expect(forwarded(path), path).toBe(true);
    expect(proxy['/uploads/']?.target).toBe('http://127.0.0.1:3000');
  });

  it('leaves the app routes to Vite', () => {
    for (const path of ['/chat', '/draw', '/src/main.tsx']) expect(forwarded(path), path).toBe(false);
  });
});
