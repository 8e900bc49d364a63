import type { z } from 'zod';
import type { HttpMethod, routes } from '@app/shared/routes';
import type { ApiReply } from '@app/shared/codes';
import { call, request, type RequestOptions } from './http.ts';

/*
 * Calls through the routes manifest without loading zod: the manifest is imported as a type only,
 * and the compiler checks each endpoint's method and path against it and types its input and data.
 */
type Routes = typeof routes;
export type RouteKey = { [D in keyof Routes]: `${D & string}.${keyof Routes[D] & string}` }[keyof Routes];
type RouteOf<K extends RouteKey> = K extends `${infer D extends keyof Routes & string}.${infer N}` ? (N extends keyof Routes[D] ? Routes[D][N] : never) : never;
type MethodOf<R> = R extends { method: infer M } ? (M extends readonly HttpMethod[] ? M[number] : M) : never;
type Input<R, M> = M extends 'GET'
  ? R extends { query: infer S extends z.ZodType } ? z.input<S> : undefined
  : R extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;
type Data<R> = R extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;
/** The path parameters of a route with `:name` segments (none for the others). */
type Params<R> = R extends { params: infer S extends z.ZodType } ? { [K in keyof z.input<S>]: string | number } : never;
type Options<R> = RequestOptions & ([Params<R>] extends [never] ? { params?: never } : { params: Params<R> });

export interface Endpoint<K extends RouteKey, M extends MethodOf<RouteOf<K>>> {
  key: K;
  method: M;
  path: RouteOf<K>['path'];
}

/** A manifest route as the web calls it; a wrong method or path for `key` does not compile. */
export const endpoint = <K extends RouteKey, M extends MethodOf<RouteOf<K>> & ('GET' | 'POST')>(key: K, method: M, path: RouteOf<K>['path']): Endpoint<K, M> => ({
  key,
  method,
  path,
});

/** The path with its `:name` segments filled in (encoded). */
function pathOf(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Calls an endpoint: GET sends the input as the query, POST as the body; resolves with the reply's data (throws ApiError otherwise). */
export function callRoute<K extends RouteKey, M extends MethodOf<RouteOf<K>> & ('GET' | 'POST')>(
  ep: Endpoint<K, M>,
  input: Input<RouteOf<K>, M>,
  opts?: Options<RouteOf<K>>,
): Promise<Data<RouteOf<K>>> {
  return call<Data<RouteOf<K>>>(ep.method, pathOf(ep.path, opts?.params), input ?? undefined, opts);
}

/** The same call resolving with the whole envelope, for the endpoints whose callers read `code` (polls, pay results, prepares). */
export function requestRoute<K extends RouteKey, M extends MethodOf<RouteOf<K>> & ('GET' | 'POST')>(
  ep: Endpoint<K, M>,
  input: Input<RouteOf<K>, M>,
  opts?: Options<RouteOf<K>>,
): Promise<ApiReply<Data<RouteOf<K>>>> {
  return request<Data<RouteOf<K>>>(ep.method, pathOf(ep.path, opts?.params), input ?? undefined, opts);
}
