import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';

const here = dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, { webDist: join(here, '../../web/dist') });
const { app, ctx } = await buildApp({ config });

const shutdown = async (signal: string) => {
  app.log.info(`${signal} received, closing`);
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `ready on ${config.publicUrl} · db=${ctx.database.kind} kv=${ctx.kv.kind} sms=${ctx.sms.name} wechat=${ctx.wechat.name}`,
);
