import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import SettingsDialog from './SettingsDialog.tsx';

vi.mock('../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

describe('chat settings: temperature by the chosen model', () => {
  const slider = () => screen.getByRole<HTMLInputElement>('slider');

  it('a model that takes a temperature: the slider works', () => {
    render(<SettingsDialog open onOpenChange={() => {}} />);
    expect(slider().disabled).toBe(false);
    expect(screen.getByText('数值越低回答越严谨稳定，越高越有创意和变化。')).toBeTruthy();
  });

  it('a model that takes none (o-series, gpt-5): the slider is off and says why', () => {
    render(<SettingsDialog open onOpenChange={() => {}} takesTemperature={false} />);
    expect(slider().disabled).toBe(true);
    expect(screen.getByText('当前模型不接受温度参数，此项对它不生效。')).toBeTruthy();
  });
});
