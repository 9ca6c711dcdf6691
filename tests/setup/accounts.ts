import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { findLink, readOutbox } from '../../src/server/lib/mailer';
import { TEST_ORIGIN, type TestContext } from './test-app';

let counter = 0;

/** A distinct client address, so per-IP limits of one test do not spill into another. */
export const nextIp = () => {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
};

export const cookieOf = (setCookie: string | string[] | undefined): string =>
  (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .filter((c) => !c.endsWith('='))
    .join('; ');

export interface TestUser {
  email: string;
  password: string;
  username: string;
  cookie: string;
  ip: string;
  id: string;
}

/** Signs a new user up through the API; options make them verified or admin directly in the database. */
export async function signUpUser(
  ctx: TestContext,
  options: { verified?: boolean; admin?: boolean; prefix?: string } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${options.prefix ?? 'user'}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${tag}@example.com`;
  const password = 'correct horse battery';
  const ip = nextIp();
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    payload: { email, password, firstName: 'Test', username: tag },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { user: { id: string } }).user.id;
  if (options.verified || options.admin) {
    await ctx.db
      .update(users)
      .set({ emailVerified: Boolean(options.verified), role: options.admin ? 'admin' : 'user' })
      .where(eq(users.id, id));
  }
  return { email, password, username: tag, cookie: cookieOf(res.headers['set-cookie']), ip, id };
}

export async function mailsTo(ctx: TestContext, email: string) {
  return (await readOutbox(ctx.dataDir)).filter((m) => m.to === email);
}

/** The path and query of the first link of the newest message to this address. */
export async function latestLinkTo(ctx: TestContext, email: string): Promise<string> {
  const mails = await mailsTo(ctx, email);
  const link = mails.length ? findLink(mails[mails.length - 1]) : undefined;
  if (!link) throw new Error(`no mail with a link to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
