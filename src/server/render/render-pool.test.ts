import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../../domain/render';
import { createRenderPool } from './render-pool';

// A stand-in thread speaking the render thread's protocol: it asks for the page's path as an API
// answer and sends the answer's text back as the page; '/exit' ends the thread mid-render.
const WORKER = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.type === 'answer') {
    const body = new TextEncoder().encode(m.response.text);
    parentPort.postMessage({ type: 'done', id: m.id, page: { status: m.response.status, tags: m.response.tags, body } }, [body.buffer]);
  } else if (m.url === '/exit') process.exit(3);
  else if (m.url === '/throw') parentPort.postMessage({ type: 'failed', id: m.id, message: 'it broke' });
  else parentPort.postMessage({ type: 'fetch', id: m.id, call: 1, path: '/api' + m.url });
});
`;

describe('render pool', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'render-pool-'));
  const file = path.join(dir, 'worker.cjs');
  writeFileSync(file, WORKER);
  const pool = createRenderPool(file, { head: '', entry: '', pagePreloads: {} }, 2);
  afterAll(() => pool.close());
  const config = { publicUrl: 'http://localhost', showAdminLink: false };
  const fetchApi = async (apiPath: string): Promise<ApiResponse> => ({
    status: 200,
    contentType: 'text/plain',
    text: `answer of ${apiPath}`,
    tags: ['t'],
  });
  const text = (body: Uint8Array) => new TextDecoder().decode(body);

  it('renders on the threads with API answers fetched on this one', async () => {
    const pages = await Promise.all(['/a', '/b', '/c'].map((url) => pool.render({ url, config, fetchApi })));
    expect(pages.map((p) => text(p.body))).toEqual([
      'answer of /api/a',
      'answer of /api/b',
      'answer of /api/c',
    ]);
    expect(pages[0].tags).toEqual(['t']);
  });

  it('fails a render whose thread fails it, and keeps rendering', async () => {
    await expect(pool.render({ url: '/throw', config, fetchApi })).rejects.toThrow(
      /\/throw failed on its thread: it broke/,
    );
    expect(text((await pool.render({ url: '/d', config, fetchApi })).body)).toBe('answer of /api/d');
  });

  it('fails the renders of a thread that dies and starts another in its place', async () => {
    await expect(pool.render({ url: '/exit', config, fetchApi })).rejects.toThrow(/exited with code 3/);
    const after = await Promise.all(['/e', '/f', '/g'].map((url) => pool.render({ url, config, fetchApi })));
    expect(after.map((p) => text(p.body))).toEqual([
      'answer of /api/e',
      'answer of /api/f',
      'answer of /api/g',
    ]);
  });
});
