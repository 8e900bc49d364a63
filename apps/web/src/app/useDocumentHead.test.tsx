import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useSession } from '../lib/session.ts';
import { globalConfig, resetSession } from './test/fixtures.ts';
import { injectAnalytics, useDocumentHead } from './useDocumentHead.ts';

beforeEach(() => resetSession());

describe('document head (SPEC §2.3)', () => {
  it('uses AI as the title until the site name loads, then the site name and favicon', () => {
    renderHook(() => useDocumentHead());
    expect(document.title).toBe('AI');
    act(() => useSession.setState({ globalConfig: globalConfig({ siteName: '知行 AI', clientFavoIconPath: '/logo.png' }) }));
    expect(document.title).toBe('知行 AI');
    expect(document.querySelector<HTMLLinkElement>('link[rel~="icon"]')!.getAttribute('href')).toBe('/logo.png');
  });

  it('leaves the icon link alone when its href does not change (setting it again fetches the icon again)', () => {
    const link = document.createElement('link');
    link.rel = 'icon';
    link.setAttribute('href', '/favicon.svg');
    document.head.querySelectorAll('link[rel~="icon"]').forEach((l) => l.remove());
    document.head.appendChild(link);
    // Writing an attribute queues a mutation record even when the value is the same.
    const sets = new MutationObserver(() => {});
    sets.observe(link, { attributes: true, attributeFilter: ['href'] });
    renderHook(() => useDocumentHead());
    act(() => useSession.setState({ globalConfig: globalConfig({ siteName: '知行 AI', clientFavoIconPath: '' }) }));
    expect(sets.takeRecords()).toHaveLength(0);
    act(() => useSession.setState({ globalConfig: globalConfig({ siteName: '知行 AI', clientFavoIconPath: '/logo.png' }) }));
    expect(sets.takeRecords()).toHaveLength(1);
    expect(link.getAttribute('href')).toBe('/logo.png');
  });

  it("keeps index.html's inline icon for the default /favicon.svg (no request), and brings it back after a site icon", () => {
    const inline = "data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'/%3E";
    document.head.querySelectorAll('link[rel~="icon"]').forEach((l) => l.remove());
    const link = document.createElement('link');
    link.rel = 'icon';
    link.setAttribute('href', inline);
    document.head.appendChild(link);
    renderHook(() => useDocumentHead());
    act(() => useSession.setState({ globalConfig: globalConfig({ clientFavoIconPath: '/favicon.svg' }) }));
    expect(link.getAttribute('href')).toBe(inline);
    act(() => useSession.setState({ globalConfig: globalConfig({ clientFavoIconPath: '/uploads/logo.png' }) }));
    expect(link.getAttribute('href')).toBe('/uploads/logo.png');
    act(() => useSession.setState({ globalConfig: globalConfig({ clientFavoIconPath: '' }) }));
    expect(link.getAttribute('href')).toBe(inline);
  });

  it('loads the Baidu tracker from the usual snippet once, as an external script the CSP allows, and runs no inline code', () => {
    const before = document.head.querySelectorAll('script').length;
    const id = 'a'.repeat(32);
    injectAnalytics('<script>window.__evil = 1;</script>');
    expect(document.head.querySelectorAll('script').length).toBe(before);
    const snippet = `<script>var _hmt = _hmt || [];(function() {var hm = document.createElement("script");hm.src = "https://hm.baidu.com/hm.js?${id}";var s = document.getElementsByTagName("script")[0];s.parentNode.insertBefore(hm, s);})();</script>`;
    injectAnalytics(snippet);
    injectAnalytics(snippet);
    const scripts = document.head.querySelectorAll('script');
    expect(scripts.length).toBe(before + 1);
    expect(scripts[scripts.length - 1]!.getAttribute('src')).toBe(`https://hm.baidu.com/hm.js?${id}`);
    expect(scripts[scripts.length - 1]!.text).toBe('');
  });
});
