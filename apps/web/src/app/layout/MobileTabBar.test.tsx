import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../lib/router/testing.tsx';
import { useSession } from '../../lib/session.ts';
import { globalConfig, menuItem, resetSession } from '../test/fixtures.ts';
import { MobileTabBar } from './MobileTabBar.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <MobileTabBar /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

const tabs = () => within(screen.getByRole('navigation', { name: '底部导航' })).getAllByRole('link');

beforeEach(() => resetSession({ ready: true }));

describe('mobile bottom bar', () => {
  it('shows chat, app square, pro drawing, smart drawing, documents and me, in that order, with server labels', () => {
    useSession.setState({
      globalConfig: globalConfig({
        // Server order differs from the bar's order on purpose.
        clientMenuList: [
          menuItem('UserCenter', '我的'),
          menuItem('ChatFile', '读文档'),
          menuItem('Ai3', '智能画'),
          menuItem('Midjourney', 'MJ'),
          menuItem('AppH5', '广场'),
          menuItem('Chat', '聊天'),
          menuItem('Draw', '基础绘画'),
        ],
      }),
    });
    renderAt('/talk');
    expect(tabs().map((a) => a.textContent)).toEqual(['聊天', '广场', 'MJ', '智能画', '读文档', '我的']);
    expect(tabs().map((a) => a.getAttribute('href'))).toEqual(['/talk', '/app-h5', '/midjourney', '/ai3', '/talk-file', '/user-center']);
  });

  it('leaves out entries the server does not mark mobile or does not list', () => {
    useSession.setState({
      globalConfig: globalConfig({
        clientMenuList: [menuItem('Chat', '聊天'), menuItem('Midjourney', 'MJ', false), menuItem('UserCenter', '我的')],
      }),
    });
    renderAt('/user-center');
    expect(tabs().map((a) => a.textContent)).toEqual(['聊天', '我的']);
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: '我的' }).getAttribute('aria-current')).toBe('page');
  });

  it('renders nothing when no entry is left', () => {
    useSession.setState({ globalConfig: globalConfig({ clientMenuList: [menuItem('Draw', '绘画')] }) });
    renderAt('/talk');
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
