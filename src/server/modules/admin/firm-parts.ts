import { eq, inArray } from 'drizzle-orm';
import type { AdminFirm, FirmValues } from '../../../domain/admin-firms';
import { RULE_FIELD_KEYS, ruleValueText } from '../../../domain/rule-change-text';
import type { Tx } from '../../db/client';
import { featuredFirm, firmAccounts, firmPayoutMethods, firmPlatforms, fundingModels } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { chunksOf, IDS_PER_QUERY, ROWS_PER_INSERT, updateRowsById } from '../../lib/batches';

export interface RuleChangeRow {
  fundingModelName: string | null;
  accountSize: number | null;
  field: string;
  oldValue: string | null;
  newValue: string | null;
}

const sameIds = (a: number[], b: number[]) => a.length === new Set(b).size && b.every((id) => a.includes(id));

/** Whether `row` already holds every value of `values`. */
const sameFields = (row: object, values: object) =>
  Object.entries(values).every(
    ([key, value]) =>
      JSON.stringify((row as Record<string, unknown>)[key] ?? null) === JSON.stringify(value ?? null),
  );

type NewModel = typeof fundingModels.$inferInsert & { propFirmId: number; sortOrder: number };
type NewAccount = Omit<typeof firmAccounts.$inferInsert, 'fundingModelId'>;

/**
 * The writes that bring the firms' links, featured flag, funding models and accounts to their
 * input, gathered over a whole batch of saves and then run as a few statements (multi-row inserts,
 * deletes by id lists); only changed rows are updated one by one.
 */
export interface PartWrites {
  /** Firms whose platform (payout method) links are rewritten: their old links go first. */
  relinkPlatforms: number[];
  relinkPayouts: number[];
  platformLinks: { propFirmId: number; platformId: number }[];
  payoutLinks: { propFirmId: number; payoutMethodId: number }[];
  /** In save order: the last save that features a firm wins, as with saves one after another. */
  featured: { firmId: number; featured: boolean }[];
  modelUpdates: { id: number; set: Record<string, unknown> }[];
  /** New models with their accounts, which get the model's id once it is inserted. */
  newModels: { model: NewModel; accounts: NewAccount[] }[];
  accountUpdates: { id: number; set: Record<string, unknown> }[];
  newAccounts: (typeof firmAccounts.$inferInsert)[];
  deletedAccounts: number[];
  deletedModels: number[];
}

export const noWrites = (): PartWrites => ({
  relinkPlatforms: [],
  relinkPayouts: [],
  platformLinks: [],
  payoutLinks: [],
  featured: [],
  modelUpdates: [],
  newModels: [],
  accountUpdates: [],
  newAccounts: [],
  deletedAccounts: [],
  deletedModels: [],
});

/**
 * Adds to `writes` what brings the firm's parts to match the input, and returns the rule changes
 * against `before` (none when the firm is new). Throws before anything is written when the input
 * names a model or account that is not the firm's.
 */
export function planFirmParts(
  writes: PartWrites,
  firmId: number,
  input: FirmValues,
  before: AdminFirm | null,
): RuleChangeRow[] {
  // Links are rewritten only when they change (a new firm has none to drop): a catalog import
  // saves thousands of firms whose links stay as they are.
  if (!before || !sameIds(before.platformIds, input.platformIds)) {
    if (before) writes.relinkPlatforms.push(firmId);
    for (const platformId of new Set(input.platformIds))
      writes.platformLinks.push({ propFirmId: firmId, platformId });
  }
  if (!before || !sameIds(before.payoutMethodIds, input.payoutMethodIds)) {
    if (before) writes.relinkPayouts.push(firmId);
    for (const payoutMethodId of new Set(input.payoutMethodIds))
      writes.payoutLinks.push({ propFirmId: firmId, payoutMethodId });
  }
  if (input.featured || before?.featured) writes.featured.push({ firmId, featured: input.featured });

  const changes: RuleChangeRow[] = [];
  const oldModels = new Map((before?.fundingModels ?? []).map((m) => [m.id, m]));
  const keep = new Set<number>();
  for (const [index, model] of input.fundingModels.entries()) {
    const { id, accounts, ...fields } = model;
    const old = id !== undefined ? oldModels.get(id) : undefined;
    if (id !== undefined && !old)
      throw new AppError(
        400,
        'unknown_reference',
        `fundingModels.${index}.id: this funding model is not the firm's.`,
      );
    const added: NewAccount[] = [];
    if (old) {
      keep.add(old.id);
      // Rows are updated only when something in them changes (the same result, fewer writes).
      const oldIndex = before!.fundingModels.indexOf(old);
      if (oldIndex !== index || !sameFields(old, fields))
        writes.modelUpdates.push({ id: old.id, set: { ...fields, sortOrder: index } });
      for (const key of RULE_FIELD_KEYS) {
        const oldValue = ruleValueText(old[key]);
        const newValue = ruleValueText(fields[key]);
        if (oldValue !== newValue)
          changes.push({ fundingModelName: fields.name, accountSize: null, field: key, oldValue, newValue });
      }
    } else {
      writes.newModels.push({ model: { ...fields, propFirmId: firmId, sortOrder: index }, accounts: added });
      if (before) changes.push(change(fields.name, null, 'modelAdded', null, null));
    }

    const oldAccounts = new Map((old?.accounts ?? []).map((a) => [a.id, a]));
    const keepAccounts = new Set<number>();
    for (const [accountIndex, account] of accounts.entries()) {
      const { id: accountId, ...accountFields } = account;
      const oldAccount = accountId !== undefined ? oldAccounts.get(accountId) : undefined;
      if (accountId !== undefined && !oldAccount)
        throw new AppError(
          400,
          'unknown_reference',
          `fundingModels.${index}.accounts.${accountIndex}.id: this account is not the funding model's.`,
        );
      if (oldAccount && oldAccount.capital === accountFields.capital) {
        keepAccounts.add(oldAccount.id);
        if (!sameFields(oldAccount, accountFields))
          writes.accountUpdates.push({ id: oldAccount.id, set: accountFields });
        if (oldAccount.price !== accountFields.price)
          changes.push(
            change(fields.name, accountFields.capital, 'accountPrice', oldAccount.price, accountFields.price),
          );
        if (oldAccount.pricingType !== accountFields.pricingType)
          changes.push(
            change(
              fields.name,
              accountFields.capital,
              'accountPricingType',
              oldAccount.pricingType,
              accountFields.pricingType,
            ),
          );
      } else {
        // A new size is a new account: traders read it as one size gone and another added.
        if (old) writes.newAccounts.push({ ...accountFields, fundingModelId: old.id, propFirmId: firmId });
        else added.push({ ...accountFields, propFirmId: firmId });
        if (before)
          changes.push(change(fields.name, accountFields.capital, 'accountAdded', null, accountFields.price));
      }
    }
    for (const gone of old?.accounts ?? []) {
      if (keepAccounts.has(gone.id)) continue;
      writes.deletedAccounts.push(gone.id);
      changes.push(change(fields.name, gone.capital, 'accountRemoved', gone.price, null));
    }
  }
  for (const gone of before?.fundingModels ?? []) {
    if (keep.has(gone.id)) continue;
    writes.deletedModels.push(gone.id);
    changes.push(change(gone.name, null, 'modelRemoved', null, null));
  }
  return changes;
}

export async function runPartWrites(tx: Tx, writes: PartWrites): Promise<void> {
  for (const chunk of chunksOf(writes.relinkPlatforms, IDS_PER_QUERY))
    await tx.delete(firmPlatforms).where(inArray(firmPlatforms.propFirmId, chunk));
  for (const chunk of chunksOf(writes.platformLinks, IDS_PER_QUERY))
    await tx.insert(firmPlatforms).values(chunk);
  for (const chunk of chunksOf(writes.relinkPayouts, IDS_PER_QUERY))
    await tx.delete(firmPayoutMethods).where(inArray(firmPayoutMethods.propFirmId, chunk));
  for (const chunk of chunksOf(writes.payoutLinks, IDS_PER_QUERY))
    await tx.insert(firmPayoutMethods).values(chunk);

  for (const { firmId, featured } of writes.featured) {
    if (featured)
      await tx
        .insert(featuredFirm)
        .values({ id: 1, propFirmId: firmId })
        .onConflictDoUpdate({ target: featuredFirm.id, set: { propFirmId: firmId, updatedAt: new Date() } });
    else
      await tx
        .update(featuredFirm)
        .set({ propFirmId: null, updatedAt: new Date() })
        .where(eq(featuredFirm.propFirmId, firmId));
  }

  // A removed model takes its accounts with it (ON DELETE CASCADE).
  for (const chunk of chunksOf(writes.deletedAccounts, IDS_PER_QUERY))
    await tx.delete(firmAccounts).where(inArray(firmAccounts.id, chunk));
  for (const chunk of chunksOf(writes.deletedModels, IDS_PER_QUERY))
    await tx.delete(fundingModels).where(inArray(fundingModels.id, chunk));
  await updateRowsById(tx, fundingModels, writes.modelUpdates);
  await updateRowsById(tx, firmAccounts, writes.accountUpdates);

  const accounts = [...writes.newAccounts];
  for (const chunk of chunksOf(writes.newModels, ROWS_PER_INSERT)) {
    // A firm's new models differ in sort order, which names each returned id's model.
    const inserted = await tx
      .insert(fundingModels)
      .values(chunk.map((m) => m.model))
      .returning({
        id: fundingModels.id,
        propFirmId: fundingModels.propFirmId,
        sortOrder: fundingModels.sortOrder,
      });
    const idOf = new Map(inserted.map((r) => [`${r.propFirmId}:${r.sortOrder}`, r.id]));
    for (const { model, accounts: modelAccounts } of chunk) {
      const fundingModelId = idOf.get(`${model.propFirmId}:${model.sortOrder}`)!;
      for (const account of modelAccounts) accounts.push({ ...account, fundingModelId });
    }
  }
  for (const chunk of chunksOf(accounts, IDS_PER_QUERY)) await tx.insert(firmAccounts).values(chunk);
}

const change = (
  fundingModelName: string,
  accountSize: number | null,
  field: string,
  oldValue: unknown,
  newValue: unknown,
): RuleChangeRow => ({
  fundingModelName,
  accountSize,
  field,
  oldValue: ruleValueText(oldValue),
  newValue: ruleValueText(newValue),
});
