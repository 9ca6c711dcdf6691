/**
 * CPU time of one server render of a page, in this process, without HTTP or threads: the figure
 * to compare when changing what a page renders. Needs the production build and a running server
 * to record the page's API answers from once (`npm start`, or BENCH_ORIGIN):
 *
 *   NODE_ENV=production node --import tsx bench/render-cpu.ts /firm/northbridge [renders]
 *
 * NODE_ENV=production matters: React's development build is several times slower. It prints
 * three rounds; the machine's noise shows as their spread. ENTRY names another server build's
 * entry (say `dist/server-before/entry-server.js`, built with `vite build --ssr --outDir`) to
 * compare two builds on the same machine; it must sit inside the project so its imports resolve.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiResponse, RenderRequest, RenderResult } from '../src/domain/render';

const ORIGIN = process.env.BENCH_ORIGIN ?? 'http://127.0.0.1:3000';
const url = process.argv[2] ?? '/firm/northbridge';
const renders = Number(process.argv[3] ?? 2000);

const entry = pathToFileURL(path.resolve(process.env.ENTRY ?? 'dist/server/entry-server.js')).href;
const { render } = (await import(entry)) as { render: (r: RenderRequest) => Promise<RenderResult> };

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

for (let i = 0; i < 1000; i++) await render(request); // warm-up: the JIT tiers up over the first renders
for (let round = 1; round <= 3; round++) {
  const start = process.cpuUsage();
  for (let i = 0; i < renders; i++) await render(request);
  const used = process.cpuUsage(start);
  console.log(`${url} round ${round}: ${((used.user + used.system) / renders).toFixed(0)} µs CPU per render`);
}
