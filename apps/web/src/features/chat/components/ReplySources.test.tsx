import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { searchFor, useWebSearch, wantsSearch } from '../stores/search-store.ts';
import { useSession } from '../../../lib/session.ts';
import '../locales.ts';
import { ReplySources, Searching } from './ReplySources.tsx';

afterEach(cleanup);

describe('ReplySources', () => {
  it('lists the numbered sources with title and host, opening in a new tab without referrer', () => {
    render(
      <ReplySources
        anchor="src-x"
        search={{ status: 'ok', cost: 2, sources: [{ title: '第一篇', url: 'https://www.a.example.com/x' }, { title: '第二篇', url: 'https://b.example.org/y' }] }}
      />,
    );
    const region = screen.getByRole('region', { name: /参考来源/ });
    expect(region.textContent).toContain('联网搜索 +2 积分');
    const links = within(region).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['[1]第一篇a.example.com', '[2]第二篇b.example.org']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('says when the search failed or found nothing', () => {
    render(<ReplySources anchor="a" search={{ status: 'failed', cost: 0, sources: [] }} />);
    expect(screen.getByText('联网搜索失败，本次回答未参考网页')).toBeTruthy();
    cleanup();
    render(<ReplySources anchor="a" search={{ status: 'empty', cost: 0, sources: [] }} />);
    expect(screen.getByText('没有搜到相关网页，本次回答未参考网页')).toBeTruthy();
    cleanup();
    render(<Searching />);
    expect(screen.getByRole('status').textContent).toBe('正在联网搜索…');
  });
});

describe('search availability', () => {
  it('follows website.search: off, every model, or the listed ones', () => {
    expect(searchFor(null, 'a')).toBeNull();
    expect(searchFor(undefined, 'a')).toBeNull();
    expect(searchFor({ models: null, cost: 0 }, 'a')).toEqual({ models: null, cost: 0 });
    expect(searchFor({ models: ['b'], cost: 1 }, 'a')).toBeNull();
    expect(searchFor({ models: ['b'], cost: 1 }, undefined)).toBeNull();
  });

  it('a turn searches only with the toggle on and a model that may', () => {
    useSession.setState({ website: { ...(useSession.getState().website ?? ({} as never)), search: { models: ['deepseek_v3'], cost: 1 } } });
    useWebSearch.getState().setOn(false);
    expect(wantsSearch('deepseek_v3')).toBe(false);
    useWebSearch.getState().setOn(true);
    expect(JSON.parse(localStorage.getItem('webSearch')!).data).toBe(true);
    expect(wantsSearch('deepseek_v3')).toBe(true);
    expect(wantsSearch('ai_35')).toBe(false);
    useWebSearch.getState().setOn(false);
  });
});
