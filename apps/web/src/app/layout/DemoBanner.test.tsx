import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { resetSession, website } from '../test/fixtures.ts';
import { DemoBanner } from './DemoBanner.tsx';

const withDemo = (mode: boolean) => {
  const w = website();
  resetSession({ ready: true, website: { ...w, demo: { ...w.demo, mode } } });
};

beforeEach(() => sessionStorage.clear());

describe('演示模式 banner', () => {
  it('shows while the server runs in demo mode, and stays closed for the session once dismissed', () => {
    withDemo(true);
    const first = render(<DemoBanner />);
    expect(screen.getByRole('status').textContent).toContain('演示模式');
    fireEvent.click(screen.getByRole('button', { name: '关闭演示模式提示' }));
    expect(screen.queryByRole('status')).toBeNull();
    first.unmount();
    render(<DemoBanner />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is absent when demo mode is off', () => {
    withDemo(false);
    render(<DemoBanner />);
    expect(screen.queryByText('演示模式')).toBeNull();
  });
});
