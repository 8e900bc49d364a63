import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { queryClient } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session.ts';
import { storage, StorageKey } from '../../lib/storage.ts';
import { globalConfig, resetSession } from '../test/fixtures.ts';
import { DialogHost } from './DialogHost.tsx';
import { NOTICE_AFTER_PAINT_MS, resetNoticeAutoOpen, useNoticeAutoOpen } from './useNoticeAutoOpen.ts';

/** Dialogs are lazy chunks; the first import can be slow on a busy test machine. */
const LAZY = { timeout: 5000 };
const findDialog = () => screen.findByRole('dialog', {}, LAZY);

const notice = {
  has: true,
  id: 7,
  title: '系统公告',
  content: '## 新功能上线\n\n- 支持文档分析\n- 支持 AI 绘画\n\n欢迎体验 <img src=x onerror=alert(1)>。',
  noticeInfo: '',
};

function Host({ drawn = true }: { drawn?: boolean }) {
  useNoticeAutoOpen(drawn);
  return <DialogHost />;
}

function load(patch: Parameters<typeof globalConfig>[0] = {}) {
  resetNoticeAutoOpen();
  resetSession({ ready: true, globalConfig: globalConfig({ notice, isAutoOpenNotice: 1, ...patch }) });
  return render(<Host />);
}

beforeEach(() => resetSession());

describe('notice dialog (SPEC §4.9)', () => {
  it('opens on load and renders the notice as headings, list items and paragraphs, never raw HTML', async () => {
    load();
    const dialog = await findDialog();
    expect(dialog.textContent).toContain('系统公告');
    expect(screen.getByRole('heading', { name: '新功能上线' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['支持文档分析', '支持 AI 绘画']);
    expect(dialog.querySelector('img')).toBeNull();
    expect(dialog.textContent).toContain('欢迎体验');
  });

  it('waits until the screen under it is drawn, and opens a beat after the frame that paints it (issue 30)', async () => {
    resetNoticeAutoOpen();
    resetSession({ ready: true, globalConfig: globalConfig({ notice, isAutoOpenNotice: 1 }) });
    const view = render(<Host drawn={false} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(useSession.getState().dialog).toBeNull();
    view.rerender(<Host drawn />);
    expect(useSession.getState().dialog).toBeNull(); // not in the commit that draws the screen
    await new Promise((r) => setTimeout(r, NOTICE_AFTER_PAINT_MS / 2));
    expect(useSession.getState().dialog).toBeNull(); // nor right after its frame
    await waitFor(() => expect(useSession.getState().dialog).toBe('notice'));
    expect((await findDialog()).textContent).toContain('系统公告');
  });

  it("and until the screen's first requests have answered, so its chunks do not compete with them (issue 30)", async () => {
    resetNoticeAutoOpen();
    resetSession({ ready: true, globalConfig: globalConfig({ notice, isAutoOpenNotice: 1 }) });
    let answer!: (v: string[]) => void;
    const gallery = queryClient.fetchQuery({ queryKey: ['notice-test', 'gallery'], queryFn: () => new Promise<string[]>((r) => (answer = r)) });
    render(<Host />);
    await new Promise((r) => setTimeout(r, 100));
    expect(useSession.getState().dialog).toBeNull();
    answer(['a.webp']);
    await gallery;
    await waitFor(() => expect(useSession.getState().dialog).toBe('notice'));
    queryClient.removeQueries({ queryKey: ['notice-test'] });
  });

  it('不再提示 closes it and keeps it closed for this notice id on the next load', async () => {
    const view = load();
    fireEvent.click(await screen.findByRole('button', { name: '不再提示' }, LAZY));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storage.get(StorageKey.noticeHidden)).toBe(7);
    expect(useSession.getState().dialog).toBeNull();

    view.unmount();
    load();
    await new Promise((r) => setTimeout(r, NOTICE_AFTER_PAINT_MS + 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useSession.getState().dialog).toBeNull();
  });

  it('a new notice id shows again after 不再提示 on an older one', async () => {
    storage.set(StorageKey.noticeHidden, 6, null);
    load();
    expect(await findDialog()).toBeTruthy();
  });

  it('我知道了 closes it without remembering, so the next load shows it again', async () => {
    const view = load();
    fireEvent.click(await screen.findByRole('button', { name: '我知道了' }, LAZY));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(storage.get(StorageKey.noticeHidden)).toBeNull();
    view.unmount();
    load();
    expect(await findDialog()).toBeTruthy();
  });

  it('stays closed when auto-open is off or there is no notice', async () => {
    const view = load({ isAutoOpenNotice: 0 });
    await new Promise((r) => setTimeout(r, NOTICE_AFTER_PAINT_MS + 100));
    expect(screen.queryByRole('dialog')).toBeNull();
    view.unmount();
    load({ notice: { ...notice, has: false } });
    await new Promise((r) => setTimeout(r, NOTICE_AFTER_PAINT_MS + 100));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
