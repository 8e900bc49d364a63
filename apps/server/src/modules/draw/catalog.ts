import type { DrawExample } from '@app/shared';

/** What the drawing screens offer (GET /api/draw-image/image-types). */
export const DRAW_TYPE_OPTIONS = {
  types: [
    { value: 'general', label: '通用' },
    { value: 'anime', label: '动漫' },
    { value: 'photo', label: '写实摄影' },
    { value: 'ink', label: '国风水墨' },
    { value: 'oil', label: '油画' },
    { value: 'render3d', label: '3D 渲染' },
  ],
  sizes: [
    { value: 'square', label: '方图 1:1' },
    { value: 'portrait', label: '竖图 2:3' },
    { value: 'landscape', label: '横图 3:2' },
  ],
  qualities: [
    { value: 'standard', label: '标准' },
    { value: 'hd', label: '高清' },
  ],
  styles: [
    { value: 'vivid', label: '鲜明' },
    { value: 'natural', label: '自然' },
  ],
};

const TYPE_HINTS: Record<string, string> = {
  anime: ', anime style, cel shading, vibrant colors',
  photo: ', photorealistic, 35mm photo, natural light',
  ink: ', traditional Chinese ink wash painting, xuan paper texture',
  oil: ', oil painting, thick brush strokes, canvas texture',
  render3d: ', 3D render, octane render, soft global illumination',
};

/** The style words a picture type adds to a real provider's prompt. */
export const typeHint = (type: string) => TYPE_HINTS[type] ?? '';

export const DRAW_EXAMPLES: DrawExample[] = [
  { title: '江南水乡', prompt: '清晨的江南水乡，小桥流水，白墙黛瓦，薄雾缭绕', type: 'ink', kind: 'basic' },
  { title: '赛博城市', prompt: '雨夜的赛博朋克城市，霓虹灯倒映在湿漉漉的街道上', type: 'render3d', kind: 'basic' },
  { title: '橘猫', prompt: '一只胖橘猫趴在窗台上晒太阳，温暖的午后阳光', type: 'photo', kind: 'basic' },
  { title: '少女与樱花', prompt: '樱花树下的少女，花瓣随风飘落，日系动漫风格', type: 'anime', kind: 'basic' },
  { title: '向日葵田', prompt: '梵高风格的向日葵田野，旋转的星空', type: 'oil', kind: 'dalle3' },
  { title: '宇航员', prompt: 'An astronaut riding a horse on the moon, cinematic lighting, ultra detailed --ar 3:2', type: 'general', kind: 'mj' },
  { title: '古风庭院', prompt: 'A serene Chinese courtyard with a koi pond, autumn maple leaves, soft morning light --v 6', type: 'general', kind: 'mj' },
  { title: '山间小屋', prompt: '我想要一张雪山脚下的小木屋，屋里亮着温暖的灯光，天上有极光', type: 'general', kind: 'ai3' },
];

export const REWRITE_SYSTEM =
  'You turn a user\'s description (usually Chinese) into one English prompt for an image model. ' +
  'Keep every subject and detail the user asked for, add composition, lighting and style words, ' +
  'and answer with the prompt only: one paragraph, no quotes, no explanations, at most 80 words.';

/** Without a chat model: a template that keeps the text and adds style words, labelled as the offline demo. */
export function offlineRewrite(text: string) {
  return `[离线演示] ${text.replace(/\s+/g, ' ').trim()}, highly detailed, soft cinematic lighting, rich colors, 4k`;
}
