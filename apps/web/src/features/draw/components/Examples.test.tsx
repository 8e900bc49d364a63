import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DrawExample } from '@app/shared';
import { Examples } from './FormParts.tsx';

const list: DrawExample[] = [
  { title: '江南水乡', prompt: '清晨的江南水乡，小桥流水', type: 'ink', kind: 'basic', image_url: '/uploads/draw/examples/1-abc.webp' },
  { title: '橘猫', prompt: '一只胖橘猫趴在窗台上', type: 'photo', kind: 'basic', image_url: null },
];

describe('drawing examples strip', () => {
  it('shows each example as its picture with its title, a tap picks it', () => {
    const onPick = vi.fn();
    render(<Examples list={list} onPick={onPick} />);
    const group = screen.getByRole('group', { name: '试试这些' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['江南水乡', '橘猫']);
    expect(buttons[0]!.querySelector('img')?.getAttribute('src')).toBe('/uploads/draw/examples/1-abc.webp');
    expect(buttons[1]!.querySelector('img')).toBeNull();
    expect(buttons[0]!.getAttribute('title')).toBe('清晨的江南水乡，小桥流水');
    fireEvent.click(screen.getByRole('button', { name: '橘猫' }));
    expect(onPick).toHaveBeenCalledWith(list[1]);
  });

  it('shows nothing without examples', () => {
    const { container } = render(<Examples list={[]} onPick={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });
});
