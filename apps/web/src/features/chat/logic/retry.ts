/**
 * SPEC §2.7: retry is offered only for models whose code contains ai_35, and only on the last
 * reply of the conversation.
 */
export const canRetry = (modelCode: string, isLastReply: boolean) => isLastReply && modelCode.includes('ai_35');
