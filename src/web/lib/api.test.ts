import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiJson, apiRequest, errorStatus, getQueryFn, serverMessage } from './api';

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** Replaces global fetch with one that answers `response` and records every call. */
function stubFetch(response: () => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response();
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends a plain object as JSON with a JSON content type and cookies', async () => {
    const calls = stubFetch(() => new Response('{}', { status: 200 }));
    await apiRequest('POST', '/api/newsletter/subscribe', { email: 'a@b.co' });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/api/newsletter/subscribe');
    expect(calls[0].init?.method).toBe('POST');
    expect(calls[0].init?.credentials).toBe('include');
    expect(calls[0].init?.headers).toEqual({ 'content-type': 'application/json' });
    expect(calls[0].init?.body).toBe('{"email":"a@b.co"}');
  });

  it('sends FormData untouched, leaving the content type to the browser', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await apiRequest('POST', '/api/uploads', form);
    expect(calls[0].init?.body).toBe(form);
    expect(calls[0].init?.headers).toBeUndefined();
    expect(calls[0].init?.credentials).toBe('include');
  });

  it('sends no body and no content type without data', async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/auth/logout');
    expect(calls[0].init?.body).toBeUndefined();
    expect(calls[0].init?.headers).toBeUndefined();
  });

  it('throws "<status>: <body>" with the numeric status on a non-success response', async () => {
    stubFetch(() => new Response('{"message":"Already subscribed","code":"X"}', { status: 409 }));
    const error = await apiRequest('POST', '/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Already subscribed","code":"X"}');
    expect((error as ApiError).status).toBe(409);
    expect(errorStatus(error)).toBe(409);
    expect(serverMessage(error)).toBe('Already subscribed');
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toMatchObject({
      message: '503: Service Unavailable',
      status: 503,
    });
  });
});

describe('apiJson', () => {
  it('parses the JSON body, and gives null for an empty one', async () => {
    stubFetch(() => new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson('GET', '/api/x')).resolves.toEqual({ ok: true });
    stubFetch(() => new Response(null, { status: 204 }));
    await expect(apiJson('POST', '/api/x')).resolves.toBeNull();
  });
});

describe('getQueryFn', () => {
  const run = (on401: 'returnNull' | 'throw', key: string[]) =>
    new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery({
      queryKey: key,
      queryFn: getQueryFn({ on401 }),
    });

  it('GETs the query key joined with slashes, with cookies, and parses JSON', async () => {
    const calls = stubFetch(() => new Response('[1,2]', { status: 200 }));
    await expect(run('throw', ['/api/firms', 'acme', 'reviews'])).resolves.toEqual([1, 2]);
    expect(calls[0].url).toBe('/api/firms/acme/reviews');
    expect(calls[0].init?.credentials).toBe('include');
  });

  it('yields null on 401 when configured with returnNull', async () => {
    stubFetch(() => new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(run('returnNull', ['/api/auth/user'])).resolves.toBeNull();
  });

  it('throws on 401 by default', async () => {
    stubFetch(() => new Response('Unauthorized', { status: 401 }));
    await expect(run('throw', ['/api/auth/user'])).rejects.toMatchObject({
      message: '401: Unauthorized',
      status: 401,
    });
  });
});
