import type { z } from 'zod';

/**
 * Who may call a route, enforced by one server hook from the route's config:
 * - none: no authentication at all (gateway and WeChat webhooks, health, pages);
 * - guest: the caller when a valid token came, else null (a bad token is a guest too);
 * - user: a bearer token is required: HTTP 401 without one, code 403000 with a bad one;
 * - admin: a user with isAdmin, else 403.
 */
export type Access = 'none' | 'guest' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/**
 * What a route answers: the JSON envelope `{ code, message, success, data }` (json, the default),
 * a server-sent event stream (sse; plain JSON envelopes before the stream starts), an HTML page,
 * a redirect, a file's bytes, or the XML / text a gateway expects.
 */
export type RouteKind = 'json' | 'sse' | 'html' | 'redirect' | 'file' | 'xml' | 'text';

export interface RouteDef {
  /** Several methods: SPEC §7.2 leaves them open; GET carries `query`, the others `body`. */
  method: HttpMethod | readonly HttpMethod[];
  /** Fastify syntax: `/api/app/detail/:id`, `/uploads/*`. */
  path: string;
  access: Access;
  summary: string;
  kind?: RouteKind;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Json routes: the `data` of the envelope. Sse routes: one event (the `data:` line). */
  response?: z.ZodType;
  /** The request body is not JSON (multipart, raw bytes, XML, a form). */
  contentType?: string;
  /** Registered only under a condition (demo mode, local storage, a dev setting). */
  when?: string;
  /**
   * The body fields that carry a user's prompt (every string inside them): checked against the
   * moderation word list before the handler runs, so a hit spends, stores and sends nothing.
   */
  moderate?: readonly string[];
}

/** A domain's routes, each tagged with the domain (the OpenAPI tag). */
export function defineRoutes<const T extends Record<string, RouteDef>>(tag: string, routes: T): { [K in keyof T]: T[K] & { tag: string } } {
  const out = {} as Record<string, RouteDef & { tag: string }>;
  for (const [k, r] of Object.entries(routes)) out[k] = { ...r, tag };
  return out as { [K in keyof T]: T[K] & { tag: string } };
}

export type ManifestRoute = RouteDef & { tag: string };

/** The methods of a route as a list. */
export const methodsOf = (r: RouteDef): readonly HttpMethod[] => (typeof r.method === 'string' ? [r.method] : r.method);
