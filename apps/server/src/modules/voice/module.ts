import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { VOICE_AUDIO_MAX_BYTES } from '@app/shared';
import { routes } from '@app/shared/routes';
import type { AppContext } from '../../core/context.ts';
import { readMultipart } from '../../core/multipart.ts';
import { ok } from '../../core/reply.ts';
import { route } from '../../core/routes.ts';
import { audioFromEnv, type OpenAiAudio } from '../../providers/audio/openai-audio.ts';
import { VoiceService } from './service.ts';

const r = routes.voice;

/** Voice: dictation (a recorded clip, hence multipart in this scope) and read-aloud. */
export async function registerVoice(
  app: FastifyInstance,
  ctx: AppContext,
  { options: { audio = audioFromEnv(ctx.config.env) } = {} }: { options?: { audio?: OpenAiAudio | null } } = {},
) {
  await app.register(fastifyMultipart, { limits: { fileSize: VOICE_AUDIO_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const voice = new VoiceService(audio, ctx.kv, app.log);

  route(app, r.transcribe, async ({ req, actor }) => {
    let clip = null as Buffer | null;
    await readMultipart(req, { notMultipart: '请以 multipart/form-data 上传录音', tooLarge: '录音太长了，请分段输入', tooMany: '一次只能上传一段录音' }, async (part) => {
      if (part.type === 'file' && part.fieldname === 'file' && !clip) clip = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    });
    return ok(await voice.transcribe(actor.id, clip ?? Buffer.alloc(0)));
  });

  route(app, r.speech, async ({ actor, body, reply }) => {
    const audio = await voice.speech(actor.id, body.text);
    return reply.header('Content-Type', 'audio/mpeg').header('Cache-Control', 'no-store').send(audio);
  });
}
