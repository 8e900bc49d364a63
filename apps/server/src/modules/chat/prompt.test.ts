import { describe, expect, it } from 'vitest';
import { buildPrompt, type PastMessage } from './prompt.ts';

const model = { systemPrompt: '', maxRounds: 8, maxContextTokens: 16000 };
const u = (text: string, status = 'complete'): PastMessage => ({ role: 'user', text, images: [], status });
const a = (text: string, status = 'complete'): PastMessage => ({ role: 'assistant', text, images: [], status });
const noImages = async () => null;
const q = (text: string) => ({ text, images: [] as string[] });

describe('buildPrompt', () => {
  it('puts the system prompts first and the question last', async () => {
    const out = await buildPrompt({ model: { ...model, systemPrompt: '你是助手' }, systemMessage: '用中文', history: [u('1'), a('一')], question: q('2'), loadImage: noImages });
    expect(out).toEqual([
      { role: 'system', content: '你是助手\n\n用中文' },
      { role: 'user', content: '1' },
      { role: 'assistant', content: '一' },
      { role: 'user', content: '2' },
    ]);
  });

  it('keeps at most maxRounds of the newest exchanges', async () => {
    const history = [u('1'), a('一'), u('2'), a('二'), u('3'), a('三')];
    const out = await buildPrompt({ model: { ...model, maxRounds: 2 }, history, question: q('4'), loadImage: noImages });
    expect(out.map((m) => m.content)).toEqual(['2', '二', '3', '三', '4']);
  });

  it('stays within the context budget, dropping the oldest first', async () => {
    const long = '长'.repeat(3000);
    const history = [u('old'), a(long), u('new'), a('short')];
    const out = await buildPrompt({ model: { ...model, maxContextTokens: 2000 }, history, question: q('q'), loadImage: noImages });
    expect(out.map((m) => m.content)).toEqual(['new', 'short', 'q']);
  });

  it('leaves out failed replies with their question, and stopped replies stay', async () => {
    const history = [u('1'), a('', 'error'), u('2'), a('半句', 'stopped'), u('3'), a('部分', 'error')];
    const out = await buildPrompt({ model, history, question: q('4'), loadImage: noImages });
    expect(out.map((m) => [m.role, m.content])).toEqual([
      ['user', '2'],
      ['assistant', '半句'],
      ['user', '4'],
    ]);
  });

  it('turns images into image parts, skipping those that are gone', async () => {
    const load = async (url: string) => (url.endsWith('gone.png') ? null : `data:image/png;base64,${url.length}`);
    const out = await buildPrompt({ model, history: [], question: { text: '看', images: ['/uploads/a.png', '/uploads/gone.png'] }, loadImage: load });
    expect(out[0]!.content).toEqual([
      { type: 'text', text: '看' },
      { type: 'image', url: 'data:image/png;base64,14' },
    ]);
  });
});
