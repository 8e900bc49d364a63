// `npm run backup [-- <archive.tar.gz>] [--force]`: the embedded database (DATA_DIR/pglite) and
// the uploaded files (DATA_DIR/uploads, with the upload signing secret) in one .tar.gz, with a
// backup.json describing it. The embedded database is copied as files, so the server must be
// stopped (a running PGlite keeps DATA_DIR/pglite/postmaster.pid; --force copies anyway).
// With DATABASE_URL (PostgreSQL) the database is dumped with pg_dump (plain SQL) into the archive
// as postgres.sql, when pg_dump is on PATH.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const args = process.argv.slice(2);
const force = args.includes('--force');
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const out = resolve(args.find((a) => !a.startsWith('--')) ?? join('backups', `backup-${stamp}.tar.gz`));

const die = (message) => {
  console.error(`backup: ${message}`);
  process.exit(1);
};

if (!existsSync(dataDir)) die(`DATA_DIR ${dataDir} does not exist`);
const rel = relative(dataDir, out);
if (!rel.startsWith('..') && !rel.startsWith('/')) die(`the archive ${out} must not be inside DATA_DIR (${dataDir})`);
const databaseUrl = process.env.DATABASE_URL;
const pglite = join(dataDir, 'pglite');
if (!databaseUrl && existsSync(join(pglite, 'postmaster.pid')) && !force) {
  die(`the embedded database is open (${join(pglite, 'postmaster.pid')}): stop the server first (or pass --force if it crashed)`);
}

const staging = mkdtempSync(join(tmpdir(), 'ai-backup-'));
try {
  const contents = readdirSync(dataDir).filter((n) => n !== 'backup.json');
  const manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: databaseUrl ? 'postgres' : 'pglite',
    contents,
  };
  if (databaseUrl) {
    const dump = spawnSync(
      'pg_dump',
      ['--no-owner', '--no-privileges', ...(process.env.DATABASE_SCHEMA ? ['--schema', process.env.DATABASE_SCHEMA] : []), '-f', join(staging, 'postgres.sql'), databaseUrl],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (dump.error || dump.status !== 0) die(`pg_dump failed${dump.error ? `: ${dump.error.message}` : ''} (is it installed?)`);
    manifest.schema = process.env.DATABASE_SCHEMA ?? 'public';
  }
  writeFileSync(join(staging, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const staged = readdirSync(staging);
  const tar = spawnSync('tar', ['-czf', partial, '-C', staging, ...staged, '-C', dataDir, ...contents], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (tar.error || tar.status !== 0) {
    rmSync(partial, { force: true });
    die(`tar failed${tar.error ? `: ${tar.error.message}` : ''}`);
  }
  renameSync(partial, out);
  console.log(`backup: ${out} (${(statSync(out).size / 1024 / 1024).toFixed(1)} MB; ${manifest.database}; ${contents.join(', ') || 'empty'})`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
