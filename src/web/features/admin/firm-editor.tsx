import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import PlusIcon from '~icons/lucide/plus';
import TrashIcon from '~icons/lucide/trash-2';
import {
  type AccountInput,
  type AdminFirm,
  emptyFirm,
  emptyFundingModel,
  type FirmInput,
  FirmInputSchema,
  type FundingModelInput,
  TRUST_RATINGS,
} from '../../../domain/admin-firms';
import { DRAWDOWN_TYPE_LABELS, DRAWDOWN_TYPES } from '../../../domain/challenge-rules';
import { RATING_TEXT_ITEMS, TRADABLE_ASSETS } from '../../../domain/firm-rules';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { apiJson, apiRequest } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { ConflictNotice } from './conflict-notice';
import {
  CheckboxField,
  type Errors,
  fieldId,
  LinesField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from './fields';
import { ImageField } from './image-field';
import { firmOptionsQuery } from './queries';
import { ResourcePicker } from './resource-picker';
import { useSaveForm } from './use-save-form';
import { useZodForm } from './use-zod-form';

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

/** The payload the editor sends: the loaded firm without its bookkeeping fields. */
export function toFirmInput(firm: AdminFirm): FirmInput {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...input } = firm;
  return input;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </Card>
  );
}

const TRUST_OPTIONS = TRUST_RATINGS.map((value) => ({
  value,
  label: value === 'not tested' ? 'Not tested' : value[0].toUpperCase() + value.slice(1),
}));

const emptyAccount = (): AccountInput => ({
  capital: 0,
  price: 0,
  pricingType: 'one-time',
  maxContracts: null,
  activationFee: null,
  resetPrice: null,
  disclaimer: null,
});

function AccountRows({
  model,
  path,
  errors,
  onChange,
}: {
  model: FundingModelInput;
  path: string;
  errors: Errors;
  onChange: (accounts: AccountInput[]) => void;
}) {
  const set = (index: number, patch: Partial<AccountInput>) =>
    onChange(model.accounts.map((a, i) => (i === index ? { ...a, ...patch } : a)));
  return (
    <div className="sm:col-span-2">
      <h4 className="text-sm font-semibold text-slate-900">Accounts</h4>
      {model.accounts.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No accounts yet.</p>
      ) : (
        <ol className="mt-2 grid gap-3">
          {model.accounts.map((account, i) => {
            const p = `${path}.accounts.${i}`;
            return (
              <li key={account.id ?? `new-${i}`} className="rounded-lg border border-slate-200 p-3">
                <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto]">
                  <NumberField
                    path={`${p}.capital`}
                    label="Account size ($)"
                    step="1"
                    errors={errors}
                    value={account.capital}
                    onChange={(v) => set(i, { capital: v ?? 0 })}
                  />
                  <NumberField
                    path={`${p}.price`}
                    label="Price ($)"
                    errors={errors}
                    value={account.price}
                    onChange={(v) => set(i, { price: v ?? 0 })}
                  />
                  <SelectField
                    path={`${p}.pricingType`}
                    label="Pricing"
                    errors={errors}
                    value={account.pricingType}
                    options={[
                      { value: 'one-time', label: 'One-time' },
                      { value: 'monthly', label: 'Monthly' },
                    ]}
                    onChange={(v) => set(i, { pricingType: v })}
                  />
                  <NumberField
                    path={`${p}.maxContracts`}
                    label="Max contracts"
                    step="1"
                    errors={errors}
                    value={account.maxContracts}
                    onChange={(v) => set(i, { maxContracts: v })}
                  />
                  <NumberField
                    path={`${p}.activationFee`}
                    label="Activation fee ($)"
                    errors={errors}
                    value={account.activationFee ?? null}
                    onChange={(v) => set(i, { activationFee: v })}
                  />
                  <NumberField
                    path={`${p}.resetPrice`}
                    label="Reset price ($)"
                    errors={errors}
                    value={account.resetPrice ?? null}
                    onChange={(v) => set(i, { resetPrice: v })}
                  />
                  <div className="col-span-2 flex items-end lg:col-span-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove the ${account.capital ? `$${account.capital.toLocaleString('en-US')} ` : ''}account`}
                      onClick={() => onChange(model.accounts.filter((_, j) => j !== i))}
                    >
                      <TrashIcon aria-hidden="true" /> Remove
                    </Button>
                  </div>
                  <TextField
                    path={`${p}.disclaimer`}
                    label="Disclaimer"
                    className="col-span-2 lg:col-span-5"
                    errors={errors}
                    value={account.disclaimer}
                    onChange={(v) => set(i, { disclaimer: v })}
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button
        variant="outline"
        size="sm"
        className="mt-3"
        onClick={() => onChange([...model.accounts, emptyAccount()])}
      >
        <PlusIcon aria-hidden="true" /> Add account
      </Button>
    </div>
  );
}

const RULE_PERCENTS = [
  ['profitSplit', 'Profit split (%)'],
  ['profitTargetPhase1', 'Phase 1 target (%)'],
  ['profitTargetPhase2', 'Phase 2 target (%)'],
  ['profitTargetPhase3', 'Phase 3 target (%)'],
  ['maximumDrawdown', 'Max drawdown (%)'],
  ['dailyDrawdown', 'Daily drawdown (%)'],
  ['consistencyPercentage', 'Consistency percentage (%)'],
] as const;

const RULE_FLAGS = [
  ['stopLossRequired', 'Stop-loss required'],
  ['feeRefundable', 'Fee refundable'],
  ['timeLimits', 'Time limits'],
  ['eaAllowed', 'EA allowed'],
  ['consistencyRule', 'Consistency rule'],
  ['weekendHolding', 'Weekend holding'],
  ['lotSizeRestrictions', 'Lot size restrictions'],
] as const;

function FundingModelCard({
  model,
  index,
  errors,
  onChange,
  onRemove,
}: {
  model: FundingModelInput;
  index: number;
  errors: Errors;
  onChange: (model: FundingModelInput) => void;
  onRemove: () => void;
}) {
  const path = `fundingModels.${index}`;
  const set = (patch: Partial<FundingModelInput>) => onChange({ ...model, ...patch });
  const text = (key: keyof FundingModelInput, label: string, className?: string) => (
    <TextField
      path={`${path}.${key}`}
      label={label}
      className={className}
      errors={errors}
      value={model[key] as string | null}
      onChange={(v) => set({ [key]: v })}
    />
  );
  return (
    <li className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{model.name || `Funding model ${index + 1}`}</h3>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          <TrashIcon aria-hidden="true" /> Remove model
        </Button>
      </div>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        {text('name', 'Name')}
        {text('type', 'Type (e.g. 2-Step)')}
        {text('assetType', 'Asset type')}
        <SelectField
          path={`${path}.drawdownType`}
          label="Drawdown type"
          errors={errors}
          value={model.drawdownType ?? ''}
          options={[
            { value: '', label: 'Not stated' },
            ...DRAWDOWN_TYPES.map((v) => ({ value: v, label: DRAWDOWN_TYPE_LABELS[v] })),
          ]}
          onChange={(v) => set({ drawdownType: v === '' ? null : v })}
        />
        <TextAreaField
          path={`${path}.description`}
          label="Description"
          className="sm:col-span-2"
          rows={2}
          errors={errors}
          value={model.description}
          onChange={(v) => set({ description: v })}
        />
        <NumberField
          path={`${path}.leverage`}
          label="Leverage (1:N)"
          step="1"
          errors={errors}
          value={model.leverage}
          onChange={(v) => set({ leverage: v })}
        />
        <NumberField
          path={`${path}.minimumPayout`}
          label="Minimum payout ($)"
          errors={errors}
          value={model.minimumPayout}
          onChange={(v) => set({ minimumPayout: v })}
        />
        {RULE_PERCENTS.map(([key, label]) => (
          <NumberField
            key={key}
            path={`${path}.${key}`}
            label={label}
            errors={errors}
            value={model[key]}
            onChange={(v) => set({ [key]: v })}
          />
        ))}
        <NumberField
          path={`${path}.minimumTradingDays`}
          label="Min trading days"
          step="1"
          errors={errors}
          value={model.minimumTradingDays}
          onChange={(v) => set({ minimumTradingDays: v })}
        />
        {text('payoutFrequency', 'Payout frequency')}
        {text('newsTrading', 'News trading')}
        {text('payoutRequirements', 'Payout requirements', 'sm:col-span-2')}
        <fieldset className="grid grid-cols-1 gap-x-4 sm:col-span-2 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="mb-1 text-sm font-medium text-slate-800">Trading rules</legend>
          {RULE_FLAGS.map(([key, label]) => (
            <CheckboxField
              key={key}
              path={`${path}.${key}`}
              label={label}
              errors={errors}
              checked={model[key]}
              onChange={(v) => set({ [key]: v })}
            />
          ))}
        </fieldset>
        <LinesField
          path={`${path}.features`}
          label="Additional features"
          className="sm:col-span-2"
          rows={3}
          errors={errors}
          value={model.features}
          onChange={(v) => set({ features: v })}
        />
        <AccountRows model={model} path={path} errors={errors} onChange={(accounts) => set({ accounts })} />
      </div>
    </li>
  );
}

function DeleteFirm({ firm, onDeleted }: { firm: AdminFirm; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/admin/firms/${firm.id}?version=${firm.version}`),
    onSuccess: () => {
      setOpen(false);
      toast({
        title: 'Firm deleted',
        description: `${firm.name} is no longer on the site.`,
        variant: 'success',
      });
      onDeleted();
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <TrashIcon aria-hidden="true" /> Delete firm
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle className="text-lg font-semibold">Delete {firm.name}?</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">
            This removes the firm with its funding models, accounts, reviews and rule-change history. Its
            coupons stay, without a firm. This cannot be undone.
          </DialogDescription>
          <DialogFooter className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Deleting...' : 'Delete for good'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * The whole firm in one form: its fields, links, rating, funding models and accounts. One save
 * sends everything with the version it was loaded at; a newer version on the server is a 409.
 */
export function FirmEditor({ firm }: { firm: AdminFirm | null }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const form = useZodForm({
    schema: FirmInputSchema,
    initial: (): FirmInput => (firm ? toFirmInput(firm) : emptyFirm()),
  });
  const { values, set, errors, handleSubmit } = form;
  const { save, version, conflict, reload } = useSaveForm({
    form,
    record: firm,
    request: (payload: FirmInput, version) =>
      firm
        ? apiJson<AdminFirm>('PUT', `/api/admin/firms/${firm.id}`, { version, firm: payload })
        : apiJson<AdminFirm>('POST', '/api/admin/firms', payload),
    toValues: toFirmInput,
    savedToast: (saved) => ({ title: 'Firm saved', description: `${saved.name} is up to date on the site.` }),
    pathOf: (saved) => `/admin/firms/${saved.id}`,
    latest: (current) =>
      queryClient.fetchQuery({
        queryKey: ['/api/admin/firms', String(current.id)],
        queryFn: () => apiJson<AdminFirm>('GET', `/api/admin/firms/${current.id}`),
        staleTime: 0,
      }),
    onLoaded: (current) => queryClient.setQueryData(['/api/admin/firms', String(current.id)], current),
  });
  const [slugTouched, setSlugTouched] = useState(Boolean(firm));
  const options = useQuery(firmOptionsQuery());

  const submit = handleSubmit(
    (_payload, current) => save.mutate(current),
    (found) =>
      toast({
        title: 'Check the highlighted fields',
        description: `${Object.keys(found).length} ${Object.keys(found).length === 1 ? 'field needs' : 'fields need'} attention.`,
        variant: 'destructive',
      }),
  );

  const models = values.fundingModels;
  const setModels = (next: FundingModelInput[]) => set({ fundingModels: next });
  const errorCount = Object.keys(errors).length;

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      {conflict ? (
        <ConflictNotice onReload={reload}>
          Someone saved this firm after you opened it. Loading the latest version replaces your unsaved
          changes.
        </ConflictNotice>
      ) : null}
      {errorCount > 0 ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {errorCount} {errorCount === 1 ? 'field needs' : 'fields need'} attention before saving.
        </p>
      ) : null}

      <Section title="Basics">
        <TextField
          path="name"
          label="Name"
          required
          errors={errors}
          value={values.name}
          onChange={(v) => set({ name: v ?? '', ...(slugTouched ? {} : { slug: slugify(v ?? '') }) })}
        />
        <TextField
          path="slug"
          label="Slug"
          required
          hint="The address: /firm/your-slug"
          errors={errors}
          value={values.slug}
          onChange={(v) => {
            setSlugTouched(true);
            set({ slug: v ?? '' });
          }}
        />
        <SelectField
          path="status"
          label="Status"
          errors={errors}
          value={values.status}
          hint="Unlisted firms have no page and are left out of the directory."
          options={[
            { value: 'listed', label: 'Listed' },
            { value: 'unlisted', label: 'Unlisted (hidden)' },
          ]}
          onChange={(v) => set({ status: v })}
        />
        <CheckboxField
          path="featured"
          label="Featured firm (pinned to the top of the directory)"
          hint="Only one firm is featured: choosing this one replaces the current one."
          errors={errors}
          checked={values.featured}
          onChange={(v) => set({ featured: v })}
        />
        <ImageField
          path="logo"
          label="Logo"
          errors={errors}
          value={values.logo}
          onChange={(v) => set({ logo: v })}
        />
        <TextField
          path="assetType"
          label="Asset type"
          hint="Text containing cfd, forex, futures or crypto."
          errors={errors}
          value={values.assetType}
          onChange={(v) => set({ assetType: v })}
        />
        <TextField
          path="website"
          label="Website"
          type="url"
          errors={errors}
          value={values.website}
          onChange={(v) => set({ website: v })}
        />
        <TextField
          path="affiliateUrl"
          label="Affiliate URL"
          type="url"
          hint="Visit Website and Buy Now go here through /outbound."
          errors={errors}
          value={values.affiliateUrl}
          onChange={(v) => set({ affiliateUrl: v })}
        />
        <TextField
          path="headquarters"
          label="Headquarters"
          errors={errors}
          value={values.headquarters}
          onChange={(v) => set({ headquarters: v })}
        />
        <TextField
          path="ceoName"
          label="CEO"
          errors={errors}
          value={values.ceoName}
          onChange={(v) => set({ ceoName: v })}
        />
        <NumberField
          path="established"
          label="Founded (year)"
          step="1"
          errors={errors}
          value={values.established}
          onChange={(v) => set({ established: v })}
        />
      </Section>

      <Section title="Descriptions">
        <TextAreaField
          path="shortDescription"
          label="Short description"
          className="sm:col-span-2"
          rows={2}
          errors={errors}
          value={values.shortDescription}
          onChange={(v) => set({ shortDescription: v })}
        />
        <TextAreaField
          path="description"
          label="Company information"
          hint="Each line is a paragraph."
          className="sm:col-span-2"
          rows={6}
          errors={errors}
          value={values.description}
          onChange={(v) => set({ description: v })}
        />
      </Section>

      <Section title="Trust rating" description="The badge, and 'Why this firm is rated' on the firm page.">
        <SelectField
          path="trustRating"
          label="Trust rating"
          errors={errors}
          value={values.trustRating}
          options={TRUST_OPTIONS}
          onChange={(v) => set({ trustRating: v })}
        />
        <div className="hidden sm:block" />
        {RATING_TEXT_ITEMS.map((item) => (
          <TextAreaField
            key={item.key}
            path={item.key}
            label={item.label}
            rows={3}
            errors={errors}
            value={values[item.key]}
            onChange={(v) => set({ [item.key]: v })}
          />
        ))}
        <TextAreaField
          path="watchOutFor"
          label="What to stay aware of"
          hint="One point per line."
          className="sm:col-span-2"
          rows={3}
          errors={errors}
          value={values.watchOutFor}
          onChange={(v) => set({ watchOutFor: v })}
        />
      </Section>

      <Section title="Features and markets">
        <LinesField
          path="features"
          label="Key features"
          errors={errors}
          value={values.features}
          onChange={(v) => set({ features: v })}
        />
        <LinesField
          path="restrictedCountries"
          label="Restricted countries"
          errors={errors}
          value={values.restrictedCountries}
          onChange={(v) => set({ restrictedCountries: v })}
        />
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Tradable assets</legend>
          <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
            {TRADABLE_ASSETS.map((asset) => (
              <CheckboxField
                key={asset}
                path={`tradableAssets-${asset}`}
                label={asset}
                errors={errors}
                checked={values.tradableAssets.includes(asset)}
                onChange={(on) =>
                  set({
                    tradableAssets: on
                      ? [...values.tradableAssets, asset]
                      : values.tradableAssets.filter((a) => a !== asset),
                  })
                }
              />
            ))}
          </div>
        </fieldset>
      </Section>

      <Section title="Links and cashback">
        <CheckboxField
          path="londonExpoEnabled"
          label="Show the expo card"
          errors={errors}
          checked={values.londonExpoEnabled}
          onChange={(v) => set({ londonExpoEnabled: v })}
        />
        <TextField
          path="londonExpoUrl"
          label="Expo URL"
          type="url"
          errors={errors}
          value={values.londonExpoUrl}
          onChange={(v) => set({ londonExpoUrl: v })}
        />
        <CheckboxField
          path="payoutJunctionEnabled"
          label="Show the payout tracking card"
          errors={errors}
          checked={values.payoutJunctionEnabled}
          onChange={(v) => set({ payoutJunctionEnabled: v })}
        />
        <TextField
          path="payoutJunctionUrl"
          label="Payout tracking URL"
          type="url"
          errors={errors}
          value={values.payoutJunctionUrl}
          onChange={(v) => set({ payoutJunctionUrl: v })}
        />
        <CheckboxField
          path="cashbackProvided"
          label="Cashback provided"
          errors={errors}
          checked={values.cashbackProvided}
          onChange={(v) => set({ cashbackProvided: v })}
        />
        <NumberField
          path="cashbackPercentage"
          label="Cashback (%)"
          hint="Traders earn this many points per $1."
          errors={errors}
          value={values.cashbackPercentage}
          onChange={(v) => set({ cashbackPercentage: v })}
        />
      </Section>

      <Section title="Prices and funding" description="Leave blank to work them out from the accounts below.">
        <NumberField
          path="accountPriceMin"
          label="Lowest account price ($)"
          errors={errors}
          value={values.accountPriceMin}
          onChange={(v) => set({ accountPriceMin: v })}
        />
        <NumberField
          path="accountPriceMax"
          label="Highest account price ($)"
          errors={errors}
          value={values.accountPriceMax}
          onChange={(v) => set({ accountPriceMax: v })}
        />
        <NumberField
          path="fundingMin"
          label="Smallest funding ($)"
          step="1"
          errors={errors}
          value={values.fundingMin}
          onChange={(v) => set({ fundingMin: v })}
        />
        <NumberField
          path="fundingMax"
          label="Largest funding ($)"
          step="1"
          errors={errors}
          value={values.fundingMax}
          onChange={(v) => set({ fundingMax: v })}
        />
      </Section>

      <Section title="Platforms and payout methods">
        <ResourcePicker
          kind="platforms"
          label="Trading platforms"
          options={options.data?.platforms ?? []}
          selected={values.platformIds}
          onChange={(ids) => set({ platformIds: ids })}
        />
        <ResourcePicker
          kind="payout-methods"
          label="Payout methods"
          options={options.data?.payoutMethods ?? []}
          selected={values.payoutMethodIds}
          onChange={(ids) => set({ payoutMethodIds: ids })}
        />
      </Section>

      <Card className="p-4 sm:p-6">
        <h2 className="text-lg font-semibold text-slate-900">Funding models</h2>
        <p className="mt-1 text-sm text-slate-600">
          Changes to rules, prices and account sizes of a listed firm appear in its public Rule changes
          timeline and are emailed to its followers.
        </p>
        {errors.fundingModels ? <p className="mt-2 text-sm text-red-700">{errors.fundingModels}</p> : null}
        <ol className="mt-4 grid gap-4">
          {models.map((model, i) => (
            <FundingModelCard
              key={model.id ?? `new-${i}`}
              model={model}
              index={i}
              errors={errors}
              onChange={(next) => setModels(models.map((m, j) => (j === i ? next : m)))}
              onRemove={() => setModels(models.filter((_, j) => j !== i))}
            />
          ))}
        </ol>
        <Button
          variant="outline"
          className="mt-4"
          onClick={() => {
            setModels([...models, emptyFundingModel()]);
            requestAnimationFrame(() =>
              document.getElementById(fieldId(`fundingModels.${models.length}.name`))?.focus(),
            );
          }}
        >
          <PlusIcon aria-hidden="true" /> Add funding model
        </Button>
      </Card>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : firm ? 'Save changes' : 'Create firm'}
        </Button>
        <Button variant="outline" asChild>
          <Link to="/admin/firms">Cancel</Link>
        </Button>
        {firm && firm.status === 'listed' ? (
          <Button variant="ghost" asChild>
            <a href={`/firm/${firm.slug}`} target="_blank" rel="noreferrer">
              View on site
            </a>
          </Button>
        ) : null}
      </div>
      {firm ? (
        <Card tone="danger" className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
          <p className="text-sm text-slate-700">Deleting a firm removes it from the site for good.</p>
          <DeleteFirm firm={{ ...firm, version }} onDeleted={() => navigate('/admin/firms')} />
        </Card>
      ) : null}
    </form>
  );
}
