import type { z } from 'zod';
import type { HttpMethod, routes } from '@app/shared/routes';
import { call, type RequestOptions } from './http.ts';

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

/** Calls an endpoint: GET sends the input as the query, POST as the body; resolves with the reply's data. */
export function callRoute<K extends RouteKey, M extends MethodOf<RouteOf<K>> & ('GET' | 'POST')>(
  ep: Endpoint<K, M>,
  input: Input<RouteOf<K>, M>,
  opts?: RequestOptions,
): Promise<Data<RouteOf<K>>> {
  return call<Data<RouteOf<K>>>(ep.method, ep.path, input ?? undefined, opts);
}
