import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

/** What the user is told when a multipart body is not one, a file is too large, or there are too many parts. */
export interface MultipartMessages {
  notMultipart: string;
  tooLarge: string;
  tooMany: string;
}

const INCOMPLETE = '上传的内容不完整或格式有误，请重新上传';
const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads a multipart body part by part (`onPart` buffers a file or takes a field; it may throw an
 * AppError of its own). Every way the body itself can be wrong is a 400 with a clear message here,
 * once for every route: not multipart, a file or too many parts over the scope's limits, and a body
 * the parser cannot read (cut off mid-part, a malformed header: busboy's plain errors, which would
 * otherwise answer 500).
 */
export async function readMultipart(req: FastifyRequest, say: MultipartMessages, onPart: (part: Multipart) => Promise<void>) {
  if (!req.isMultipart()) throw badRequest(say.notMultipart);
  try {
    for await (const part of req.parts()) await onPart(part);
  } catch (e) {
    if (e instanceof AppError) throw e;
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(say.tooLarge);
    if (code && TOO_MANY.has(code)) throw badRequest(say.tooMany);
    req.log.info({ err: e }, 'multipart: the body could not be read');
    throw badRequest(INCOMPLETE);
  }
}
