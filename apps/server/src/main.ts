import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, LISTEN_BACKLOG, shutdownGraceMs } from './app.ts';
import { loadConfig } from './config.ts';

const here = dirname(fileURLToPath(import.meta.url));
const config = loadConfig(process.env, { webDist: join(here, '../../web/dist') });
const { app, ctx } = await buildApp({ config });

/**
 * Graceful shutdown: new requests get 503 (the proxy tries the other instance), open turns may run
 * to their end for SHUTDOWN_GRACE_MS and are then stopped with their partial replies saved; what
 * still holds a connection after that (job progress streams, which clients reopen elsewhere) is cut.
 * A second signal exits at once.
 */
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) {
    app.log.warn(`${signal} received again, exiting now`);
    process.exit(1);
  }
  closing = true;
  const grace = shutdownGraceMs(config);
  app.log.info({ graceMs: grace }, `${signal} received, closing`);
  setTimeout(() => app.server.closeAllConnections(), grace + 5_000).unref();
  setTimeout(() => {
    app.log.error('shutdown took too long, exiting');
    process.exit(1);
  }, grace + 30_000).unref();
  try {
    await app.close();
  } catch (e) {
    app.log.error({ err: e }, 'closing failed');
    process.exit(1);
  }
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// A burst of new connections (a thousand users sending at once) overflows Node's default accept
// queue of 511, and each connection dropped there waits a second for the client's SYN retry.
await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
app.log.info(
  `ready on ${config.publicUrl} · db=${ctx.database.kind} kv=${ctx.kv.kind} sms=${ctx.sms.name} wechat=${ctx.wechat.name}`,
);
