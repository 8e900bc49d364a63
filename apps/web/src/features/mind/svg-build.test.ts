import { describe, expect, it } from 'vitest';
import { buildMindSvg, type PlacedNode } from './svg-build.ts';

const measure = (s: string) => Array.from(s).reduce((w, ch) => w + (/[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 15 : 8), 0);
const style = {
  measure,
  maxWidth: 280,
  paddingX: 10,
  fontFamily: '"PingFang SC", "Microsoft YaHei", "WenQuanYi Zen Hei", sans-serif',
  fontSize: 15,
  lineHeight: 20,
  ascent: 13,
  descent: 3,
  textColor: '#1f2937',
  background: '#ffffff',
  pad: 24,
};

const LONG = '检索增强生成先从知识库中找出与问题相关的段落，再交给大模型作答，从而获得真实内容';
const node = (text: string, x: number, y: number, children: PlacedNode[] = [], lines = 1): PlacedNode => ({
  text, x, y, width: Math.min(300, measure(text) + 20), height: lines * 20, color: '#1f77b4', line: 2, folded: false, hasChildren: children.length > 0, children,
});

const map = node('RAG 与 <大模型> & 幻觉', 0, 40, [node(LONG, 200, 0, [], 3), node('短节点', 200, 80, [node('叶子', 400, 80)])]);

function parse(svg: string) {
  const doc = new DOMParser().parseFromString(svg.replace(/^<\?xml[^>]*>\n/, ''), 'image/svg+xml');
  return doc.documentElement;
}

describe('the exported SVG', () => {
  const built = buildMindSvg(map, style);
  const root = parse(built.svg);

  it('has every label in full as <text>/<tspan>, and no foreignObject', () => {
    expect(built.svg).not.toContain('foreignObject');
    const texts = Array.from(root.getElementsByTagName('text')).map((t) => Array.from(t.getElementsByTagName('tspan')).map((s) => s.textContent).join(''));
    expect(texts).toEqual(['RAG 与 <大模型> & 幻觉', LONG, '短节点', '叶子']);
  });

  it('wraps a sentence into lines no wider than the node, one tspan each, 20 px apart', () => {
    const long = Array.from(root.getElementsByTagName('text'))[1]!;
    const spans = Array.from(long.getElementsByTagName('tspan'));
    expect(spans.length).toBe(3);
    for (const s of spans) expect(measure(s.textContent ?? '')).toBeLessThanOrEqual(280.5);
    const ys = spans.map((s) => Number(s.getAttribute('y')));
    expect(ys[1]! - ys[0]!).toBe(20);
    expect(spans.every((s) => s.getAttribute('x') === '210')).toBe(true);
  });

  it('names a CJK font stack and colours on the elements themselves (no CSS for other programs to miss)', () => {
    const text = root.getElementsByTagName('text')[0]!;
    expect(text.getAttribute('font-family')).toContain('Microsoft YaHei');
    expect(text.getAttribute('fill')).toBe('#1f2937');
    expect(built.svg).not.toContain('<style');
    expect(built.svg).not.toContain('var(');
    expect(root.getElementsByTagName('path').length).toBe(3);
    expect(root.getElementsByTagName('circle').length).toBe(2);
  });

  it('is as large as the map plus its margin, the wrapped text inside', () => {
    expect(built.width).toBe(Number(root.getAttribute('width')));
    expect(built.width).toBeGreaterThanOrEqual(400 + measure('叶子') + 20 + 48);
    expect(built.height).toBeGreaterThanOrEqual(100 + 48);
  });

  it('escapes what XML forbids', () => {
    const { svg } = buildMindSvg(node('a\u0001b"c', 0, 0), style);
    expect(svg).toContain('ab&quot;c');
    expect(parse(svg).getElementsByTagName('tspan')[0]!.textContent).toBe('ab"c');
  });
});
