import { MutationObserver, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { type AdminFirm, emptyFirm, type FirmInput } from '../../../domain/admin-firms';
import { SITE_ONLY_FIRM_FIELDS } from '../../../domain/change-requests';
import { FirmEditor, toFirmInput } from '../admin/firm-editor';
import { emptyNote, type ProposalNote, proposalSteps, SENT_MESSAGE } from '../admin/firm-proposal';
import { sendChangeRequest } from './queries';

const firm: AdminFirm = {
  ...(emptyFirm() as Omit<AdminFirm, 'id' | 'version' | 'createdAt' | 'updatedAt'>),
  id: 7,
  version: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-05-01T00:00:00.000Z',
  slug: 'acme',
  name: 'Acme Funding',
  trustRating: 'trusted',
  website: 'https://acme.example',
  platformIds: [1],
  fundingModels: [],
};

const options = {
  platforms: [
    { id: 1, name: 'MetaTrader 5', logo: null },
    { id: 2, name: 'cTrader', logo: null },
  ],
  payoutMethods: [{ id: 3, name: 'Wise', logo: null }],
};

/** The markup as the server renders it, with no data fetched during the render. */
function render(node: ReactNode) {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        queryFn: () => Promise.reject(new Error('the form asked for data it was not given')),
      },
    },
  });
  return renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/firm-console/acme">{node}</Router>
    </QueryClientProvider>,
  );
}

/** The `<input>`, `<textarea>` or `<select>` of a field, by its payload path. */
function control(html: string, path: string): string {
  const match = html.match(new RegExp(`<(input|textarea|select)[^>]*id="field-${path}"[^>]*>`));
  if (!match) throw new Error(`no field ${path}`);
  return match[0];
}

const propose = {
  send: () => Promise.resolve({ id: 1, status: 'pending' }),
  latest: () => Promise.resolve(firm),
  options,
};

describe("the firm console's correction form (the admin editor in propose mode)", () => {
  it('locks every site-only field with "Set by Prop Firm Club", and leaves the firm its own', () => {
    const html = render(<FirmEditor firm={firm} propose={propose} />);
    for (const path of SITE_ONLY_FIRM_FIELDS) {
      expect(control(html, path), path).toMatch(/\sdisabled=""/);
      expect(html, path).toMatch(new RegExp(`id="field-${path}-hint"[^>]*>Set by Prop Firm Club<`));
    }
    for (const path of ['name', 'website', 'shortDescription', 'accountPriceMin', 'features'])
      expect(control(html, path), path).not.toMatch(/\sdisabled=""/);
  });

  it('asks what changed and the source, sends for review, and leaves out the admin-only parts', () => {
    const html = render(<FirmEditor firm={firm} propose={propose} />);
    expect(html).toContain('What changed and why');
    expect(html).toContain('Source: link to your own rules or pricing page');
    expect(control(html, 'note')).not.toMatch(/\sdisabled=""/);
    expect(control(html, 'source')).toContain('type="url"');
    expect(html).toContain('Send for review');
    expect(html).not.toContain('Save changes');
    expect(html).not.toContain('Delete firm');
    expect(html).not.toContain('Upload image');
    // Platforms from the console's own list, the firm's ticked.
    expect(html).toMatch(/<input[^>]*checked=""[^>]*\/><span[^>]*>MetaTrader 5/);
    expect(html).toMatch(/<input(?![^>]*checked)[^>]*\/><span[^>]*>cTrader/);
  });

  it('leaves the admin editor as it was', () => {
    const html = render(<FirmEditor firm={firm} />);
    expect(html).toContain('Save changes');
    expect(html).toContain('Delete firm');
    expect(control(html, 'trustRating')).not.toMatch(/\sdisabled=""/);
    expect(html).not.toContain('Set by Prop Firm Club');
    expect(html).not.toContain('What changed and why');
  });
});

interface Call {
  url: string;
  method: string | undefined;
  body: unknown;
}

function stubFetch(answer: () => Response): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    return answer();
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Sending as the form does, with what React would hold kept in plain variables. */
function harness() {
  const state = {
    firmErrors: {} as Record<string, string>,
    noteErrors: {} as Record<string, string>,
    note: { note: 'Daily drawdown is 4% since May.', source: 'https://acme.example/rules' } as ProposalNote,
    sent: false,
    conflict: false,
    refusal: null as string | null,
    sentCount: 0,
  };
  const steps = proposalSteps(
    {
      send: (payload) => sendChangeRequest('acme', payload),
      onSent: () => {
        state.sentCount += 1;
      },
    },
    {
      version: firm.version,
      firmForm: { setErrors: (e) => (state.firmErrors = e) },
      noteForm: { setValues: (v) => (state.note = v), setErrors: (e) => (state.noteErrors = e) },
      setSent: (sent) => (state.sent = sent),
      setConflict: (conflict) => (state.conflict = conflict),
      setRefusal: (message) => (state.refusal = message),
      focus: () => {},
    },
  );
  const values: FirmInput = { ...toFirmInput(firm), accountPriceMin: 99 };
  const send = () =>
    new MutationObserver(new QueryClient(), steps)
      .mutate({ firm: values, note: state.note })
      .catch(() => undefined);
  return { state, send, values };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('sending a correction', () => {
  it("posts the editor's body over the loaded version with the note and source, then says it was sent", async () => {
    const calls = stubFetch(() => json(201, { id: 4, status: 'pending' }));
    const { state, send, values } = harness();
    await send();
    expect(calls).toEqual([
      {
        url: '/api/firm-console/acme/change-requests',
        method: 'POST',
        body: {
          version: 12,
          firm: values,
          note: 'Daily drawdown is 4% since May.',
          source: 'https://acme.example/rules',
        },
      },
    ]);
    expect(state.sent).toBe(true);
    expect(state.note).toEqual(emptyNote());
    expect(state.sentCount).toBe(1);
    expect(SENT_MESSAGE).toBe(
      'Sent. Prop Firm Club checks each correction against your source before it goes live.',
    );
  });

  it("shows a refusal's messages on their fields: the firm's and the note's apart", async () => {
    stubFetch(() =>
      json(400, {
        message: 'Invalid input: firm.name: Name is required; source: Give a link (https://...)',
        code: 'validation_failed',
      }),
    );
    const { state, send } = harness();
    await send();
    expect(state.firmErrors).toEqual({ name: 'Name is required' });
    expect(state.noteErrors).toEqual({ source: 'Give a link (https://...)' });
    expect(state.sent).toBe(false);
    expect(state.refusal).toBeNull();
  });

  it('shows a refused site-only field on its own (locked) field', async () => {
    stubFetch(() =>
      json(400, {
        message:
          'trustRating: Only Prop Firm Club changes this field; say what is wrong in the note instead.',
        code: 'site_only_field',
      }),
    );
    const { state, send } = harness();
    await send();
    expect(Object.keys(state.firmErrors)).toEqual(['trustRating']);
    expect(state.firmErrors.trustRating).toMatch(/^Only Prop Firm Club changes this field/);
  });

  it('says when another correction is waiting, and shows the Conflict notice for a stale version', async () => {
    const waiting =
      'A correction of Acme Funding is already waiting for review: wait for its decision before sending another.';
    stubFetch(() => json(409, { message: waiting, code: 'pending_change_request' }));
    const first = harness();
    await first.send();
    expect(first.state.refusal).toBe(waiting);
    expect(first.state.conflict).toBe(false);

    stubFetch(() => json(409, { message: CONFLICT_MESSAGE, code: 'conflict' }));
    const second = harness();
    await second.send();
    expect(second.state.conflict).toBe(true);
    expect(second.state.sentCount).toBe(0);
  });
});
