import { createHash } from 'node:crypto';
import { type CatalogDocument, couponKey, toCatalogDocument, unlistedKey } from '../../../domain/catalog';
import { type CatalogImportReport, emptySummary } from '../../../domain/catalog-diff';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Changes } from '../../lib/events';
import { loadCatalog, type StoredCatalog } from './catalog-load';
import { type CatalogImportInput, type CatalogImportResult, writeCatalog } from './catalog-write';
import { conflict } from './firms';
import type { Actor } from './service';

/** The catalog as one document (export): firms by slug, coupons by code, not-yet-listed entries by name. */
export async function exportCatalog(db: Db): Promise<CatalogDocument> {
  const stored = await loadCatalog(db);
  return toCatalogDocument(
    stored.firms.map((f) => f.values),
    stored.coupons.map((c) => c.values),
    stored.unlistedFirms.map((u) => u.values),
  );
}

/**
 * The versions the import reads: of the firms, coupons and not-yet-listed entries the file names
 * (every one in replace mode, of the parts the file gives), and the mode. A dry run returns it;
 * the apply is refused (409) when it has changed.
 */
function fingerprintOf(stored: StoredCatalog, input: CatalogImportInput): string {
  const slugs = new Set(input.catalog.firms.map((f) => f.slug));
  const keys = new Set(input.couponsGiven ? input.catalog.coupons.map(couponKey) : []);
  const names = new Set(input.unlistedGiven ? input.catalog.unlistedFirms.map(unlistedKey) : []);
  const hash = createHash('sha256').update(input.replace ? 'replace;' : 'merge;');
  for (const f of [...stored.firms].sort((a, b) => a.id - b.id))
    if (input.replace || slugs.has(f.values.slug)) hash.update(`f${f.id}:${f.version};`);
  for (const c of [...stored.coupons].sort((a, b) => a.id - b.id))
    if ((input.replace && input.couponsGiven) || keys.has(couponKey(c.values)))
      hash.update(`c${c.id}:${c.version};`);
  for (const u of [...stored.unlistedFirms].sort((a, b) => a.id - b.id))
    if ((input.replace && input.unlistedGiven) || names.has(unlistedKey(u.values)))
      hash.update(`u${u.id}:${u.version};`);
  return hash.digest('hex').slice(0, 32);
}

class DryRunDone extends Error {
  constructor(readonly result: CatalogImportResult) {
    super('dry run');
  }
}

/**
 * The import (decision 0053). The dry run does everything an apply does, through the editor's
 * own save code, in a transaction it then rolls back (publishing nothing): its report is what the
 * apply will do, rule changes included. An apply names the dry run's fingerprint; anything saved
 * since is a 409 and nothing is applied. While the file has problems nothing is written at all.
 */
export async function importCatalog(
  db: Db,
  changes: Changes,
  actor: Actor,
  input: CatalogImportInput,
  options: { apply: boolean; fingerprint?: string },
): Promise<CatalogImportResult> {
  const base = (fingerprint: string): CatalogImportReport => ({
    applied: false,
    replace: input.replace,
    unlistedGiven: input.unlistedGiven,
    fingerprint,
    problems: input.catalog.problems,
    summary: emptySummary(),
    newPlatforms: [],
    newPayoutMethods: [],
    firms: [],
    coupons: [],
    unlistedFirms: [],
  });
  if (input.catalog.problems.length) {
    if (options.apply)
      throw new AppError(
        400,
        'catalog_problems',
        'The file has problems: run the dry run and fix them first.',
      );
    return {
      report: base(''),
      effects: { events: [], ruleChangeBatches: [] },
    };
  }
  if (options.apply && !options.fingerprint)
    throw new AppError(
      400,
      'fingerprint_missing',
      'fingerprint: run the dry run first and send its fingerprint.',
    );
  try {
    return await changes.commit(db, async (tx) => {
      const stored = await loadCatalog(tx);
      const fingerprint = fingerprintOf(stored, input);
      if (options.apply && fingerprint !== options.fingerprint) throw conflict();
      const result = await writeCatalog(tx, actor, stored, input, base(fingerprint), options.apply);
      if (!options.apply || result.report.problems.length) throw new DryRunDone(result);
      result.report.applied = true;
      return { result, changes: result.effects.events };
    });
  } catch (err) {
    if (!(err instanceof DryRunDone)) throw err;
    if (options.apply)
      throw new AppError(
        400,
        'catalog_problems',
        'The file has problems: run the dry run and fix them first.',
      );
    return err.result;
  }
}
