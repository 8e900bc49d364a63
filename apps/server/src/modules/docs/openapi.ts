import { z } from 'zod';
import { allRoutes, methodsOf, type ManifestRoute } from '@app/shared/routes';

type Json = Record<string, unknown>;

/** JSON Schema of a zod schema; what JSON cannot say (transforms, custom checks) becomes "any". */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  return out;
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{path}');

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return [];
  const s = jsonSchema(schema, 'input');
  const props = (s.properties ?? {}) as Record<string, Json>;
  const required = new Set((s.required ?? []) as string[]);
  const names = Object.keys(props);
  if (!names.length) {
    // A free-form query (signed links, gateway notifications): one exploded object.
    return where === 'query' ? [{ name: 'params', in: 'query', style: 'form', explode: true, schema: s }] : [];
  }
  return names.map((name) => ({
    name: name === '*' ? 'path' : name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: props[name],
  }));
}

function envelope(data: Json | undefined): Json {
  return {
    type: 'object',
    required: ['code', 'message', 'success', 'data'],
    properties: { code: { type: 'integer' }, message: { type: 'string' }, success: { type: 'boolean' }, data: data ?? {} },
  };
}

function responses(r: ManifestRoute): Json {
  const kind = r.kind ?? 'json';
  const data = r.response ? jsonSchema(r.response, 'output') : undefined;
  const error = { description: 'Failure: `{ code, message, success: false, data }` (400 with `data.field` for bad input, 401 without a token, code 403000 with a bad one)', content: { 'application/json': { schema: envelope(undefined) } } };
  const ok: Json =
    kind === 'json'
      ? { description: 'Success: code 200', content: { 'application/json': { schema: envelope(data) } } }
      : kind === 'sse'
        ? { description: 'An event stream: one JSON event per `data:` line', content: { 'text/event-stream': { schema: data ?? {} } } }
        : kind === 'html'
          ? { description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' } } } }
          : kind === 'redirect'
            ? { description: 'A redirect' }
            : kind === 'xml'
              ? { description: 'XML or text for the caller', content: { 'application/xml': { schema: { type: 'string' } } } }
              : kind === 'text'
                ? { description: 'The text the caller expects', content: { 'text/plain': { schema: { type: 'string' } } } }
                : { description: "The file's bytes" };
  return kind === 'redirect' ? { '302': ok, '4XX': error } : { '200': ok, '4XX': error };
}

/** The OpenAPI 3.1 document of the whole API, from the routes manifest. */
export function openApiDocument(): Json {
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const r of allRoutes()) {
    tags.add(r.tag);
    const item = (paths[openApiPath(r.path)] ??= {});
    for (const method of methodsOf(r)) {
      const hasBody = method !== 'GET';
      const op: Json = {
        operationId: methodsOf(r).length > 1 ? `${r.key}.${method.toLowerCase()}` : r.key,
        summary: r.summary,
        tags: [r.tag],
        'x-access': r.access,
        'x-kind': r.kind ?? 'json',
        ...(r.when ? { 'x-when': r.when } : {}),
        parameters: [...parameters(r.params, 'path'), ...(hasBody && r.body && methodsOf(r).length > 1 ? [] : parameters(r.query, 'query'))],
        responses: responses(r),
      };
      if (r.access === 'user' || r.access === 'admin') op.security = [{ bearer: [] }];
      if (r.access === 'guest') op.security = [{}, { bearer: [] }];
      if (hasBody && r.body) {
        op.requestBody = { required: true, content: { [r.contentType ?? 'application/json']: { schema: jsonSchema(r.body, 'input') } } };
      } else if (hasBody && r.contentType) {
        op.requestBody = { content: { [r.contentType]: { schema: {} } } };
      }
      item[method.toLowerCase()] = op;
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: '知行 AI API', version: '1.0.0', description: 'Generated from packages/shared/src/routes. Replies are `{ code, message, success, data }`.' },
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
