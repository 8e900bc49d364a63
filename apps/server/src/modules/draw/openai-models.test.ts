import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenAiImages } from '../../providers/image/openai.ts';
import { samplePng, startFakeImages } from '../../testing/fake-draw.ts';

/** Each OpenAI image model is sent what it takes (the images API reference, per model). */
describe('OpenAI image models', () => {
  let fake: Awaited<ReturnType<typeof startFakeImages>>;
  beforeAll(async () => {
    fake = await startFakeImages({ key: 'sk-draw' });
  });
  afterAll(async () => {
    await fake.close();
  });
  const req = { prompt: 'a cat', size: 'portrait' as const, quality: 'hd' as const, style: 'vivid' as const, n: 2, type: 'general' };

  it('dall-e-2 gets a square size and n in one request, never quality or style (which it refuses)', async () => {
    const p = new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'dall-e-2' });
    const before = fake.requests.length;
    const out = await p.generate(req);
    expect(out).toHaveLength(2);
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({ model: 'dall-e-2', n: 2, size: '1024x1024', response_format: 'b64_json' });
    expect(sent.quality).toBeUndefined();
    expect(sent.style).toBeUndefined();
    expect(p.edits).toBe(false);
  });

  it('dall-e-3 still gets one image per request with its quality and style', async () => {
    const p = new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'dall-e-3' });
    const before = fake.requests.length;
    await p.generate(req);
    expect(fake.requests.length).toBe(before + 2);
    expect(fake.requests.at(-1)).toMatchObject({ n: 1, size: '1024x1792', quality: 'hd', style: 'vivid' });
  });

  it('chatgpt-image-latest takes reference pictures on /images/edits like the gpt-image models', async () => {
    const p = new OpenAiImages({ baseUrl: fake.url, apiKey: 'sk-draw', model: 'chatgpt-image-latest' });
    expect(p.edits).toBe(true);
    const png = await samplePng();
    const out = await p.edit({ ...req, n: 1, images: [png] });
    expect(out).toHaveLength(1);
    expect(fake.requests.at(-1)).toMatchObject({ path: '/images/edits', model: 'chatgpt-image-latest', size: '1024x1536', quality: 'high' });
    expect(fake.requests.at(-1).images[0].bytes.equals(png)).toBe(true);
    await p.generate({ ...req, n: 3 });
    expect(fake.requests.at(-1)).toMatchObject({ model: 'chatgpt-image-latest', n: 3 });
    expect(fake.requests.at(-1).response_format).toBeUndefined();
  });
});
