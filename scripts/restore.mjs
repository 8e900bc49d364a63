// `npm run restore -- <archive.tar.gz> [--force]`: unpacks a backup made by `npm run backup` into
// DATA_DIR (default ./data). DATA_DIR must be missing or empty; with --force an existing one is
// moved aside to DATA_DIR.before-restore-<time> first. The archive is checked before anything is
// touched (its backup.json, no absolute or `..` paths) and unpacked beside DATA_DIR, then moved
// into place. A PostgreSQL backup's postgres.sql is loaded into DATABASE_URL with psql (into an
// empty database or schema).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const args = process.argv.slice(2);
const force = args.includes('--force');
const archive = args.find((a) => !a.startsWith('--'));
const dataDir = resolve(process.env.DATA_DIR ?? './data');

const die = (message) => {
  console.error(`restore: ${message}`);
  process.exit(1);
};

if (!archive) die('usage: npm run restore -- <archive.tar.gz> [--force]');
if (!existsSync(archive)) die(`${archive} does not exist`);
const list = spawnSync('tar', ['-tzf', archive], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
if (list.error || list.status !== 0) die(`${archive} is not a readable .tar.gz${list.stderr ? `: ${list.stderr.trim()}` : ''}`);
const entries = list.stdout.split('\n').filter(Boolean);
const unsafe = entries.filter((e) => e.startsWith('/') || e.split('/').includes('..'));
if (unsafe.length) die(`refusing an archive with paths outside its folder: ${unsafe.slice(0, 3).join(', ')}`);
if (!entries.some((e) => e.replace(/^\.\//, '') === 'backup.json')) die(`${archive} has no backup.json: not a backup of this server`);

if (existsSync(dataDir) && readdirSync(dataDir).length) {
  if (!force) die(`DATA_DIR ${dataDir} is not empty: restore into an empty folder, or pass --force to move it aside first`);
  if (existsSync(join(dataDir, 'pglite', 'postmaster.pid'))) die(`the embedded database in ${dataDir} is open: stop the server first`);
}

const parent = dirname(dataDir);
mkdirSync(parent, { recursive: true });
const staging = join(parent, `.${basename(dataDir)}.restoring-${process.pid}`);
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging);
try {
  const tar = spawnSync('tar', ['-xzf', archive, '-C', staging, '--no-same-owner'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (tar.error || tar.status !== 0) die('unpacking failed');
  const manifest = JSON.parse(readFileSync(join(staging, 'backup.json'), 'utf8'));
  if (manifest.format !== 1) die(`unknown backup format ${manifest.format}`);
  if (manifest.database === 'postgres') {
    if (!process.env.DATABASE_URL) die('this is a PostgreSQL backup: set DATABASE_URL to the (empty) database to load it into');
    const psql = spawnSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-f', join(staging, 'postgres.sql'), process.env.DATABASE_URL], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (psql.error || psql.status !== 0) die('loading postgres.sql failed');
  }
  rmSync(join(staging, 'backup.json'));
  rmSync(join(staging, 'postgres.sql'), { force: true });
  if (existsSync(dataDir)) {
    const aside = `${dataDir}.before-restore-${Date.now()}`;
    if (readdirSync(dataDir).length) {
      renameSync(dataDir, aside);
      console.log(`restore: the previous DATA_DIR is kept at ${aside}`);
    } else rmSync(dataDir, { recursive: true });
  }
  renameSync(staging, dataDir);
  console.log(`restore: ${archive} (${manifest.database}, made ${manifest.createdAt}) restored into ${dataDir}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
