import { describe, expect, it, vi } from 'vitest';
import type { DocumentQueryReply, UploadSignatureReply } from '@app/shared';
import { UPLOAD_SLICE_BYTES } from '@app/shared/constants';
import { fileSuffix, isAccepted, pollParse, sliceFile, UploadFailure, uploadDocument, withHttps, type UploadDeps } from './upload.ts';

const MB = 1024 * 1024;
const ACCEPT = ['pdf', 'docx', 'txt', 'md', 'png', 'jpg', 'jpeg'];

/** A file of `size` bytes whose byte i is i % 251, so slices can be checked by content. */
function fileOf(name: string, size: number) {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = i % 251;
  return new File([bytes], name);
}

const query = (patch: Partial<DocumentQueryReply> = {}): DocumentQueryReply => ({ token: 't'.repeat(32), status: 1, name_status: 0, title: '报告', error: null, pages: null, ...patch });

function signature(size: number, patch: Partial<UploadSignatureReply> = {}): UploadSignatureReply {
  const count = Math.max(1, Math.ceil(size / UPLOAD_SLICE_BYTES));
  return {
    secret_id: 'up1',
    secret_key: 'k',
    token: 'ticket-'.padEnd(24, 'x'),
    start_time: 0,
    expire_time: 0,
    bucket: 'local',
    region: 'local',
    key: 'documents/1/a.pdf',
    location: '//files.example.com/documents/1/a.pdf',
    part_size: UPLOAD_SLICE_BYTES,
    // Out of order on purpose: the slices go in part_number order.
    parts: Array.from({ length: count }, (_, i) => ({ part_number: i + 1, url: `/upload/part/${i + 1}`, headers: { 'x-part': String(i + 1) } })).reverse(),
    ...patch,
  };
}

function deps(size: number, patch: Partial<UploadDeps> = {}) {
  const log: string[] = [];
  const put: { n: number; size: number; first: number }[] = [];
  const polls = [query({ status: 0 }), query({ status: 1 }), query({ status: 2, name_status: 0 }), query({ status: 2, name_status: 1, pages: 12 })];
  const d: UploadDeps = {
    preAdd: vi.fn(async (q) => {
      log.push(`pre_add ${q.file_name} ${q.file_ext} ${q.file_size}`);
      return { accept_types: ACCEPT, max_size: 50 * MB, used: 0, limit: 50 };
    }),
    signature: vi.fn(async () => {
      log.push('signature');
      return signature(size);
    }),
    putPart: vi.fn(async (part, blob, onProgress) => {
      const first = new Uint8Array(await blob.slice(0, 1).arrayBuffer())[0] ?? -1;
      put.push({ n: part.part_number, size: blob.size, first });
      log.push(`put ${part.part_number}`);
      onProgress(blob.size / 2);
      onProgress(blob.size);
    }),
    add: vi.fn(async (body) => {
      log.push(`add ${body.files} ${body.upload_token.slice(0, 6)} ${body.name} ${body.file_size} ${body.file_ext}`);
      return { token: 'd'.repeat(32) };
    }),
    query: vi.fn(async () => {
      log.push('query');
      return polls.shift() ?? query({ status: 2, name_status: 1 });
    }),
    sleep: vi.fn(async () => {}),
    ...patch,
  };
  return { d, log, put };
}

describe('file checks', () => {
  it('reads the suffix, lower case, without the dot', () => {
    expect(fileSuffix('报告.PDF')).toBe('pdf');
    expect(fileSuffix('a.b.docx')).toBe('docx');
    expect(fileSuffix('README')).toBe('');
    expect(fileSuffix('.hidden')).toBe('hidden');
  });

  it('accepts only the suffixes of accept_types (SPEC §5)', () => {
    expect(isAccepted('报告.PDF', ACCEPT)).toBe(true);
    expect(isAccepted('长图.jpeg', ['.JPEG'])).toBe(true);
    expect(isAccepted('表格.xlsx', ACCEPT)).toBe(false);
    expect(isAccepted('无后缀', ACCEPT)).toBe(false);
    expect(isAccepted('a.pdf.exe', ACCEPT)).toBe(false);
  });

  it('keeps an https location and prefixes a protocol-relative one', () => {
    expect(withHttps('//cos.example.com/a.pdf')).toBe('https://cos.example.com/a.pdf');
    expect(withHttps('https://cos.example.com/a.pdf')).toBe('https://cos.example.com/a.pdf');
    expect(withHttps('documents/1/a.pdf')).toBe('documents/1/a.pdf');
  });
});

describe('sliceFile', () => {
  it('cuts 5 MB slices in order, the last one shorter', async () => {
    const file = fileOf('a.pdf', 12 * MB + 3);
    const slices = sliceFile(file);
    expect(slices.map((s) => s.size)).toEqual([5 * MB, 5 * MB, 2 * MB + 3]);
    // Together they are the file, byte for byte.
    const joined = new Uint8Array(await new Blob(slices).arrayBuffer());
    const original = new Uint8Array(await file.arrayBuffer());
    expect(joined.length).toBe(original.length);
    expect(joined[5 * MB]).toBe(original[5 * MB]);
    expect(joined.every((b, i) => b === original[i])).toBe(true);
  });

  it('gives one slice at exactly 5 MB, two at one byte more, one for an empty file', () => {
    expect(sliceFile(fileOf('a.pdf', 5 * MB)).map((s) => s.size)).toEqual([5 * MB]);
    expect(sliceFile(fileOf('a.pdf', 5 * MB + 1)).map((s) => s.size)).toEqual([5 * MB, 1]);
    expect(sliceFile(fileOf('a.pdf', 0)).map((s) => s.size)).toEqual([0]);
    expect(sliceFile(fileOf('a.pdf', 10), 4).map((s) => s.size)).toEqual([4, 4, 2]);
  });
});

describe('uploadDocument', () => {
  it('gets credentials, PUTs every slice in order, pre-checks, adds, then polls until status 2 with name_status 1 (SPEC §4.8 order)', async () => {
    const size = 11 * MB;
    const { d, log, put } = deps(size);
    const progress: number[] = [];
    const phases: string[] = [];
    const done = await uploadDocument(fileOf('季度报告.pdf', size), ACCEPT, d, new AbortController().signal, {
      onUploading: () => phases.push('uploading'),
      onProgress: (p) => progress.push(p),
      onParsing: (token) => phases.push(`parsing ${token.slice(0, 4)}`),
    });
    expect(done.status).toBe(2);
    expect(done.name_status).toBe(1);
    expect(done.pages).toBe(12);
    expect(phases).toEqual(['uploading', 'parsing dddd']);
    expect(log).toEqual([
      'signature',
      'put 1',
      'put 2',
      'put 3',
      `pre_add 季度报告.pdf pdf ${size}`,
      `add https://files.example.com/documents/1/a.pdf ticket 季度报告.pdf ${size} pdf`,
      'query',
      'query',
      'query',
      'query',
    ]);
    // Each slice holds its own part of the file.
    expect(put).toEqual([
      { n: 1, size: 5 * MB, first: 0 },
      { n: 2, size: 5 * MB, first: (5 * MB) % 251 },
      { n: 3, size: MB, first: (10 * MB) % 251 },
    ]);
    // Progress only grows, up to 1.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((p, i) => i === 0 || p >= progress[i - 1]!)).toBe(true);
    // Between polls it waits FILE_PARSE_POLL_MS.
    expect(d.sleep).toHaveBeenCalledTimes(3);
    expect(vi.mocked(d.sleep).mock.calls[0]![0]).toBe(2000);
  });

  it('refuses a suffix outside accept_types before any call (当前格式不支持！)', async () => {
    const { d, log } = deps(10);
    const err = await uploadDocument(fileOf('表格.xlsx', 10), ACCEPT, d, new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadFailure);
    expect((err as UploadFailure).kind).toBe('format');
    expect(log).toEqual([]);
  });

  it('a refused pre-check (after the upload) carries the server message and starts no parse', async () => {
    const { d, log } = deps(10, { preAdd: vi.fn(async () => Promise.reject(new Error('最多保存50个文档，请先删除旧文档'))) });
    const err = (await uploadDocument(fileOf('a.pdf', 10), ACCEPT, d, new AbortController().signal).catch((e: unknown) => e)) as UploadFailure;
    expect(err.kind).toBe('precheck');
    expect(err.detail).toBe('最多保存50个文档，请先删除旧文档');
    expect(log).toEqual(['signature', 'put 1']);
  });

  it('refused credentials stop before any slice is sent (the server checks type and quota there too)', async () => {
    const { d, log } = deps(10, { signature: vi.fn(async () => Promise.reject(new Error('最多保存50个文档，请先删除旧文档'))) });
    const err = (await uploadDocument(fileOf('a.pdf', 10), ACCEPT, d, new AbortController().signal).catch((e: unknown) => e)) as UploadFailure;
    expect(err.kind).toBe('precheck');
    expect(err.detail).toBe('最多保存50个文档，请先删除旧文档');
    expect(log).toEqual([]);
  });

  it('a slice that fails stops the upload (文件上传失败) and nothing is added', async () => {
    const size = 6 * MB;
    const { d, log } = deps(size, {
      putPart: vi.fn(async (part) => {
        log.push(`put ${part.part_number}`);
        if (part.part_number === 2) throw new Error('');
      }),
    });
    const err = (await uploadDocument(fileOf('a.pdf', size), ACCEPT, d, new AbortController().signal).catch((e: unknown) => e)) as UploadFailure;
    expect(err.kind).toBe('upload');
    expect(err.detail).toBeNull();
    expect(log).toEqual(['signature', 'put 1', 'put 2']);
  });

  it('a failed add is an upload failure with the server message as detail', async () => {
    const { d } = deps(10, { add: vi.fn(async () => Promise.reject(new Error('上传凭证无效'))) });
    const err = (await uploadDocument(fileOf('a.docx', 10), ACCEPT, d, new AbortController().signal).catch((e: unknown) => e)) as UploadFailure;
    expect(err.kind).toBe('upload');
    expect(err.detail).toBe('上传凭证无效');
  });
});

describe('pollParse', () => {
  it('stops at status 3 with the server reason (文档解析失败！)', async () => {
    const replies = [query({ status: 1 }), query({ status: 3, error: '文档中没有可识别的文字' })];
    const d = { query: vi.fn(async () => replies.shift()!), sleep: vi.fn(async () => {}) };
    const err = (await pollParse('t', d, new AbortController().signal).catch((e: unknown) => e)) as UploadFailure;
    expect(err).toBeInstanceOf(UploadFailure);
    expect(err.kind).toBe('parse');
    expect(err.detail).toBe('文档中没有可识别的文字');
    expect(d.query).toHaveBeenCalledTimes(2);
  });

  it('keeps polling through a failed query and waits 2 s between polls', async () => {
    vi.useFakeTimers();
    try {
      const replies: (DocumentQueryReply | Error)[] = [query({ status: 1 }), new Error('网络异常'), query({ status: 2, name_status: 1 })];
      const d = {
        query: vi.fn(async () => {
          const r = replies.shift()!;
          if (r instanceof Error) throw r;
          return r;
        }),
        sleep: (ms: number, signal: AbortSignal) => import('./upload.ts').then((m) => m.sleep(ms, signal)),
      };
      const done = pollParse('t', d, new AbortController().signal);
      await vi.advanceTimersByTimeAsync(1999);
      expect(d.query).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(d.query).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(2000);
      await expect(done).resolves.toMatchObject({ status: 2, name_status: 1 });
      expect(d.query).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops when aborted', async () => {
    const ctrl = new AbortController();
    const d = {
      query: vi.fn(async () => query({ status: 1 })),
      sleep: vi.fn(async () => {
        ctrl.abort();
      }),
    };
    await expect(pollParse('t', d, ctrl.signal)).rejects.toThrow();
    expect(d.query).toHaveBeenCalledTimes(1);
  });
});
