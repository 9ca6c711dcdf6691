import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sendFetchResponse, withoutSessionToken } from './auth-response';

const JSON_TYPE = 'application/json; charset=utf-8';

describe('withoutSessionToken', () => {
  it("drops the session token of a sign-in's JSON body and keeps the rest", () => {
    const body = JSON.stringify({ redirect: false, token: 'secret-session-token', user: { id: 'u1' } });
    expect(JSON.parse(withoutSessionToken(body, JSON_TYPE))).toEqual({ redirect: false, user: { id: 'u1' } });
  });

  it('passes a body that is not JSON through unchanged, though it is labelled JSON', () => {
    for (const text of ['{"token": oops', 'not json at all "token"', '{"token":"t"']) {
      expect(withoutSessionToken(text, JSON_TYPE)).toBe(text);
    }
  });

  it('passes a JSON body that is not an object, or has no token, through unchanged', () => {
    for (const text of ['["token"]', '"token"', '{"user":{"token":"nested"}}']) {
      expect(withoutSessionToken(text, JSON_TYPE)).toBe(text);
    }
  });

  it('leaves a body of another type alone', () => {
    const text = '{"token":"t"}';
    expect(withoutSessionToken(text, 'text/plain')).toBe(text);
    expect(withoutSessionToken(text, null)).toBe(text);
  });
});

describe('sendFetchResponse', () => {
  const app = Fastify();
  let next: Response;
  app.get('/', (_request, reply) => sendFetchResponse(reply, next));
  afterAll(() => app.close());

  it('sends a malformed JSON body of a success as it came, not a 500', async () => {
    next = new Response('{"token": truncated', { status: 200, headers: { 'content-type': JSON_TYPE } });
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"token": truncated');
  });

  it("sends a sign-in's answer without its token, with its cookie", async () => {
    next = new Response(JSON.stringify({ token: 'secret', user: { id: 'u1' } }), {
      status: 200,
      headers: { 'content-type': JSON_TYPE, 'set-cookie': 'session=abc; HttpOnly' },
    });
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: 'u1' } });
    expect(res.body).not.toContain('secret');
    expect(res.headers['set-cookie']).toEqual(['session=abc; HttpOnly']);
  });
});
