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

  it('injects the analytics snippet once, as runnable scripts', () => {
    const before = document.head.querySelectorAll('script').length;
    injectAnalytics('<script>window.__hm = (window.__hm || 0) + 1;</script>');
    injectAnalytics('<script>window.__hm = (window.__hm || 0) + 1;</script>');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts.length).toBe(before + 1);
    expect(scripts[scripts.length - 1]!.text).toContain('window.__hm');
  });
});
