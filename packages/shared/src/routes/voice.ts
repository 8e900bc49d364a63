import { speechBody, transcribeReply } from '../schemas/voice.ts';
import { defineRoutes } from './define.ts';

/** Voice in the chat: dictation into the composer and read-aloud of a reply. */
export const voiceRoutes = defineRoutes('voice', {
  transcribe: {
    method: 'POST',
    path: '/api/voice/transcribe',
    access: 'user',
    contentType: 'multipart/form-data',
    summary: '语音转文字（multipart：file 为一段录音，最长 60 秒）',
    response: transcribeReply,
  },
  speech: { method: 'POST', path: '/api/voice/speech', access: 'user', kind: 'file', summary: '朗读（返回 audio/mpeg）', body: speechBody },
});
