import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../tests/setup/test-app';
import { findPackageRoot } from '../db/migrate';
import { POSTBACK_SIGNATURE_SCHEME, SESSION_SCHEME } from './openapi';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  description?: string;
  security?: Record<string, string[]>[];
  'x-admin-only'?: boolean;
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: { $ref?: string } }> }
  >;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { name: string }> };
}

let ctx: TestContext;
let document: Document;
const operations: { method: string; path: string; op: Operation }[] = [];
const byId = (operationId: string) => operations.find((o) => o.op.operationId === operationId)!;

beforeAll(async () => {
  ctx = await createTestApp();
  document = ctx.app.swagger() as unknown as Document;
  for (const [p, methods] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(methods))
      operations.push({ method: method.toUpperCase(), path: p, op });
  }
  // Building an app takes seconds, and minutes on a busy machine.
}, 300_000);
afterAll(() => ctx.close());

describe('the API document (lib/openapi.ts): rules every route keeps', () => {
  it('names every operation with a unique verb-noun operationId, a summary and one module tag', () => {
    expect(operations.length).toBeGreaterThan(100);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path: p, op } of operations) {
      const where = `${method} ${p}`;
      expect(op.operationId, where).toMatch(/^[a-z]+[A-Z][A-Za-z]*$/);
      expect(op.summary?.trim(), where).toBeTruthy();
      expect(op.tags, where).toHaveLength(1);
    }
  });

  it('has no catch-all path and no two paths that differ only by parameter names', () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((p) => p.includes('*'))).toEqual([]);
    const shapes = paths.map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(shapes.filter((shape, i) => shapes.indexOf(shape) !== i)).toEqual([]);
  });

  it('asks for the session cookie, with 401, on exactly the routes that need a signed-in user', () => {
    expect(document.components.securitySchemes[SESSION_SCHEME].name).toBe('pfc.session_token');
    const accessOf = new Map(
      ctx.app.routeAccess.map((r) => [`${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`, r.access]),
    );
    for (const { method, path: p, op } of operations) {
      const where = `${method} ${p}`;
      const access = accessOf.get(where);
      expect(access, where).toBeDefined();
      if (access === 'public') {
        expect(op.security, where).toEqual(
          op.operationId === 'receivePostback' ? [{ [POSTBACK_SIGNATURE_SCHEME]: [] }] : [],
        );
        // A public route's 401 is its own (log-in: wrong password), never "not signed in".
        expect(op.responses[401]?.description ?? '', where).not.toMatch(/^Not signed in/);
        continue;
      }
      expect(op.security, where).toEqual([{ [SESSION_SCHEME]: [] }]);
      expect(op.responses[401], where).toBeDefined();
      if (access !== 'user') expect(op.responses[403], where).toBeDefined();
      expect(op['x-admin-only'] === true, where).toBe(access === 'admin');
      if (access === 'admin') expect(op.responses[403].description, where).toMatch(/^Admin only/);
    }
  });

  it('gives every error response a description and, for JSON, the one error schema', () => {
    expect(document.components.schemas.Error).toBeDefined();
    for (const { method, path: p, op } of operations) {
      expect(op.responses[503], `${method} ${p}`).toBeDefined();
      for (const [status, response] of Object.entries(op.responses)) {
        expect(response.description, `${method} ${p} ${status}`).toBeTruthy();
        const json = response.content?.['application/json'];
        if (Number(status) >= 400 && json) {
          expect(json.schema?.$ref, `${method} ${p} ${status}`).toBe('#/components/schemas/Error');
        }
      }
    }
  });

  it('adds 400 where input is validated, 429 where a rate limit guards, 403 on state-changing calls', () => {
    expect(byId('listFirms').op.responses[400]).toBeDefined();
    expect(byId('getHeroStats').op.responses[400]).toBeUndefined();
    expect(byId('createReview').op.responses[429].description).toMatch(/Retry-After/);
    expect(byId('subscribeNewsletter').op.responses[429]).toBeDefined();
    expect(byId('listFirms').op.responses[429]).toBeUndefined();
    expect(byId('subscribeNewsletter').op.responses[403].description).toMatch(/another site/);
    expect(byId('getFirmDetails').op.responses[404]).toBeDefined();
  });
});

describe('a typed client generated from the document', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'pfc-openapi-client-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** Generates `api.d.ts` with openapi-typescript and type-checks it with `client.ts`; the diagnostics. */
  async function compileClient(doc: unknown, client: string): Promise<string[]> {
    const types = astToString(await openapiTS(doc as Parameters<typeof openapiTS>[0]));
    writeFileSync(path.join(folder, 'api.d.ts'), types);
    writeFileSync(path.join(folder, 'client.ts'), client);
    const root = findPackageRoot();
    const program = ts.createProgram([path.join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      paths: { 'openapi-fetch': [path.join(root, 'node_modules/openapi-fetch')] },
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  }

  const CLIENT = `
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api';

const client = createClient<paths>({ baseUrl: 'https://example.org' });

export async function firmNames(): Promise<string[]> {
  const { data, error } = await client.GET('/api/firms', { params: { query: { page: 2, sort: 'rating' } } });
  if (error) return [error.message];
  return data.firms.map((firm) => firm.name);
}

export async function postReview(slug: number) {
  const { data, error } = await client.POST('/api/firms/{slug}/reviews', {
    params: { path: { slug } },
    body: { propFirmId: slug, rating: 5, title: 'Paid out fast', comment: 'Two payouts, both within a day.' },
  });
  return data?.id ?? error?.code;
}

type Page = operations['listFirms']['responses'][200]['content']['application/json'];
export const total = (page: Page): number => page.total;
export const message = (error: components['schemas']['Error']): string => error.message;
`;

  it('compiles with no error, and names the operations with their shapes', async () => {
    expect(await compileClient(document, CLIENT)).toEqual([]);
  }, 60_000);

  it('fails to compile when the document loses what the client uses', async () => {
    const broken = structuredClone(document);
    delete broken.paths['/api/firms'];
    const errors = await compileClient(broken, CLIENT);
    expect(errors.some((e) => e.includes("'listFirms'"))).toBe(true);
    expect(errors.some((e) => e.includes('/api/firms'))).toBe(true);
  }, 60_000);
});
