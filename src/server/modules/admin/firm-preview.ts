import { count, eq } from 'drizzle-orm';
import type { AdminFirm, FirmOptions, FirmValues } from '../../../domain/admin-firms';
import type { CatalogFirmValues } from '../../../domain/catalog';
import { diffCatalogFirm, type FieldChange } from '../../../domain/catalog-diff';
import { describeRuleChangeInModel } from '../../../domain/rule-change-text';
import type { Db, Tx } from '../../db/client';
import { firmFollows } from '../../db/schema';
import { type FirmSaved, updateFirmIn } from './firms';
import type { Actor } from './service';

/** A firm's values as the editor has them (ids, version and dates are not what a change is about). */
type EditorValues = FirmValues | AdminFirm;

/** Names for ids, so a diff says "Platforms: MT5, cTrader" as the catalog import's does. */
export interface ResourceNames {
  platforms: Map<number, string>;
  payoutMethods: Map<number, string>;
}

export const resourceNames = (options: FirmOptions): ResourceNames => ({
  platforms: new Map(options.platforms.map((p) => [p.id, p.name])),
  payoutMethods: new Map(options.payoutMethods.map((p) => [p.id, p.name])),
});

function asCatalogValues(values: EditorValues, names: ResourceNames): CatalogFirmValues {
  const { platformIds, payoutMethodIds, ...fields } = values;
  const named = (ids: number[], of: Map<number, string>) =>
    ids.map((id) => of.get(id) ?? `#${id}`).sort((a, b) => a.localeCompare(b));
  return {
    ...fields,
    platforms: named(platformIds, names.platforms),
    payoutMethods: named(payoutMethodIds, names.payoutMethods),
  } as CatalogFirmValues;
}

/** What saving `after` over `before` changes, field by field: the catalog import's own diff. */
export const diffFirmValues = (
  before: EditorValues,
  after: EditorValues,
  names: ResourceNames,
): FieldChange[] => diffCatalogFirm(asCatalogValues(before, names), asCatalogValues(after, names));

class PreviewDone extends Error {
  constructor(readonly saved: FirmSaved) {
    super('preview');
  }
}

export interface FirmSavePreview {
  /** The rule, price and size changes in the words of the firm's public history. */
  ruleChanges: string[];
  /** Followers the rule-change email would go to (a listed firm's, when a rule changes). */
  followers: number;
}

/**
 * The dry run of an editor's save, as the catalog import's: the save itself, through the editor's
 * code, in a transaction that is then rolled back (nothing is published). Its refusals (404, 409,
 * 400) are the save's own.
 */
export async function previewFirmSave(
  db: Db,
  actor: Actor,
  firmId: number,
  version: number,
  values: FirmValues,
): Promise<FirmSavePreview> {
  let saved: FirmSaved;
  try {
    await db.transaction(async (tx) => {
      throw new PreviewDone(await updateFirmIn(tx, actor, firmId, version, values));
    });
    throw new Error('unreachable: the preview always rolls back');
  } catch (err) {
    if (!(err instanceof PreviewDone)) throw err;
    saved = err.saved;
  }
  const rules = saved.ruleChanges.changes;
  return {
    ruleChanges: rules.map(describeRuleChangeInModel),
    followers: rules.length && saved.firm.status === 'listed' ? await countFollowers(db, firmId) : 0,
  };
}

async function countFollowers(db: Tx, firmId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(firmFollows).where(eq(firmFollows.propFirmId, firmId));
  return row?.n ?? 0;
}
