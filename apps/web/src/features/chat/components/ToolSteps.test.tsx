import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render as renderDom, screen, within } from '@testing-library/react';
import type { ToolStep } from '@app/shared';
import { useRef } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { mockApi, ok, queryClient, seedToolList, session, withQueries } from '../test/fixtures.ts';
import type { ChatItem } from '../types.ts';
import { MessageList } from './MessageList.tsx';
import { ToolSteps } from './ToolSteps.tsx';
import '../locales.ts';

const answer = vi.fn<(id: string, allow: boolean) => Promise<boolean>>();
vi.mock('../controller/tools.ts', () => ({ answerToolCall: (id: string, allow: boolean) => answer(id, allow) }));

const step = (patch: Partial<ToolStep> = {}): ToolStep => ({
  id: 'c1',
  round: 1,
  name: 'everything__echo',
  server: 'everything',
  tool: 'echo',
  arguments: '{"message":"你好"}',
  status: 'ok',
  result: 'Echo: 你好',
  ms: 1234,
  price: 2,
  ...patch,
});

const reply = (patch: Partial<ChatItem>): ChatItem => ({
  key: 'r1',
  id: 2,
  dateTime: '',
  text: '',
  inversion: false,
  error: false,
  errorText: null,
  loading: false,
  images: [],
  model: 'ai_35',
  status: 'complete',
  ...patch,
});

function List({ items }: { items: ChatItem[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  return (
    <div ref={scrollRef}>
      <MessageList items={items} modelCode="ai_35" generating={false} mobile={false} scrollRef={scrollRef} contentRef={() => {}} />
    </div>
  );
}

const ECHO = { name: 'everything__echo', server: 'everything', tool: 'echo', title: '回声', description: '', price: 2 };
let client: QueryClient;
const render = (ui: React.ReactElement) => renderDom(ui, { wrapper: withQueries(client) });

beforeEach(() => {
  answer.mockReset();
  session();
  client = queryClient();
  // The admin's titles: the model's tools query (here already answered, and answered the same when fetched again).
  mockApi({ 'GET /api/chat/tools': () => ok({ list: [ECHO], maxRounds: 5 }) });
  seedToolList(client, 'ai_35', [ECHO]);
});
afterEach(() => vi.useRealTimers());

describe('ToolSteps', () => {
  it('a saved reply: the finished step is folded above the answer with its title, server, status, time and price; opening shows arguments and result', () => {
    render(<List items={[reply({ text: '工具说：你好', tools: [step()] })]} />);
    const steps = screen.getByRole('list', { name: '工具调用' });
    const head = within(steps).getByRole('button');
    expect(head.getAttribute('aria-expanded')).toBe('false');
    expect(head.textContent).toContain('回声');
    expect(head.textContent).toContain('来自 everything');
    expect(head.textContent).toContain('已完成');
    expect(head.textContent).toContain('1.2 秒 · 2 积分');
    // Above the text, out of picture exports.
    expect(steps.compareDocumentPosition(screen.getByText('工具说：你好')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(steps.closest('[data-export-ignore]')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '回声' })).toBeNull();
    fireEvent.click(head);
    const body = screen.getByRole('region', { name: '回声' });
    expect(body.textContent).toContain('{\n  "message": "你好"\n}');
    expect(body.textContent).toContain('Echo: 你好');
  });

  it('a long result shows its first 600 characters with 展开全部, and says what the server cut', () => {
    const long = 'a'.repeat(650);
    render(<ToolSteps model="ai_35" steps={[step({ result: long, truncated: true, fullLength: 10_000_000 })]} live={false} />);
    fireEvent.click(screen.getByRole('button', { name: /回声/ }));
    const body = screen.getByRole('region', { name: '回声' });
    expect(body.querySelectorAll('pre')[1]!.textContent).toBe(`${'a'.repeat(600)}…`);
    expect(body.textContent).toContain('结果过长，已截取 650 字（原文 10000000 字）');
    fireEvent.click(within(body).getByRole('button', { name: '展开全部' }));
    expect(body.querySelectorAll('pre')[1]!.textContent).toBe(long);
    expect(within(body).getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('a call in flight is open with its spinner and no result; it folds once it finished', () => {
    const { rerender } = render(<ToolSteps model="ai_35" steps={[step({ status: 'running', result: undefined, ms: undefined, price: undefined })]} live />);
    const head = screen.getByRole('button', { name: /调用中/ });
    expect(head.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: '回声' }).textContent).not.toContain('结果');
    rerender(<ToolSteps model="ai_35" steps={[step()]} live />);
    expect(screen.getByRole('button', { name: /已完成/ }).getAttribute('aria-expanded')).toBe('false');
  });

  it('failed and refused calls say so, each its own way, with the tool name when no title is known', () => {
    seedToolList(client, 'ai_35', []);
    render(
      <ToolSteps
        model="ai_35"
        steps={[step({ status: 'error', result: 'boom', price: undefined }), step({ id: 'c2', status: 'refused', name: 'x__nope', server: null, tool: null, result: '未启用', price: undefined })]}
        live={false}
      />,
    );
    const [failed, refused] = screen.getAllByTestId('tool-step');
    expect(failed!.textContent).toContain('echo');
    expect(failed!.textContent).toContain('调用失败');
    expect(refused!.textContent).toContain('x__nope');
    expect(refused!.textContent).toContain('未执行');
    expect(failed!.getAttribute('data-status')).toBe('error');
  });

  it('a call waiting for the user: open, 允许 / 拒绝 with the seconds left; an answer disables both, a refused answer enables them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const confirmBy = new Date(Date.now() + 30_000).toISOString();
    const waiting = step({ status: 'confirm', confirmBy, result: undefined, ms: undefined, price: undefined });
    render(<ToolSteps model="ai_35" steps={[waiting]} live />);
    expect(screen.getByRole('button', { name: /等待确认/ }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('30 秒后自动拒绝')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.getByText('25 秒后自动拒绝')).toBeTruthy();
    expect(screen.getByRole('region', { name: '回声' }).textContent).toContain('"message": "你好"');

    answer.mockResolvedValueOnce(false);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '拒绝' })));
    expect(answer).toHaveBeenLastCalledWith('c1', false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '允许' }).disabled).toBe(false);

    answer.mockResolvedValueOnce(true);
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: '允许' })));
    expect(answer).toHaveBeenLastCalledWith('c1', true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '允许' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '拒绝' }).disabled).toBe(true);
    expect(screen.getByText('已回复，等待结果…')).toBeTruthy();
  });

  it('past the deadline the buttons are off; a saved reply never offers them', () => {
    const late = step({ status: 'confirm', confirmBy: new Date(Date.now() - 1000).toISOString(), result: undefined });
    const { unmount } = render(<ToolSteps model="ai_35" steps={[late]} live />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '允许' }).disabled).toBe(true);
    expect(screen.getByText('已超时，视为拒绝')).toBeTruthy();
    unmount();
    render(<ToolSteps model="ai_35" steps={[{ ...late, confirmBy: new Date(Date.now() + 9000).toISOString() }]} live={false} />);
    fireEvent.click(screen.getByRole('button', { name: /等待确认/ }));
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '允许' }).disabled).toBe(true);
  });
});
