import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { Composer, type ComposerProps } from './Composer.tsx';

const base = (patch: Partial<ComposerProps> = {}): ComposerProps => ({
  mobile: false,
  value: '',
  onChange: vi.fn(),
  onSubmit: vi.fn(),
  onStop: vi.fn(),
  generating: false,
  label: '输入消息',
  placeholder: '有问题尽管问',
  ...patch,
});

const box = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: '输入消息' });

describe('Composer', () => {
  afterEach(() => {
    delete (HTMLTextAreaElement.prototype as { scrollHeight?: number }).scrollHeight;
  });

  it('desktop: two rows growing to eight (SPEC §2.7), the key hint in the placeholder', () => {
    render(<Composer {...base()} />);
    expect(box().getAttribute('rows')).toBe('2');
    expect(box().style.height).toBe('68px'); // 2 × 24 + 20
    expect(box().placeholder).toBe('有问题尽管问（Enter 发送，Shift + Enter 换行）');
  });

  it('mobile: one row growing to four, no key hint', () => {
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', { configurable: true, get: () => 1000 });
    render(<Composer {...base({ mobile: true, value: '很长\n'.repeat(30) })} />);
    expect(box().getAttribute('rows')).toBe('1');
    expect(box().style.height).toBe('108px'); // 4 × 24 + 12
    expect(box().style.overflowY).toBe('auto');
    expect(box().placeholder).toBe('有问题尽管问');
  });

  it('desktop stops growing at eight rows', () => {
    Object.defineProperty(HTMLTextAreaElement.prototype, 'scrollHeight', { configurable: true, get: () => 1000 });
    render(<Composer {...base({ value: '很长\n'.repeat(30) })} />);
    expect(box().style.height).toBe('212px'); // 8 × 24 + 20
  });

  it('send submits; it is disabled when the feature says so', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<Composer {...base({ onSubmit, value: '你好' })} />);
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    rerender(<Composer {...base({ onSubmit, sendDisabled: true })} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '发送' }).disabled).toBe(true);
  });

  it('while generating: the text is disabled and stop replaces send', () => {
    const onStop = vi.fn();
    render(<Composer {...base({ generating: true, onStop })} />);
    expect(box().disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '发送' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '停止生成' }));
    expect(onStop).toHaveBeenCalledTimes(1);
  });

  it('shows the slots a feature adds', () => {
    render(<Composer {...base({ header: <p>动作栏</p>, tools: <button type="button">上传图片</button>, aside: <span>12/2000</span> })} />);
    expect(screen.getByText('动作栏')).toBeTruthy();
    expect(screen.getByRole('button', { name: '上传图片' })).toBeTruthy();
    expect(screen.getByText('12/2000')).toBeTruthy();
  });
});
