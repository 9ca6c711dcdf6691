import type { FastifyReply } from 'fastify';

/** Messages a person understands, in place of Better Auth's terse ones. */
const FRIENDLY: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD:
    "That email and password don't match an account. Check them and try again, or reset your password.",
  USER_ALREADY_EXISTS: 'An account with this email already exists. Log in instead, or reset your password.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    'An account with this email already exists. Log in instead, or reset your password.',
  USERNAME_IS_ALREADY_TAKEN: 'That username is already taken. Please choose another one.',
  USERNAME_TOO_SHORT: 'Username must be at least 3 characters.',
  USERNAME_TOO_LONG: 'Username must be at most 30 characters.',
  INVALID_USERNAME: 'Username may only contain letters, digits, _ and -.',
  PASSWORD_TOO_SHORT: 'Password must be at least 8 characters.',
  PASSWORD_TOO_LONG: 'Password must be at most 128 characters.',
  INVALID_PASSWORD: 'Your current password is incorrect.',
  INVALID_TOKEN: 'This link is invalid or has already been used. Please request a new one.',
  TOKEN_EXPIRED: 'This link has expired. Please request a new one.',
  EMAIL_ALREADY_VERIFIED: 'Your email is already verified.',
  INVALID_ORIGIN: 'Cross-origin requests are not allowed.',
  MISSING_OR_NULL_ORIGIN: 'Cross-origin requests are not allowed.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'This account has no password to check.',
  INVALID_CODE: "That code isn't right. Check your authenticator app and try again.",
  INVALID_BACKUP_CODE: "That backup code isn't right, or it has been used already.",
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in has expired. Please sign in again.',
  ACCOUNT_TEMPORARILY_LOCKED: 'Too many wrong codes. Please wait a few minutes and try again.',
};

/** Copies a Fetch Response (from Better Auth) onto the Fastify reply, cookies included. */
export async function sendFetchResponse(reply: FastifyReply, res: Response) {
  reply.status(res.status);
  for (const [key, value] of res.headers) {
    if (['set-cookie', 'content-length', 'content-encoding', 'transfer-encoding'].includes(key)) continue;
    reply.header(key, value);
  }
  const cookies = res.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await res.text();
  if (res.status >= 400) {
    let parsed: { code?: unknown; message?: unknown } = {};
    try {
      parsed = JSON.parse(text);
    } catch {
      // a non-JSON error body: keep the status text as the message
    }
    const code = typeof parsed.code === 'string' ? parsed.code : 'auth_error';
    const message =
      FRIENDLY[code] ??
      (typeof parsed.message === 'string' && parsed.message ? parsed.message : res.statusText);
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .send({ message, code: code.toLowerCase() });
  }
  return reply.send(withoutSessionToken(text, res.headers.get('content-type')) || undefined);
}

/**
 * Better Auth answers a sign-in with the session token in the body too (for bearer clients, which
 * this site has none of). The session lives in its HttpOnly cookie alone: a token in the body would
 * hand it to any script on the page. A body that is not a JSON object passes through as it is.
 */
export function withoutSessionToken(text: string, contentType: string | null): string {
  if (!contentType?.includes('application/json') || !text.includes('"token"')) return text;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('token' in body)) return text;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  return JSON.stringify(rest);
}
