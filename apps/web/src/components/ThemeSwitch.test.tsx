import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { readAppSetting, useAppSetting } from '../lib/app-setting.ts';
import { useThemeSync } from '../lib/theme.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

function stubSystemDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const mq = {
    matches: dark,
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal('matchMedia', () => mq);
  return {
    set(next: boolean) {
      mq.matches = next;
      listeners.forEach((fn) => fn());
    },
  };
}

function Harness() {
  useThemeSync();
  return <ThemeSwitch />;
}

const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  useAppSetting.setState({ theme: 'auto', siderCollapsed: false });
  document.documentElement.classList.remove('dark');
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('choosing dark applies it and stores it under appSetting without expiry', () => {
    stubSystemDark(false);
    render(<Harness />);
    expect(isDark()).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: '深色' }));
    expect(isDark()).toBe(true);
    expect(screen.getByRole('radio', { name: '深色' }).getAttribute('aria-checked')).toBe('true');
    const saved = JSON.parse(localStorage.getItem('appSetting')!);
    expect(saved.expire).toBeNull();
    expect(saved.data).toMatchObject({ theme: 'dark', siderCollapsed: false, language: 'zh-CN' });
    expect(readAppSetting().theme).toBe('dark');
  });

  it('light overrides a dark system', () => {
    stubSystemDark(true);
    render(<Harness />);
    expect(isDark()).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '浅色' }));
    expect(isDark()).toBe(false);
    expect(readAppSetting().theme).toBe('light');
  });

  it('auto follows the system as it changes', () => {
    const system = stubSystemDark(false);
    renderHook(() => useThemeSync());
    expect(isDark()).toBe(false);
    system.set(true);
    expect(isDark()).toBe(true);
    system.set(false);
    expect(isDark()).toBe(false);
  });

  it('a stored theme survives a reload', () => {
    localStorage.setItem('appSetting', JSON.stringify({ data: { theme: 'dark', siderCollapsed: true, language: 'zh-CN', env: 'web' }, expire: null }));
    expect(readAppSetting()).toMatchObject({ theme: 'dark', siderCollapsed: true });
  });

  it('the compact switch cycles auto → light → dark', () => {
    stubSystemDark(false);
    render(<ThemeSwitch variant="compact" />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    expect(useAppSetting.getState().theme).toBe('light');
    fireEvent.click(button);
    expect(useAppSetting.getState().theme).toBe('dark');
    fireEvent.click(button);
    expect(useAppSetting.getState().theme).toBe('auto');
  });
});
