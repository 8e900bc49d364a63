import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { InstallAppButton } from './InstallAppButton.tsx';

/** What Chrome and Edge dispatch when the app can be installed. */
function offerInstall(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => void window.dispatchEvent(event));
  return event;
}

afterEach(() => act(() => void window.dispatchEvent(new Event('appinstalled'))));

describe('安装应用 (SPEC §1 desktop app: the installable web app)', () => {
  it('is hidden until the browser offers installing', () => {
    render(<InstallAppButton />);
    expect(screen.queryByRole('button', { name: '安装应用' })).toBeNull();
    const event = offerInstall();
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('button', { name: '安装应用' })).toBeTruthy();
  });

  it("opens the browser's install dialog once, then hides (an offer is used once)", async () => {
    const onDone = vi.fn();
    render(<InstallAppButton onDone={onDone} />);
    const event = offerInstall('dismissed');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '安装应用' })));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: '安装应用' })).toBeNull();
  });

  it('the collapsed sidebar shows it as an icon; installing elsewhere hides it', () => {
    render(<InstallAppButton compact />);
    offerInstall();
    expect(screen.getByRole('button', { name: '安装应用' }).getAttribute('title')).toBe('安装到桌面，像应用一样打开');
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('button', { name: '安装应用' })).toBeNull();
  });
});
