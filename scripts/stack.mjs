// `npm run stack`: the production shape on this machine, with one command. Two instances of the
// built server (apps/server/dist/main.js) on PostgreSQL (a schema of their own), Redis (a key prefix
// of their own) and S3-compatible storage (the protocol-speaking fake, unless S3_* are set), behind
// nginx running deploy/nginx.conf. Ctrl-C stops everything: nginx first, then the instances (they
// drain: open streams finish or are stopped with their partial replies saved), then the fake S3.
//
// Settings (environment): STACK_PORT (nginx, 3300; the instances take the next two ports),
// STACK_HOST (nginx's address, 127.0.0.1), STACK_PUBLIC_URL, DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/test), DATABASE_SCHEMA (stack), REDIS_URL
// (redis://127.0.0.1:6379), REDIS_PREFIX (<schema>:), S3_BUCKET/S3_ENDPOINT/S3_ACCESS_KEY_ID/
// S3_SECRET_ACCESS_KEY/S3_REGION (a real store instead of the fake), LOG_LEVEL (info),
// ADMIN_PASSWORD (else one made once and kept in data/stack/secrets.json), and any other server
// setting, which both instances receive. scripts/stack/ holds the nginx and fake-S3 helpers;
// apps/server/src/stack.stack-test.ts (`npm run test:stack`) uses startStack() below.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNginx, NGINX_INSTALL_HINT, renderNginxConfig } from './stack/nginx.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A prerequisite is missing (nginx, PostgreSQL, Redis): the message says what and how to fix it. */
export class StackMissing extends Error {}

/** Whether something accepts TCP connections at host:port. */
export function reachable(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const s = connect({ host, port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

function portFree(port, host) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, host, () => s.close(() => resolve(true)));
  });
}

const hostPort = (url, defaultPort) => {
  const u = new URL(url);
  return { host: u.hostname || '127.0.0.1', port: Number(u.port || defaultPort) };
};

/** What the stack needs, checked before anything starts; throws StackMissing naming the first gap. */
export async function checkPrerequisites(env = process.env) {
  const nginx = findNginx();
  if (!nginx) throw new StackMissing(NGINX_INSTALL_HINT);
  const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  const pg = hostPort(databaseUrl, 5432);
  if (!(await reachable(pg.host, pg.port))) throw new StackMissing(`PostgreSQL is not reachable at ${pg.host}:${pg.port} (set DATABASE_URL).`);
  const redis = hostPort(redisUrl, 6379);
  if (!(await reachable(redis.host, redis.port))) throw new StackMissing(`Redis is not reachable at ${redis.host}:${redis.port} (set REDIS_URL).`);
  return { nginx, databaseUrl, redisUrl };
}

/** Secrets every instance must share, made once per data directory and kept there. */
function stackSecrets(dataDir) {
  const file = join(dataDir, 'secrets.json');
  let saved = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* first start */
  }
  const made = {
    PAY_SANDBOX_SECRET: randomBytes(32).toString('hex'),
    UPLOAD_SIGNING_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    METRICS_TOKEN: randomBytes(24).toString('hex'),
    ADMIN_PASSWORD: `Stack-${randomBytes(6).toString('hex')}`,
  };
  const secrets = { ...made, ...saved };
  writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

/** Resolves with the exit code (or signal) once the child has exited; at once when it already has. */
const exited = (proc) =>
  proc.exitCode !== null || proc.signalCode !== null
    ? Promise.resolve(proc.exitCode ?? proc.signalCode)
    : new Promise((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal)));

async function stopProcess(proc, signal, timeoutMs) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  proc.kill(signal);
  const timer = sleep(timeoutMs).then(() => 'timeout');
  if ((await Promise.race([exited(proc), timer])) === 'timeout') {
    proc.kill('SIGKILL');
    await exited(proc);
  }
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Polls url until it answers 200; fails early when `proc` exits. */
async function waitReady(url, proc, timeoutMs, what, logFile) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc && (proc.exitCode !== null || proc.signalCode !== null)) {
      throw new Error(`${what} exited (${proc.exitCode ?? proc.signalCode}) before it was ready${logFile ? `:\n${tail(logFile)}` : ''}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await sleep(200);
  }
  throw new Error(`${what} not ready at ${url} after ${timeoutMs} ms${logFile ? `:\n${tail(logFile)}` : ''}`);
}

/**
 * Starts the stack and resolves once nginx answers /api/health and both instances /api/ready.
 * opts: port, host, instancePorts, schema, redisPrefix, dataDir, env (extra settings for both
 * instances), build (default true: build the server when dist/main.js is missing), quiet.
 */
export async function startStack(opts = {}) {
  const env = process.env;
  const { nginx, databaseUrl, redisUrl } = await checkPrerequisites(env);
  const port = Number(opts.port ?? env.STACK_PORT ?? 3300);
  const host = opts.host ?? env.STACK_HOST ?? '127.0.0.1';
  const instancePorts = opts.instancePorts ?? [port + 1, port + 2];
  const schema = opts.schema ?? env.DATABASE_SCHEMA ?? 'stack';
  const redisPrefix = opts.redisPrefix ?? env.REDIS_PREFIX ?? `${schema}:`;
  const dataDir = opts.dataDir ?? join(root, 'data', 'stack');
  const say = opts.quiet ? () => {} : (m) => console.log(m);
  const publicHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${publicHost}:${port}`;

  for (const [p, h] of [[port, host], ...instancePorts.map((p) => [p, '127.0.0.1'])]) {
    if (!(await portFree(p, h))) throw new Error(`port ${p} is in use (set STACK_PORT to move the stack: nginx on it, the instances on the next two)`);
  }

  const main = join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) {
    if (opts.build === false) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
    say('== building (npm run build)');
    const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('npm run build failed');
  }

  mkdirSync(join(dataDir, 'logs'), { recursive: true });
  const secrets = stackSecrets(dataDir);
  const run = mkdtempSync(join(tmpdir(), 'ai-stack-'));
  const children = new Set();
  const track = (proc) => {
    children.add(proc);
    proc.once('exit', () => children.delete(proc));
    return proc;
  };
  // Each child in a process group of its own: a Ctrl-C reaches this script only, which then stops them in order.
  const spawnOpts = (extraEnv, logFile) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    return { out, opts: { cwd: root, env: { ...env, ...extraEnv }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] } };
  };

  // S3-compatible storage: the fake unless a real store is configured.
  let s3Env;
  let s3Proc = null;
  if (env.S3_BUCKET) {
    s3Env = {};
    say(`== storage: S3 bucket ${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ''}`);
  } else {
    const creds = { S3_BUCKET: 'stack', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'stack', S3_SECRET_ACCESS_KEY: randomBytes(16).toString('hex') };
    const logFile = join(dataDir, 'logs', 'fake-s3.log');
    const { out, opts: o } = spawnOpts(creds, logFile);
    s3Proc = track(spawn(process.execPath, ['--import', 'tsx', join(root, 'scripts/stack/fake-s3.mjs')], o));
    s3Proc.stderr.pipe(out);
    const endpoint = await new Promise((resolve, reject) => {
      let buf = '';
      s3Proc.stdout.on('data', (d) => {
        buf += d;
        const m = /S3_ENDPOINT=(\S+)/.exec(buf);
        if (m) resolve(m[1]);
      });
      s3Proc.once('exit', (code) => reject(new Error(`the fake S3 exited (${code}):\n${tail(logFile)}`)));
    });
    s3Env = { ...creds, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1' };
    say(`== storage: the fake S3 at ${endpoint} (objects in memory, gone when the stack stops)`);
  }

  const common = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PUBLIC_URL: opts.publicUrl ?? env.STACK_PUBLIC_URL ?? url,
    TRUST_PROXY: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    DEMO_MODE: env.DEMO_MODE ?? '1',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? '5000',
    ...secrets,
    ...(env.ADMIN_PASSWORD ? { ADMIN_PASSWORD: env.ADMIN_PASSWORD } : {}),
    ...s3Env,
    ...opts.env,
  };

  const instances = instancePorts.map((p, i) => {
    const name = String.fromCharCode(65 + i);
    const logFile = join(dataDir, 'logs', `instance-${name}.log`);
    const inst = {
      name,
      port: p,
      url: `http://127.0.0.1:${p}`,
      logFile,
      proc: null,
      /** Starts (or restarts) this instance; resolves when /api/ready answers 200. */
      async start() {
        const { out, opts: o } = spawnOpts({ ...common, PORT: String(p) }, logFile);
        inst.proc = track(spawn(process.execPath, ['--max-semi-space-size=4', main], o));
        inst.proc.stdout.pipe(out);
        inst.proc.stderr.pipe(out);
        await waitReady(`${inst.url}/api/ready`, inst.proc, 90_000, `instance ${name} (port ${p})`, logFile);
      },
      /** Sends a signal (SIGTERM drains; SIGKILL is a crash) and waits for the exit. */
      async stop(signal = 'SIGTERM') {
        await stopProcess(inst.proc, signal, Number(common.SHUTDOWN_GRACE_MS) + 15_000);
      },
    };
    return inst;
  });

  let nginxProc = null;
  const stop = async () => {
    await stopProcess(nginxProc, 'SIGQUIT', 5000);
    await Promise.all(instances.map((i) => i.stop('SIGTERM')));
    await stopProcess(s3Proc, 'SIGTERM', 5000);
    rmSync(run, { recursive: true, force: true });
  };

  try {
    say(`== PostgreSQL ${databaseUrl.replace(/:[^:@/]*@/, ':***@')} (schema ${schema}), Redis ${redisUrl} (prefix ${redisPrefix})`);
    say(`== starting instances on ports ${instancePorts.join(', ')} (logs in ${join(dataDir, 'logs')})`);
    // All at once: creating the schema and the migrations are each under an advisory lock.
    await Promise.all(instances.map((i) => i.start()));

    const template = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
    const conf = join(run, 'nginx.conf');
    writeFileSync(conf, renderNginxConfig(template, { listen: `${host}:${port}`, upstreams: instances.map((i) => `127.0.0.1:${i.port}`), dir: run }));
    const test = spawnSync(nginx, ['-t', '-q', '-e', join(run, 'error.log'), '-p', run, '-c', conf], { encoding: 'utf8' });
    if (test.status !== 0) throw new Error(`nginx -t refused the generated ${conf}:\n${test.stderr}`);
    const logFile = join(dataDir, 'logs', 'nginx.log');
    const { out, opts: o } = spawnOpts({}, logFile);
    nginxProc = track(spawn(nginx, ['-e', join(run, 'error.log'), '-p', run, '-c', conf], o));
    nginxProc.stdout.pipe(out);
    nginxProc.stderr.pipe(out);
    await waitReady(`${url}/api/health`, nginxProc, 15_000, 'nginx', join(run, 'error.log'));
  } catch (e) {
    await stop();
    throw e;
  }

  // A hard exit of this script must not leave the children behind.
  process.once('exit', () => {
    for (const c of children) c.kill('SIGKILL');
  });

  return { url, instances, nginxConf: join(run, 'nginx.conf'), env: common, secrets, stop };
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  let stack;
  try {
    stack = await startStack();
  } catch (e) {
    console.error(`stack: ${e instanceof Error ? e.message : e}`);
    process.exit(e instanceof StackMissing ? 2 : 1);
  }
  console.log('');
  console.log(`  The stack is up: ${stack.url}`);
  for (const i of stack.instances) console.log(`    instance ${i.name}: ${i.url}  (log ${i.logFile})`);
  console.log(`    administrator: ${stack.env.ADMIN_USERNAME ?? 'admin'} / ${stack.env.ADMIN_PASSWORD}`);
  console.log('  Ctrl-C stops everything.');
  let stopping = false;
  const onSignal = async (signal) => {
    if (stopping) {
      console.log('stack: stopping now (second signal)');
      process.exit(1);
    }
    stopping = true;
    console.log(`\nstack: ${signal}: stopping nginx, draining the instances, stopping the storage...`);
    await stack.stop();
    console.log('stack: stopped');
    process.exit(0);
  };
  process.on('SIGINT', (s) => void onSignal(s));
  process.on('SIGTERM', (s) => void onSignal(s));
  // An instance that dies on its own is reported (nginx keeps serving through the other one).
  for (const i of stack.instances) {
    i.proc.once('exit', (code, signal) => {
      if (!stopping) console.error(`stack: instance ${i.name} exited (${code ?? signal}); see ${i.logFile}`);
    });
  }
}
