import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MAX_CATALOG_BYTES } from '../../../domain/catalog';
import { CatalogImportReportSchema } from '../../../domain/catalog-diff';
import { sessionUser } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { ErrorSchema, type Http } from '../../lib/http';
import { byUser, MINUTE, rateLimit } from '../../lib/rate-limit';
import { startRuleChangeEmails } from '../rule-changes/service';
import { exportCatalog, importCatalog } from './catalog';
import {
  CATALOG_CSV_FILES,
  type CatalogCsvFile,
  catalogCsvFiles,
  catalogJson,
  readCatalogFiles,
} from './catalog-files';

const tags = ['admin'];

/** The export's formats: the JSON document, or one of the CSV files. */
const CSV_EXPORTS = {
  'accounts-csv': 'accounts.csv',
  'coupons-csv': 'coupons.csv',
  'unlisted-firms-csv': 'unlisted-firms.csv',
} as const satisfies Record<string, CatalogCsvFile>;

const ExportQuerySchema = z.object({
  format: z.enum(['json', 'accounts-csv', 'coupons-csv', 'unlisted-firms-csv'], {
    error: 'format is json, accounts-csv, coupons-csv or unlisted-firms-csv',
  }),
});

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * The upload: catalog.json, or accounts.csv, coupons.csv and unlisted-firms.csv, each up to 20 MB,
 * plus the form's fields.
 */
async function readCatalogForm(request: FastifyRequest) {
  if (!request.isMultipart())
    throw new AppError(400, 'not_multipart', 'Send the files as multipart/form-data.');
  const files: { name: string; text: string }[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({
      limits: { fileSize: MAX_CATALOG_BYTES, files: CATALOG_CSV_FILES.length, fields: 5, parts: 8 },
    })) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        try {
          files.push({ name: part.filename ?? '', text: decoder.decode(body) });
        } catch {
          throw new AppError(400, 'not_utf8', `${part.filename}: save the file as UTF-8.`);
        }
      } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        413,
        'file_too_large',
        'A catalog file is limited to 20 MB here: import a larger one with npm run data:import, or in parts (a merge import leaves the firms it does not name alone).',
      );
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(
        400,
        'too_many_parts',
        'Send catalog.json, or accounts.csv, coupons.csv and unlisted-firms.csv.',
      );
    throw new AppError(400, 'bad_upload', 'The files could not be read. Please send them again.');
  }
  if (files.length === 0) throw new AppError(400, 'file_missing', 'Choose the catalog file to import.');
  return { ...readCatalogFiles(files), replace: fields.replace === 'true', fingerprint: fields.fingerprint };
}

export async function adminCatalogRoutes(app: Http): Promise<void> {
  const db = app.database.db;
  const limit = rateLimit(app, [byUser('catalog-import', 60, MINUTE)]);

  app.get(
    '/api/admin/catalog',
    {
      schema: {
        operationId: 'exportCatalog',
        tags,
        summary:
          'The whole catalog as a download: catalog.json, accounts.csv, coupons.csv or unlisted-firms.csv',
        querystring: ExportQuerySchema,
      },
    },
    async (request, reply) => {
      const doc = await exportCatalog(db);
      const { format } = request.query;
      const [name, type, body] =
        format === 'json'
          ? ['catalog.json', 'application/json', catalogJson(doc)]
          : [CSV_EXPORTS[format], 'text/csv', catalogCsvFiles(doc)[CSV_EXPORTS[format]]];
      return reply
        .header('content-type', `${type}; charset=utf-8`)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/api/admin/catalog/dry-run',
    {
      preHandler: limit,
      schema: {
        operationId: 'previewCatalogImport',
        tags,
        summary: 'Dry run of a catalog import: each firm new, changed or unchanged, and every problem',
        description:
          'Multipart: catalog.json, or accounts.csv (and coupons.csv, unlisted-firms.csv), up to 20 MB each; field replace=true also lists what would be removed (coupons and not-yet-listed entries only when the file has them). Nothing is written. The answer carries the fingerprint of the versions read, for the apply.',
        response: { 200: CatalogImportReportSchema, 400: ErrorSchema, 413: ErrorSchema },
      },
    },
    async (request) => {
      const upload = await readCatalogForm(request);
      const { report } = await importCatalog(db, app.changes, sessionUser(request), upload, { apply: false });
      return report;
    },
  );

  app.post(
    '/api/admin/catalog/import',
    {
      preHandler: limit,
      schema: {
        operationId: 'applyCatalogImport',
        tags,
        summary: 'Apply a catalog import in one transaction (409 when anything was saved since the dry run)',
        description:
          'The same multipart as the dry run plus the field fingerprint from its answer. Refused (400) while the file has a problem; each firm is saved through the editor, with its audit entry, rule-change history and follower emails.',
        response: { 200: CatalogImportReportSchema, 400: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema },
      },
    },
    async (request) => {
      const upload = await readCatalogForm(request);
      const { report, effects } = await importCatalog(db, app.changes, sessionUser(request), upload, {
        apply: true,
        fingerprint: upload.fingerprint ?? '',
      });
      void startRuleChangeEmails(app, effects.ruleChangeBatches, request.log);
      return report;
    },
  );
}
