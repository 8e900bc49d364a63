import { TOOL_ERROR_PREFIX, type LlmMessage, type LlmToolCall, type LlmToolDef } from './types.ts';

/**
 * The offline model with tools (a fresh clone shows the flow): asked with tools and no result yet
 * since the last question, it calls the first tool with arguments made from its schema's required
 * fields (text fields get the question); given results, it answers with them, labelled 离线演示.
 */
export function offlineToolStep(messages: LlmMessage[], tools: LlmToolDef[], modelLabel: string): { text: string; calls?: LlmToolCall[] } {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
  const question = questionText(messages[lastUser]);
  if (!results.length) {
    const tool = tools[0]!;
    return {
      text: `> **离线演示**：「${modelLabel}」尚未配置模型密钥，演示调用工具 \`${tool.name}\`。\n\n`,
      calls: [{ id: 'offline_call_1', name: tool.name, arguments: JSON.stringify(argumentsFor(tool.parameters, question)) }],
    };
  }
  const calls = messages.slice(lastUser + 1).flatMap((m) => m.toolCalls ?? []);
  const failed = (text: string) => text.startsWith(TOOL_ERROR_PREFIX);
  const lines = results.map((r) => {
    const name = calls.find((c) => c.id === r.toolCallId)?.name ?? '工具';
    const text = typeof r.content === 'string' ? r.content : '';
    if (failed(text)) return `工具 \`${name}\` 没有结果：${text.slice(TOOL_ERROR_PREFIX.length)}`;
    const shown = Array.from(text).slice(0, 600).join('') + (Array.from(text).length > 600 ? '…' : '');
    return `工具 \`${name}\` 返回：\n\n\`\`\`text\n${shown.replace(/```/g, '`\u200b``')}\n\`\`\``;
  });
  const anyResult = results.some((r) => !failed(typeof r.content === 'string' ? r.content : ''));
  const head = anyResult
    ? '**离线演示**：以下是工具的真实结果，回答由本地演示程序拼接，并非真实的 AI 回答。'
    : '**离线演示**：工具没有返回结果，回答由本地演示程序拼接，并非真实的 AI 回答。';
  return { text: [head, '', ...lines].join('\n') };
}

function questionText(m: LlmMessage | undefined): string {
  if (!m) return '';
  return typeof m.content === 'string' ? m.content : m.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
}

/** Values for the schema's required fields: strings take the question, numbers 1, booleans true. */
export function argumentsFor(schema: Record<string, unknown>, question: string): Record<string, unknown> {
  const props = (schema.properties ?? {}) as Record<string, { type?: string | string[]; enum?: unknown[]; default?: unknown }>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const out: Record<string, unknown> = {};
  for (const key of required) {
    const p = props[key] ?? {};
    const type = Array.isArray(p.type) ? p.type[0] : p.type;
    out[key] =
      p.default !== undefined
        ? p.default
        : p.enum?.length
          ? p.enum[0]
          : type === 'number' || type === 'integer'
            ? 1
            : type === 'boolean'
              ? true
              : type === 'array'
                ? []
                : type === 'object'
                  ? {}
                  : question.slice(0, 200) || '离线演示';
  }
  return out;
}
