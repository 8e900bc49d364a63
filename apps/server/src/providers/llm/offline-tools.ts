/**
 * The offline model's answers for the tools built on chat turns (mind map, translation): shaped
 * like the real thing, clearly labelled 离线演示. The caller says which tool through
 * `LlmRequest.offline`; a real upstream never sees that hint.
 */

export type OfflineHint = { kind: 'mind'; prompt: string } | { kind: 'translate'; text: string; from: string; to: string } | { kind: 'search'; sources: { title: string }[] };

const clean = (s: string) => s.replace(/[`*_#[\]<>|]/g, '').replace(/\s+/g, ' ').trim();
const clip = (s: string, n: number) => (Array.from(s).length > n ? `${Array.from(s).slice(0, n).join('')}…` : s);

/** The topic of a prompt: its first heading or first line, short. */
export function topicOf(prompt: string): string {
  const lines = prompt.split('\n').map((l) => l.trim()).filter(Boolean);
  const heading = lines.find((l) => /^#{1,6}\s/.test(l));
  return clip(clean((heading ?? lines[0] ?? '').replace(/^#+\s*/, '')), 24) || '我的主题';
}

/** The sentences of a pasted text, each short (for a branch of the map). */
function keyPoints(prompt: string, max: number): string[] {
  const sentences = prompt
    .split(/[。！？!?；;\n]+|\.\s+/)
    .map((s) => clean(s))
    .filter((s) => Array.from(s).length >= 4);
  return sentences.slice(1, 1 + max).map((s) => clip(s, 28));
}

/** A mind-map outline of the topic: a root, six branches, two to three levels below each. */
export function offlineMindMap(prompt: string, modelLabel = '当前模型'): string {
  const t = topicOf(prompt);
  const points = Array.from(prompt).length > 40 ? keyPoints(prompt, 6) : [];
  const lines = [
    `# ${t}`,
    '',
    '## 基本概念',
    `### ${t}是什么`,
    '- 定义与核心含义',
    '- 涉及的范围与边界',
    '### 相关术语',
    '- 常见说法',
    '- 容易混淆的概念',
    '## 发展脉络',
    '### 起源',
    '- 提出的背景',
    '- 最初要解决的问题',
    '### 关键阶段',
    '- 早期探索',
    '- 快速发展',
    '- 走向成熟',
    '## 核心要素',
    '### 基本原理',
    '- 底层逻辑',
    '- 主要方法',
    '### 组成部分',
    '- 关键环节',
    '- 相互关系',
    '## 应用场景',
    '### 个人',
    '- 学习与成长',
    '- 日常生活',
    '### 组织',
    '- 提升效率',
    '- 辅助决策',
  ];
  if (points.length) {
    lines.push('## 原文要点');
    points.forEach((p, i) => lines.push(`### 要点 ${i + 1}`, `- ${p}`));
  }
  lines.push(
    '## 优势与挑战',
    '### 优势',
    '- 降低门槛',
    '- 提高质量',
    '### 挑战',
    '- 成本与资源',
    '- 风险与误区',
    '## 离线演示',
    '### 说明',
    `- 「${clip(clean(modelLabel), 16)}」尚未配置模型密钥`,
    '- 本导图由本地演示程序按通用框架生成',
    '- 配置 OPENAI_API_KEY 后即可获得真实内容',
  );
  return lines.join('\n');
}

/** An honest stand-in for a translation: the text back, paragraph by paragraph, under a label. */
export function offlineTranslation(text: string, fromLabel: string, toLabel: string, modelLabel = '当前模型'): string {
  const paragraphs = text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean);
  return [
    `【离线演示】「${clip(clean(modelLabel), 16)}」尚未配置模型密钥，无法真正翻译（${fromLabel} → ${toLabel}）。以下为原文逐段回显：`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
  ]
    .join('\n')
    .trimEnd();
}
