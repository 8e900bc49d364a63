import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DOCUMENT_ACCEPT_TYPES_DEFAULT,
  documentAddBody,
  documentAskBody,
  documentAskValidateBody,
  documentPreAddQuery,
  documentStopBody,
  documentToken,
  documentTokenBody,
  documentTokenQuery,
  uploadSignatureQuery,
} from '@app/shared';
import { bearerToken, optionalUser, requireUser } from '../../core/auth.ts';
import type { AppContext } from '../../core/context.ts';
import { notFound } from '../../core/errors.ts';
import { sha256 } from '../../core/ids.ts';
import { ok } from '../../core/reply.ts';
import { parse } from '../../core/validate.ts';
import { DEFAULT_LANGUAGE, DOCUMENT_ACTIONS, DOCUMENT_LANGUAGES } from './actions.ts';
import type { DocumentAsk } from './ask.ts';
import type { DocumentService } from './service.ts';

export function documentRoutes(app: FastifyInstance, ctx: AppContext, service: DocumentService, ask: DocumentAsk) {
  const caller = (req: FastifyRequest) => requireUser(ctx, req);

  app.get('/api/document/actions', async (req) => {
    const user = await optionalUser(ctx, req);
    return ok({
      list: DOCUMENT_ACTIONS.map(({ value, label }) => ({ value, label })),
      accept_types: user ? await service.acceptTypes(user) : [...DOCUMENT_ACCEPT_TYPES_DEFAULT],
    });
  });

  app.get('/api/document/language', async () => ok({ list: DOCUMENT_LANGUAGES, default: DEFAULT_LANGUAGE }));

  app.get('/api/document/pre_add', async (req) => {
    const user = await caller(req);
    return ok(await service.preAdd(user, parse(documentPreAddQuery, req.query)));
  });

  app.get('/api/cos/signature', async (req) => {
    const user = await caller(req);
    return ok(await service.signature(user, parse(uploadSignatureQuery, req.query)));
  });

  app.post('/api/document/add', async (req) => {
    const user = await caller(req);
    return ok(await service.add(user, parse(documentAddBody, req.body)), '上传成功，正在解析');
  });

  app.get('/api/document/query', async (req) => {
    const user = await caller(req);
    return ok(await service.query(user, parse(documentTokenQuery, req.query).token));
  });

  app.get('/api/document/histories', async (req) => {
    const user = await caller(req);
    return ok({ list: await service.histories(user) });
  });

  app.get('/api/document/history/:uuid', async (req) => {
    const user = await caller(req);
    const { uuid } = parse(documentTokenQuery.extend({ uuid: documentToken }).pick({ uuid: true }), req.params);
    return ok(await service.history(user, uuid));
  });

  app.post('/api/document/delete', async (req) => {
    const user = await caller(req);
    await service.delete(user, parse(documentTokenBody, req.body).token);
    return ok(null, '删除成功');
  });

  app.post('/api/document/ask/validate', async (req) => {
    const user = await caller(req);
    return ok(await ask.validate(user, parse(documentAskValidateBody, req.body), sha256(bearerToken(req)!)));
  });

  app.post('/api/document/ask', async (req, reply) => {
    await ask.open(req, parse(documentAskBody, req.body), reply);
  });

  app.post('/api/document/stop', async (req) => {
    const user = await caller(req);
    if (!(await ask.stop(user, parse(documentStopBody, req.body)))) throw notFound('没有进行中的回复');
    return ok(null, '已停止');
  });
}
