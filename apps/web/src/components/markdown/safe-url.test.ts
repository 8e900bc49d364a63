import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url.ts';

describe('safeUrl', () => {
  it('keeps http(s), mailto and relative links', () => {
    expect(safeUrl('https://example.com/a?b=1', 'href', 'a')).toBe('https://example.com/a?b=1');
    expect(safeUrl('mailto:a@b.c', 'href', 'a')).toBe('mailto:a@b.c');
    expect(safeUrl('/docs/a:b', 'href', 'a')).toBe('/docs/a:b');
    expect(safeUrl('#top', 'href', 'a')).toBe('#top');
  });
  it('drops script and other protocols', () => {
    expect(safeUrl('javascript:alert(1)', 'href', 'a')).toBe('');
    expect(safeUrl(' JaVaScRiPt:alert(1)', 'href', 'a')).toBe('');
    expect(safeUrl('vbscript:x', 'href', 'a')).toBe('');
    expect(safeUrl('data:text/html;base64,PHNjcmlwdD4=', 'href', 'a')).toBe('');
  });
  it('allows data: images only as raster types', () => {
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=', 'src', 'img')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeUrl('data:image/jpeg;base64,/9j/4AAQ', 'src', 'img')).toBe('data:image/jpeg;base64,/9j/4AAQ');
    expect(safeUrl('data:image/svg+xml;base64,PHN2Zz4=', 'src', 'img')).toBe('');
    expect(safeUrl('data:image/png;base64,iVBORw0KGgo=', 'href', 'a')).toBe('');
  });
});
