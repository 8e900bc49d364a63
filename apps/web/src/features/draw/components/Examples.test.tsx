import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { DrawExample } from '@app/shared';
import { ChipGroup, Examples } from './FormParts.tsx';

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

  it('holds the strip’s place while the examples load, hidden from screen readers, with nothing to tap', () => {
    const { container } = render(<Examples list={undefined} onPick={vi.fn()} />);
    expect(screen.getByTestId('draw-examples-loading').getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(container.querySelectorAll('.aspect-square')).toHaveLength(4);
  });
});

describe('chip group', () => {
  it('shows a placeholder for each option still loading, after the options it has; only real options are radios', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(<ChipGroup label="尺寸" options={[]} pending={3} value="square" onChange={onChange} />);
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(container.querySelectorAll('[aria-hidden="true"].animate-pulse')).toHaveLength(3);
    rerender(<ChipGroup label="尺寸" options={[{ value: 'square', label: '方图 1:1' }]} value="square" onChange={onChange} />);
    expect(screen.getByRole('radio', { name: '方图 1:1' }).getAttribute('aria-checked')).toBe('true');
    expect(container.querySelectorAll('.animate-pulse')).toHaveLength(0);
  });
});
