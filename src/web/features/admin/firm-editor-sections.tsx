import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type FirmInput, TRUST_RATINGS } from '../../../domain/admin-firms';
import { RATING_TEXT_ITEMS, TRADABLE_ASSETS } from '../../../domain/firm-rules';
import { Card } from '../../components/ui/card';
import {
  CheckboxField,
  type Errors,
  LinesField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from './fields';
import { ImageField } from './image-field';
import { firmOptionsQuery } from './queries';
import { ResourcePicker } from './resource-picker';

const slugify = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);

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

interface SectionProps {
  values: FirmInput;
  set: (patch: Partial<FirmInput>) => void;
  errors: Errors;
}

export function BasicsSection({
  values,
  set,
  errors,
  slugTouched,
  setSlugTouched,
}: SectionProps & { slugTouched: boolean; setSlugTouched: (touched: boolean) => void }) {
  return (
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
  );
}

export function DescriptionsSection({ values, set, errors }: SectionProps) {
  return (
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
  );
}

export function TrustRatingSection({ values, set, errors }: SectionProps) {
  return (
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
  );
}

export function MarketsSection({ values, set, errors }: SectionProps) {
  return (
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
  );
}

export function LinksSection({ values, set, errors }: SectionProps) {
  return (
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
  );
}

export function PricesSection({ values, set, errors }: SectionProps) {
  return (
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
  );
}

export function PlatformsSection({ values, set }: Omit<SectionProps, 'errors'>) {
  const options = useQuery(firmOptionsQuery());
  return (
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
  );
}
