import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from '../../../lib/router/index.tsx';
import type { AdminModel } from '@app/shared';
import { mockApi, ok } from '../../../test/mock-api.ts';
import '../locales.ts';
import ModelsPage from './ModelsPage.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const row: AdminModel = {
  id: 7,
  code: 'gpt5',
  label: 'GPT-5',
  description: '',
  upstreamModel: 'gpt-5',
  provider: 'openai',
  baseUrl: null,
  inputExt: 2000,
  vision: true,
  reasoning: true,
  takesTemperature: false,
  tokenParam: 'max_completion_tokens',
  takesSystem: true,
  pool: 'model4',
  cost: 2,
  maxRounds: 8,
  maxTokens: 4096,
  maxContextTokens: 16000,
  systemPrompt: '',
  sort: 0,
  enabled: true,
  keys: 1,
  liveKeys: 1,
};

const checked = (label: string) => screen.getByLabelText<HTMLInputElement>(label).checked;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ModelsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('admin models: what each model takes', () => {
  it('a new model shows the capabilities guessed from the upstream name, and sends what the operator set', async () => {
    const api = mockApi({ 'GET /api/admin/models': () => ok({ rows: [] }), 'POST /api/admin/models': (body) => ok({ ...row, ...(body as object), id: 8 }) });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: '新增模型' }));
    fireEvent.change(screen.getByLabelText('编码'), { target: { value: 'o1m' } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: 'o1 mini' } });
    fireEvent.change(screen.getByLabelText('上游模型'), { target: { value: 'o1-mini' } });
    expect(checked('接受温度参数')).toBe(false);
    expect(checked('接受系统消息')).toBe(false);
    expect(checked('推理模型（深度思考）')).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('输出长度参数名').value).toBe('max_completion_tokens');
    // Set by hand: the guess no longer follows the name.
    fireEvent.click(screen.getByLabelText('支持图片（识图）'));
    fireEvent.change(screen.getByLabelText('上游模型'), { target: { value: 'deepseek-chat' } });
    expect(checked('接受温度参数')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.find('POST', '/api/admin/models')).toHaveLength(1));
    expect(api.find('POST', '/api/admin/models')[0]!.body).toMatchObject({
      code: 'o1m',
      upstreamModel: 'deepseek-chat',
      vision: true,
      reasoning: true,
      takesTemperature: false,
      tokenParam: 'max_completion_tokens',
      takesSystem: false,
    });
  });

  it('an existing model shows its stored capabilities and a change is sent as a patch', async () => {
    const api = mockApi({ 'GET /api/admin/models': () => ok({ rows: [row] }), 'POST /api/admin/models/7': (body) => ok({ ...row, ...(body as object) }) });
    renderPage();
    expect((await screen.findAllByText('无温度')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('推理').length).toBeGreaterThan(0);
    fireEvent.click((await screen.findAllByRole('button', { name: '编辑' }))[0]!);
    expect(checked('接受温度参数')).toBe(false);
    expect(screen.getByLabelText<HTMLSelectElement>('输出长度参数名').value).toBe('max_completion_tokens');
    fireEvent.change(screen.getByLabelText('上游模型'), { target: { value: 'gpt-4o' } });
    expect(checked('接受温度参数')).toBe(false);
    fireEvent.change(screen.getByLabelText('输出长度参数名'), { target: { value: 'max_tokens' } });
    fireEvent.click(screen.getByLabelText('接受温度参数'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(api.find('POST', '/api/admin/models/7')).toHaveLength(1));
    expect(api.find('POST', '/api/admin/models/7')[0]!.body).toMatchObject({ upstreamModel: 'gpt-4o', takesTemperature: true, tokenParam: 'max_tokens' });
  });
});
