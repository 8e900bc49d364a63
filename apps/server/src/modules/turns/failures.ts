import { Code } from '@app/shared';
import type { LlmError } from '../../providers/llm/types.ts';

/** What the user is told when the upstream fails; the details go to the log. */
export function describeFailure(e: LlmError): { code: number; message: string } {
  switch (e.kind) {
    case 'auth':
      return { code: Code.CHAT_UNAVAILABLE, message: '模型服务暂不可用（密钥无效或已停用），请联系管理员' };
    case 'quota':
      return { code: Code.CHAT_UNAVAILABLE, message: '模型服务账户余额不足（额度已用尽），请联系管理员' };
    case 'context_length':
      return { code: Code.CHAT_UPSTREAM, message: '对话过长，超出了模型能读取的长度，请新建对话后再试' };
    case 'content_filter':
      return { code: Code.CHAT_UPSTREAM, message: '内容未通过模型服务的安全审核，请修改后重试' };
    case 'refused':
      return { code: Code.CHAT_UNAVAILABLE, message: '无法连接模型服务，请稍后再试' };
    case 'rate_limit':
      return { code: Code.CHAT_RATE_LIMITED, message: '模型服务繁忙，请稍后再试' };
    case 'timeout':
      return { code: Code.CHAT_TIMEOUT, message: '模型服务响应超时，请稍后再试' };
    case 'cut':
      return { code: Code.CHAT_UPSTREAM, message: '回复意外中断，请重试' };
    case 'bad_request':
      return { code: Code.CHAT_UPSTREAM, message: '模型服务拒绝了本次请求，请调整内容后重试' };
    default:
      return { code: Code.CHAT_UPSTREAM, message: '模型服务出错，请稍后再试' };
  }
}
