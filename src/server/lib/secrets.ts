import { createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env';

type SecretEnv = Pick<Env, 'AUTH_SECRET' | 'DATA_DIR' | 'NODE_ENV'>;

/**
 * The one master secret: AUTH_SECRET, or one generated into the data folder so sessions and
 * emailed links survive restarts. Allowed in production (a bare `npm start` must work) but warned
 * about, because several nodes would each need the same file.
 */
export function resolveMasterSecret(env: SecretEnv, log?: FastifyBaseLogger): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // first start: generate below
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = createHash('sha256').update(randomBytes(64)).digest('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  if (env.NODE_ENV === 'production') {
    log?.warn({ file }, 'AUTH_SECRET is not set: generated one and stored it in the data folder');
  } else {
    log?.info({ file }, 'generated an auth secret for this data folder');
  }
  return secret;
}

/** A key for one purpose (newsletter tokens, visitor hashes), derived from the master secret. */
export function deriveSecret(env: SecretEnv, purpose: string): string {
  return createHmac('sha256', resolveMasterSecret(env)).update(`pfc:${purpose}`).digest('hex');
}
