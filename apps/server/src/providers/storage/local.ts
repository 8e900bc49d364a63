import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { UPLOAD_SLICE_BYTES } from '@app/shared';
import {
  checkUploadRequest,
  isSafeKey,
  partCount,
  partLength,
  UploadIncompleteError,
  type StorageProvider,
  type UploadPlan,
} from './types.ts';

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', bmp: 'image/bmp' };
export const LOCAL_URL_PREFIX = '/uploads/';
/** Where the browser PUTs the slices of a local upload: `<prefix><uploadId>/<partNumber>?expires=…&signature=…`. */
export const LOCAL_PART_URL_PREFIX = '/api/cos/upload/';

export const contentTypeOf = (key: string) => TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';

/** Uploads in progress live in `<root>/.parts/<uploadId>/`: keys cannot start with a dot, so this is outside every key. */
const PARTS_DIR = '.parts';
const META_FILE = 'meta.json';
const UPLOAD_ID = /^[a-f0-9]{32}$/;
const PART_NUMBER = /^[1-9][0-9]{0,4}$/;
const EXPIRES = /^[1-9][0-9]{0,12}$/;
const SIGNATURE = /^[a-f0-9]{64}$/;
const DAY_MS = 24 * 3600 * 1000;

interface UploadMeta {
  key: string;
  size: number;
  partSize: number;
  contentType: string;
  createdAt: number;
  expiresAt: number;
}

/** Why a slice PUT to the local store is refused; `status` is the HTTP status to answer with. */
export class PartRejectedError extends Error {
  constructor(
    readonly status: 400 | 403 | 404,
    message: string,
  ) {
    super(message);
  }
}

export const PART_CREDENTIAL_INVALID = '上传凭证无效或已过期';

export interface LocalStorageOptions {
  /** Signs the part URLs; random per instance when absent (then URLs die with the process). */
  signingSecret?: string;
}

const isErrno = (e: unknown, code: string) => (e as NodeJS.ErrnoException | null)?.code === code;

/** Files under `root`, served back by the app at /uploads/<key>; slices of uploads under `root/.parts`. */
export class LocalStorage implements StorageProvider {
  readonly name = 'local' as const;
  readonly partSize = UPLOAD_SLICE_BYTES;
  private root: string;
  private partsRoot: string;
  private secret: Buffer;
  /** Completions in progress in this process, so two calls for one upload share one join. */
  private completing = new Map<string, Promise<{ size: number }>>();

  constructor(
    root: string,
    /** Also recognised in `keyOf`, for URLs made absolute by a client. */
    private publicUrl = '',
    opts: LocalStorageOptions = {},
  ) {
    this.root = resolve(root);
    this.partsRoot = join(this.root, PARTS_DIR);
    this.secret = opts.signingSecret ? Buffer.from(opts.signingSecret, 'utf8') : randomBytes(32);
  }

  private path(key: string) {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    const p = join(this.root, key);
    if (!p.startsWith(this.root + sep)) throw new Error(`unsafe storage key: ${key}`);
    return p;
  }

  async put(key: string, body: Buffer, _contentType?: string) {
    const p = this.path(key);
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, body, { flag: 'wx' });
    return { key, url: LOCAL_URL_PREFIX + key };
  }

  async get(key: string) {
    if (!isSafeKey(key)) return null;
    try {
      return { body: await readFile(this.path(key)), contentType: contentTypeOf(key) };
    } catch (e) {
      if (isErrno(e, 'ENOENT') || isErrno(e, 'EISDIR')) return null;
      throw e;
    }
  }

  async delete(key: string) {
    if (isSafeKey(key)) await rm(this.path(key), { force: true });
  }

  keyOf(url: string) {
    let path = url;
    if (this.publicUrl && url.startsWith(this.publicUrl + '/')) path = url.slice(this.publicUrl.length);
    if (!path.startsWith(LOCAL_URL_PREFIX)) return null;
    const key = path.slice(LOCAL_URL_PREFIX.length);
    return isSafeKey(key) ? key : null;
  }

  // ---- uploads in slices ----

  private uploadDir(uploadId: string) {
    return join(this.partsRoot, uploadId);
  }

  private partFile(uploadId: string, partNumber: number) {
    return join(this.uploadDir(uploadId), `${partNumber}.part`);
  }

  private sign(uploadId: string, partNumber: number, expires: number) {
    return createHmac('sha256', this.secret).update(`${uploadId}:${partNumber}:${expires}`).digest('hex');
  }

  private async readMeta(uploadId: string): Promise<UploadMeta | null> {
    try {
      return JSON.parse(await readFile(join(this.uploadDir(uploadId), META_FILE), 'utf8')) as UploadMeta;
    } catch (e) {
      if (isErrno(e, 'ENOENT') || e instanceof SyntaxError) return null;
      throw e;
    }
  }

  async createUpload(key: string, size: number, contentType: string, expiresInSeconds: number, now: number): Promise<UploadPlan> {
    this.path(key);
    checkUploadRequest(size, expiresInSeconds, this.partSize);
    const uploadId = randomBytes(16).toString('hex');
    const expires = Math.floor(now / 1000) + expiresInSeconds;
    const meta: UploadMeta = { key, size, partSize: this.partSize, contentType, createdAt: now, expiresAt: expires * 1000 };
    await mkdir(this.uploadDir(uploadId), { recursive: true });
    await writeFile(join(this.uploadDir(uploadId), META_FILE), JSON.stringify(meta), { flag: 'wx' });
    const parts = Array.from({ length: partCount(size, this.partSize) }, (_, i) => {
      const partNumber = i + 1;
      const url = `${LOCAL_PART_URL_PREFIX}${uploadId}/${partNumber}?expires=${expires}&signature=${this.sign(uploadId, partNumber, expires)}`;
      return { partNumber, url, headers: {} };
    });
    return { uploadId, key, partSize: this.partSize, parts, expiresAt: meta.expiresAt, bucket: 'local', region: 'local' };
  }

  /**
   * Takes one slice PUT to a part URL: checks the signature, expiry, part number and length, and
   * stores it (a re-sent slice replaces the earlier one). Returns the slice's hex MD5. Throws
   * `PartRejectedError` (403 bad or expired URL, 404 unknown upload, 400 wrong part or size).
   */
  async acceptPart(
    uploadId: string,
    partNumber: string | number,
    expires: string | number,
    signature: string,
    body: Buffer | undefined,
    now: number,
  ): Promise<{ etag: string }> {
    const part = String(partNumber);
    const exp = String(expires);
    const denied = () => new PartRejectedError(403, PART_CREDENTIAL_INVALID);
    if (!UPLOAD_ID.test(uploadId) || !PART_NUMBER.test(part) || !EXPIRES.test(exp) || !SIGNATURE.test(signature)) throw denied();
    const n = Number(part);
    const expected = Buffer.from(this.sign(uploadId, n, Number(exp)), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw denied();
    if (now > Number(exp) * 1000) throw denied();

    const meta = await this.readMeta(uploadId);
    if (!meta) throw new PartRejectedError(404, '上传不存在或已结束');
    if (n > partCount(meta.size, meta.partSize)) throw new PartRejectedError(400, '分片序号无效');
    const length = body?.length ?? 0;
    if (length !== partLength(meta.size, meta.partSize, n)) throw new PartRejectedError(400, '分片大小不正确');

    const data = body ?? Buffer.alloc(0);
    const file = this.partFile(uploadId, n);
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, data);
      await rename(tmp, file);
    } catch (e) {
      await rm(tmp, { force: true }).catch(() => {});
      // The upload was completed or aborted while this slice was arriving.
      if (isErrno(e, 'ENOENT')) throw new PartRejectedError(404, '上传不存在或已结束');
      throw e;
    }
    return { etag: createHash('md5').update(data).digest('hex') };
  }

  completeUpload(key: string, uploadId: string, size: number): Promise<{ size: number }> {
    const running = this.completing.get(uploadId);
    if (running) return running;
    const job = this.complete(key, uploadId, size).finally(() => this.completing.delete(uploadId));
    this.completing.set(uploadId, job);
    return job;
  }

  private async complete(key: string, uploadId: string, size: number): Promise<{ size: number }> {
    const target = this.path(key);
    const meta = UPLOAD_ID.test(uploadId) ? await this.readMeta(uploadId) : null;
    if (!meta) {
      // Already completed (its slices are gone) — or never existed.
      try {
        const st = await stat(target);
        if (st.isFile()) return { size: st.size };
      } catch (e) {
        if (!isErrno(e, 'ENOENT')) throw e;
      }
      throw new UploadIncompleteError(`no upload ${uploadId} for ${key}`, 'no-upload');
    }
    if (meta.key !== key) throw new UploadIncompleteError(`upload ${uploadId} is not for ${key}`, 'no-upload');
    if (size !== meta.size) throw new UploadIncompleteError(`upload ${uploadId} was announced as ${meta.size} bytes, not ${size}`, 'wrong-size');

    const count = partCount(meta.size, meta.partSize);
    for (let n = 1; n <= count; n++) {
      let length: number;
      try {
        length = (await stat(this.partFile(uploadId, n))).size;
      } catch (e) {
        if (isErrno(e, 'ENOENT')) throw new UploadIncompleteError(`slice ${n} of ${count} is missing`, 'missing-part');
        throw e;
      }
      if (length !== partLength(meta.size, meta.partSize, n)) throw new UploadIncompleteError(`slice ${n} has ${length} bytes`, 'wrong-size');
    }

    // Join into a temporary file beside the slices, then move it into place in one step.
    const tmp = join(this.uploadDir(uploadId), `joined.${randomBytes(6).toString('hex')}.tmp`);
    const out = await open(tmp, 'wx');
    let written = 0;
    try {
      for (let n = 1; n <= count; n++) {
        const chunk = await readFile(this.partFile(uploadId, n));
        await out.write(chunk);
        written += chunk.length;
      }
      await out.sync();
    } finally {
      await out.close();
    }
    if (written !== size) {
      await rm(tmp, { force: true });
      throw new UploadIncompleteError(`the slices make ${written} bytes, not ${size}`, 'wrong-size');
    }
    await mkdir(dirname(target), { recursive: true });
    await rename(tmp, target);
    await rm(this.uploadDir(uploadId), { recursive: true, force: true });
    return { size: written };
  }

  async abortUpload(_key: string, uploadId: string): Promise<void> {
    if (UPLOAD_ID.test(uploadId)) await rm(this.uploadDir(uploadId), { recursive: true, force: true });
  }

  /** Removes uploads started more than a day before `now` and never completed; returns how many. */
  async sweepUploads(now: number): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.partsRoot);
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return 0;
      throw e;
    }
    let removed = 0;
    for (const name of names) {
      if (!UPLOAD_ID.test(name) || this.completing.has(name)) continue;
      const meta = await this.readMeta(name);
      let started = meta?.createdAt;
      if (started === undefined) started = await stat(this.uploadDir(name)).then((s) => s.mtimeMs, () => now);
      if (started < now - DAY_MS) {
        await rm(this.uploadDir(name), { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}
