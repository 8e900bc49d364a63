import { describe, expect, it, vi } from 'vitest';
import { createBrowserHistory, createMemoryHistory, createPath, resolvePath } from './history.ts';

describe('resolvePath and createPath', () => {
  it('resolves a query or a hash against the current path, and an absolute URL as it is', () => {
    expect(resolvePath('?id=2', { pathname: '/talk' })).toEqual({ pathname: '/talk', search: '?id=2', hash: '' });
    expect(resolvePath('/view?id=1#p2', { pathname: '/talk' })).toEqual({ pathname: '/view', search: '?id=1', hash: '#p2' });
    expect(resolvePath({ search: '?x=1' }, { pathname: '/pay' })).toEqual({ pathname: '/pay', search: '?x=1', hash: '' });
  });

  it('writes a URL without an empty query or hash', () => {
    expect(createPath({ pathname: '/talk', search: '?', hash: '' })).toBe('/talk');
    expect(createPath({ pathname: '/talk', search: 'a=1', hash: 'h' })).toBe('/talk?a=1#h');
  });
});

describe('createMemoryHistory', () => {
  it('pushes, replaces and goes back and forth, telling its listeners each time', () => {
    const history = createMemoryHistory(['/talk']);
    const seen = vi.fn();
    history.listen(({ action, location }) => seen(action, createPath(location), location.state));
    history.push('?id=3', { from: 'menu' });
    history.replace('/draw');
    history.go(-1);
    history.go(-5);
    history.go(1);
    expect(seen.mock.calls).toEqual([
      ['PUSH', '/talk?id=3', { from: 'menu' }],
      ['REPLACE', '/draw', null],
      ['POP', '/talk', null],
      ['POP', '/draw', null],
    ]);
    expect(history.location.pathname).toBe('/draw');
  });

  it('a push after going back drops the entries ahead', () => {
    const history = createMemoryHistory(['/a', '/b']);
    history.go(-1);
    history.push('/c');
    history.go(1);
    expect(history.location.pathname).toBe('/c');
  });

  it('an unsubscribed listener is not called', () => {
    const history = createMemoryHistory();
    const seen = vi.fn();
    history.listen(seen)();
    history.push('/x');
    expect(seen).not.toHaveBeenCalled();
  });
});

describe('createBrowserHistory', () => {
  it("moves the address bar, keeps a location's state in history.state, and follows the back button", async () => {
    window.history.replaceState(null, '', '/talk');
    const history = createBrowserHistory();
    expect(history.location).toMatchObject({ pathname: '/talk', state: null });
    const seen = vi.fn();
    history.listen(({ action, location }) => seen(action, createPath(location)));

    history.push('/translate', { text: '你好' });
    expect(window.location.pathname).toBe('/translate');
    expect(window.history.state).toMatchObject({ usr: { text: '你好' } });
    expect(createBrowserHistory().location.state).toEqual({ text: '你好' });
    history.replace('?from=chat');
    expect(window.location.pathname + window.location.search).toBe('/translate?from=chat');

    window.history.replaceState(null, '', '/talk');
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    expect(seen.mock.calls).toEqual([
      ['PUSH', '/translate'],
      ['REPLACE', '/translate?from=chat'],
      ['POP', '/talk'],
    ]);
  });

  it('falls back to a page load when the browser refuses the entry', () => {
    const assign = vi.fn();
    const win = {
      location: { pathname: '/a', search: '', hash: '', assign, replace: vi.fn() },
      history: { state: null, pushState: () => { throw new DOMException('too many', 'SecurityError'); } },
      addEventListener: () => {},
    } as unknown as Window;
    const history = createBrowserHistory(win);
    const seen = vi.fn();
    history.listen(seen);
    history.push('/b?x=1');
    expect(assign).toHaveBeenCalledWith('/b?x=1');
    expect(seen).not.toHaveBeenCalled();
  });
});
