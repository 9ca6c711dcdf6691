/**
 * CPU time of one server render of a page, in this process, without HTTP or threads: the figure
 * to compare when changing what a page renders. Needs the production build and a running server
 * to record the page's API answers from once (`npm start`, or BENCH_ORIGIN):
 *
 *   NODE_ENV=production node --import tsx bench/render-cpu.ts /firm/northbridge [renders]
 *
 * NODE_ENV=production matters: React's development build is several times slower. It prints
 * three rounds; the machine's noise shows as their spread. ENTRY names another server build's
 * entry (say `dist/server-before/entry-server.js`, built with `vite build --ssr --outDir`); it must
 * sit inside the project so its imports resolve. Two entries, comma-separated, are compared in
 * this one process, in alternating batches of 50 renders: this machine's speed drifts by tens of
 * percent within minutes, more than most changes to a page, and alternating cancels the drift.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiResponse, RenderRequest, RenderResult } from '../src/domain/render';

const ORIGIN = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:3000';
const url = process.argv[2] ?? '/firm/northbridge';
const renders = Number(process.argv[3] ?? 2000);

type Render = (r: RenderRequest) => Promise<RenderResult>;
const entries = (process.env.ENTRY ?? 'dist/server/entry-server.js').split(',');
const builds: Render[] = [];
for (const entry of entries) {
  const built = (await import(pathToFileURL(path.resolve(entry)).href)) as { render: Render };
  builds.push(built.render);
}

// A session-like cookie, as the bench's uncached row sends: the answers a signed-out session gets.
const recorded = new Map<string, ApiResponse>();
const fetchApi = async (apiPath: string): Promise<ApiResponse> => {
  let answer = recorded.get(apiPath);
  if (!answer) {
    const res = await fetch(new URL(apiPath, ORIGIN), { headers: { cookie: 'pfc.session_token=bench' } });
    answer = {
      status: res.status,
      contentType: res.headers.get('content-type') ?? '',
      text: await res.text(),
      tags: [],
    };
    recorded.set(apiPath, answer);
  }
  return answer;
};
const request: RenderRequest = { url, config: { publicUrl: ORIGIN, showAdminLink: false }, fetchApi };

/** CPU microseconds of `count` renders with `render`. */
async function cpuOf(render: Render, count: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await render(request);
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

// Warm-up: the JIT tiers up over the first renders.
for (const render of builds) await cpuOf(render, 1000);
const BATCH = 50;
for (let round = 1; round <= 3; round++) {
  const used = builds.map(() => 0);
  for (let done = 0; done < renders; done += BATCH) {
    for (const [i, render] of builds.entries()) used[i] = (used[i] ?? 0) + (await cpuOf(render, BATCH));
  }
  const perRender = used.map((u) => u / Math.ceil(renders / BATCH) / BATCH);
  const figures = perRender.map((us, i) => `${builds.length > 1 ? `${entries[i]} ` : ''}${us.toFixed(0)} µs`);
  const ratio =
    builds.length === 2 ? `, ratio ${((perRender[1] ?? 0) / (perRender[0] ?? 1)).toFixed(3)}` : '';
  console.log(`${url} round ${round}: ${figures.join(', ')} CPU per render${ratio}`);
}
