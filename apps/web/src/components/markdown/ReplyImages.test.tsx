import { beforeEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { useSession } from '../../lib/session.ts';
import { website } from '../../app/test/fixtures.ts';
import { MarkdownBlock } from './renderer.tsx';
import { imageAllowed } from './safe-url.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

beforeEach(() => {
  useSession.setState({ website: { ...website(), image_hosts: ['cdn.example.com'] } });
});

describe('images in replies', () => {
  it('are fetched only from this site, raster data: URLs and the allowed hosts', () => {
    expect(imageAllowed('/uploads/a.png', [], 'https://ai.example.com')).toBe(true);
    expect(imageAllowed('https://ai.example.com/a.png', [], 'https://ai.example.com')).toBe(true);
    expect(imageAllowed(PNG, [])).toBe(true);
    expect(imageAllowed('data:image/svg+xml;base64,PHN2Zz4=', [])).toBe(false);
    expect(imageAllowed('https://cdn.example.com/a.png', ['cdn.example.com'], 'https://ai.example.com')).toBe(true);
    expect(imageAllowed('http://cdn.example.com/a.png', ['cdn.example.com'], 'https://ai.example.com')).toBe(false);
    expect(imageAllowed('https://tracker.evil/pixel.gif?u=1', ['cdn.example.com'], 'https://ai.example.com')).toBe(false);
  });

  it('from any other host render as a link, never as an <img> the browser fetches', () => {
    const { container } = render(
      <MarkdownBlock source={`![追踪](https://tracker.evil/pixel.gif?u=1) ![图](https://cdn.example.com/a.png) ![本站](/a.png)`} math={null} />,
    );
    const srcs = [...container.querySelectorAll('img')].map((i) => i.getAttribute('src'));
    expect(srcs).toEqual(['https://cdn.example.com/a.png', '/a.png']);
    const link = container.querySelector('a.md-external-image');
    expect(link?.getAttribute('href')).toBe('https://tracker.evil/pixel.gif?u=1');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.textContent).toContain('追踪');
  });
});
