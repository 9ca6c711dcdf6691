import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import escapeHtml from 'escape-html';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Env } from '../env';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** One message as written to the outbox, for people finishing sign-up locally and for tests. */
export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  file: string;
}

export const outboxDir = (dataDir: string) => path.resolve(dataDir, 'outbox');

const firstLink = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/)?.[0];

/**
 * Sends mail over SMTP when SMTP_URL is set. Without it each message is written to
 * `${DATA_DIR}/outbox` as an .eml file (plus a .json twin that is easy to read back) and its first
 * link is logged, so a local user can finish sign-up without a mail server.
 */
export function createMailer(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: FastifyBaseLogger,
): Mailer {
  if (env.SMTP_URL) {
    const transport = nodemailer.createTransport(env.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from: env.MAIL_FROM, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const dir = outboxDir(env.DATA_DIR);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      mkdirSync(dir, { recursive: true });
      const info = await transport.sendMail({ from: env.MAIL_FROM, ...message });
      // The sequence keeps file order equal to send order even within one millisecond.
      sequence += 1;
      const base = `${Date.now()}-${String(sequence).padStart(6, '0')}-${randomBytes(3).toString('hex')}`;
      await writeFile(path.join(dir, `${base}.eml`), info.message as Buffer);
      const record: OutboxMessage = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        date: new Date().toISOString(),
        file: `${base}.eml`,
      };
      await writeFile(path.join(dir, `${base}.json`), JSON.stringify(record, null, 2));
      log.info(
        {
          to: message.to,
          subject: message.subject,
          file: path.join(dir, `${base}.eml`),
          link: firstLink(message.text),
        },
        `mail written to the outbox: ${firstLink(message.text) ?? '(no link)'}`,
      );
    },
  };
}

/** The messages in the outbox of a data folder, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as OutboxMessage),
  );
}

/** The first http(s) link of a message's text part. */
export function findLink(message: Pick<OutboxMessage, 'text'>): string | undefined {
  return firstLink(message.text);
}

/** A message without its address, as the modules' email templates return it. */
export type Email = Omit<MailMessage, 'to'>;

/** Header values may not carry line breaks; names in subjects come from the catalog or a user. */
export const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * A short notice in plain words, the same in text and HTML: its paragraphs (line breaks kept), an
 * optional link, and the site's name.
 */
export function plainEmail(
  subject: string,
  paragraphs: string[],
  link?: { label: string; url: string },
): Email {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), 'Prop Firm Club'].join(
    '\n\n',
  );
  const html = [
    ...paragraphs.map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    '<p>Prop Firm Club</p>',
  ].join('');
  return { subject: oneLine(subject), text: `${text}\n`, html };
}

/**
 * Sends a decision's notice to an account (none when it has no address); the decision stands whether
 * or not it goes out, so a failure is logged, not thrown.
 */
export async function sendNotice(
  deps: { mailer: Mailer; log: FastifyBaseLogger },
  to: string | undefined,
  message: Email,
  what: string,
): Promise<void> {
  if (!to) return;
  await deps.mailer
    .send({ to, ...message })
    .catch((err: unknown) => deps.log.error({ err, to }, `${what} email not sent`));
}
