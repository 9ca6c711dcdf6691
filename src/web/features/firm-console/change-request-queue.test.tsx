import { MutationObserver, QueryClient, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import type { AdminChangeRequest } from '../../../domain/change-requests';
import { approveSteps, ChangeRequestQueue } from './change-request-queue';
import { adminChangeRequestsQuery } from './queries';

const request = (over: Partial<AdminChangeRequest> = {}): AdminChangeRequest => ({
  id: 5,
  status: 'pending',
  note: 'Our daily drawdown is 4% since May 1.',
  source: 'https://acme.example/rules',
  version: 11,
  changes: [{ field: 'fundingModels.Rapid.dailyDrawdown', before: '5', after: '4' }],
  reason: null,
  createdAt: '2026-05-02T10:00:00.000Z',
  decidedAt: null,
  firm: { id: 7, slug: 'acme', name: 'Acme Funding', version: 12 },
  requestedBy: { name: 'Rita Rep', email: 'rep@acme.example' },
  diff: [
    { field: 'fundingModels.Rapid.dailyDrawdown', before: '5', after: '4' },
    { field: 'headquarters', before: 'London', after: null },
  ],
  ruleChanges: ['Rapid: daily drawdown 5% -> 4%'],
  followers: 3,
  changedSince: [{ field: 'accountPriceMin', before: '99', after: '89' }],
  ...over,
});

/** The queue as the server renders it from the loader's answer. */
function render(requests: AdminChangeRequest[], search = '') {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: () => Promise.reject(new Error('the queue asked for data it was not given')),
      },
    },
  });
  const status = (new URLSearchParams(search).get('status') ?? 'pending') as AdminChangeRequest['status'];
  client.setQueryData(adminChangeRequestsQuery(status).queryKey, requests);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/admin/change-requests" ssrSearch={search}>
        <ChangeRequestQueue />
      </Router>
    </QueryClientProvider>,
  );
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return { html, text };
}

describe('the admin queue of change requests', () => {
  it('shows who asked, the note, the source and the dry run field by field with rule changes and followers', () => {
    const { html, text } = render([request()]);
    expect(text).toContain('Acme Funding Pending');
    expect(text).toContain('Correction #5 from Rita Rep (rep@acme.example)');
    expect(text).toContain('Our daily drawdown is 4% since May 1.');
    expect(html).toContain(
      '<a href="https://acme.example/rules" target="_blank" rel="noopener noreferrer nofollow"',
    );
    expect(html).toContain('href="/admin/firms/7"');
    expect(html).toContain('href="/firm/acme"');
    // A table (each cell labelled on a phone) under its heading.
    expect(text).toContain(
      'Approving it changes What correction #5 changes Field Before After fundingModels.Rapid.dailyDrawdown Before: 5 After: 4 headquarters Before: London After: (none)',
    );
    expect(text).toContain('Rapid: daily drawdown 5% -> 4%');
    expect(text).toContain('3 followers will be emailed.');
    expect(html).toMatch(/<button[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*>Reject<\/button>/);
  });

  it('warns with what was saved since the request was made, before the Approve button', () => {
    const { text } = render([request()]);
    const warning = text.indexOf('Saved since this request was made');
    expect(warning).toBeGreaterThan(-1);
    expect(text.slice(warning)).toMatch(
      /^[^#]*#5 was made Field Before After accountPriceMin Before: 99 After: 89/,
    );
    expect(warning).toBeLessThan(text.indexOf('Approve Reject'));
    expect(render([request({ changedSince: [] })]).text).not.toContain('Saved since this request was made');
  });

  it('shows a rejected request with its reason and no buttons', () => {
    const rejected = request({
      status: 'rejected',
      reason: 'The rules page still says 5%.',
      decidedAt: '2026-05-03T10:00:00.000Z',
    });
    const { html, text } = render([rejected], '?status=rejected');
    expect(text).toContain('Acme Funding Rejected');
    expect(text).toContain('Reason The rules page still says 5%.');
    expect(html).not.toMatch(/>(Approve|Reject)<\/button>/);
    expect(text).not.toContain('followers will be emailed');
  });

  it('says when nothing waits', () => {
    expect(render([]).text).toContain('No correction waits for a decision.');
  });
});

interface Call {
  url: string;
  method: string | undefined;
  body: unknown;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(answer: (url: string) => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url);
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('approving a change request', () => {
  it("sends the firm's version the admin looked at", async () => {
    const calls = stubFetch(() => json(200, request({ status: 'approved' })));
    const queryClient = new QueryClient();
    const notices: (string | null)[] = [];
    await new MutationObserver(
      queryClient,
      approveSteps(queryClient, request(), (n) => notices.push(n)),
    ).mutate();
    expect(calls[0]).toEqual({
      url: '/api/admin/change-requests/5/approve',
      method: 'POST',
      body: { version: 12 },
    });
    expect(notices).toEqual([null]);
  });

  it('on 409 loads the queue again and says why it was not applied', async () => {
    const fresh = request({ firm: { id: 7, slug: 'acme', name: 'Acme Funding', version: 13 } });
    const calls = stubFetch((url) =>
      url.includes('/approve')
        ? json(409, {
            message: 'There was a conflict with the current state. Please refresh and try again.',
            code: 'conflict',
          })
        : json(200, [fresh]),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = adminChangeRequestsQuery('pending');
    queryClient.setQueryData(list.queryKey, [request()]);
    // The queue on screen watches the list (fresh, as the page loaded it).
    const stop = new QueryObserver(queryClient, { ...list, staleTime: Number.POSITIVE_INFINITY }).subscribe(
      () => {},
    );
    const notices: (string | null)[] = [];
    await new MutationObserver(
      queryClient,
      approveSteps(queryClient, request(), (n) => notices.push(n)),
    )
      .mutate()
      .catch(() => undefined);
    stop();
    expect(calls.map((c) => c.url)).toEqual([
      '/api/admin/change-requests/5/approve',
      '/api/admin/change-requests?status=pending',
    ]);
    expect(queryClient.getQueryData(list.queryKey)).toEqual([fresh]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/^Not applied: There was a conflict/);
    expect(notices[0]).toContain('look at what was saved since');
  });
});
