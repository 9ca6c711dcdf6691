import type { QueryClient, QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ApiResponse } from '../../domain/render';

/** A non-success response: the message is "<status>: <body or status text>" (spec section 8). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  toJSON() {
    return { name: this.name, status: this.status, message: this.message };
  }
}

/** The status of an error from the API client, including one that came through hydration as JSON. */
export function errorStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

export function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : '';
}

/** The server's `{message}` from an ApiError's text, or the text itself. */
export function serverMessage(error: unknown): string {
  const text = errorMessage(error).replace(/^\d{3}: /, '');
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the body was plain text
  }
  return text;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new ApiError(res.status, `${res.status}: ${text}`);
}

/** Calls the API with cookies; plain objects go as JSON, FormData untouched. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined && !isForm ? { 'content-type': 'application/json' } : undefined,
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
  });
  await throwIfNotOk(res);
  return res;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

type ServerFetch = (path: string) => Promise<ApiResponse>;
const serverFetches = new WeakMap<QueryClient, ServerFetch>();

/** While rendering on the server, queries of this client call the API in-process. */
export function bindServerFetch(client: QueryClient, fetchApi: ServerFetch): void {
  serverFetches.set(client, fetchApi);
}

/** The default query function: GET on the query key joined with slashes. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T, QueryKey> {
  return async ({ queryKey, signal, client }) => {
    const path = queryKey.join('/');
    const serverFetch = serverFetches.get(client);
    if (serverFetch) {
      const res = await serverFetch(path);
      if (options.on401 === 'returnNull' && res.status === 401) return null as T;
      if (res.status >= 400) throw new ApiError(res.status, `${res.status}: ${res.text}`);
      return (
        res.contentType.includes('application/json') && res.text ? JSON.parse(res.text) : res.text
      ) as T;
    }
    const res = await fetch(path, { credentials: 'include', signal });
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}
