import { describe, expect, it } from 'vitest';
import type { ChatItem } from '../types.ts';
import { checkImage, imageRoom, imagesInConversation, pickWithinLimit } from './images.ts';

const msg = (images: string[], inversion = true): ChatItem => ({
  key: Math.random().toString(36),
  id: null,
  dateTime: '',
  text: 'x',
  inversion,
  error: false,
  errorText: null,
  loading: false,
  images,
  model: 'ai_4o',
  status: 'complete',
});

describe('image limit (5 per conversation)', () => {
  it('counts the images the user sent in this conversation', () => {
    expect(imagesInConversation([msg(['a', 'b']), msg([], false), msg(['c'])])).toBe(3);
  });
  it('leaves room for what is left, counting pending uploads', () => {
    expect(imageRoom([], 0)).toBe(5);
    expect(imageRoom([msg(['a', 'b', 'c'])], 1)).toBe(1);
    expect(imageRoom([msg(['a', 'b', 'c'])], 2)).toBe(0);
    expect(imageRoom([msg(['a', 'b', 'c', 'd', 'e'])], 0)).toBe(0);
  });
  it('accepts at most the room and says when files were cut off', () => {
    expect(pickWithinLimit([1, 2, 3], 2)).toEqual({ accepted: [1, 2], overLimit: true });
    expect(pickWithinLimit([1, 2], 2)).toEqual({ accepted: [1, 2], overLimit: false });
    expect(pickWithinLimit([1], 0)).toEqual({ accepted: [], overLimit: true });
  });
});

describe('checkImage', () => {
  it('accepts png, bmp and jpg up to 5 MB', () => {
    expect(checkImage({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImage({ name: 'a.JPG', type: '', size: 1000 })).toBeNull();
    expect(checkImage({ name: 'a.bmp', type: 'image/bmp', size: 1000 })).toBeNull();
    expect(checkImage({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe('type');
    expect(checkImage({ name: 'a.svg', type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(checkImage({ name: 'a.png', type: 'image/png', size: 6 * 1024 * 1024 })).toBe('size');
  });
});
