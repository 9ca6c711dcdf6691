import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type FirmInput, TRUST_RATINGS } from '../../../domain/admin-firms';
import { RATING_TEXT_ITEMS, TRADABLE_ASSETS } from '../../../domain/firm-rules';
import { slugify } from '../../../domain/slug';
import { Card } from '../../components/ui/card';
import { bindFields } from './bind-fields';
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
  const { field, check } = bindFields(values, set, errors);
  return (
    <Section title="Basics">
      <TextField
        path="name"
        label="Name"
        required
        errors={errors}
        value={values.name}
        onChange={(v) => set({ name: v ?? '', ...(slugTouched ? {} : { slug: slugify(v ?? '', 100) }) })}
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
        label="Status"
        hint="Unlisted firms have no page and are left out of the directory."
        options={[
          { value: 'listed', label: 'Listed' },
          { value: 'unlisted', label: 'Unlisted (hidden)' },
        ]}
        {...field('status')}
      />
      <CheckboxField
        label="Featured firm (pinned to the top of the directory)"
        hint="Only one firm is featured: choosing this one replaces the current one."
        {...check('featured')}
      />
      <ImageField label="Logo" {...field('logo')} />
      <TextField
        label="Asset type"
        hint="Text containing cfd, forex, futures or crypto."
        {...field('assetType')}
      />
      <TextField label="Website" type="url" {...field('website')} />
      <TextField
        label="Affiliate URL"
        type="url"
        hint="Visit Website and Buy Now go here through /outbound."
        {...field('affiliateUrl')}
      />
      <TextField label="Headquarters" {...field('headquarters')} />
      <TextField label="CEO" {...field('ceoName')} />
      <NumberField label="Founded (year)" step="1" {...field('established')} />
    </Section>
  );
}

export function DescriptionsSection({ values, set, errors }: SectionProps) {
  const { field } = bindFields(values, set, errors);
  return (
    <Section title="Descriptions">
      <TextAreaField
        label="Short description"
        className="sm:col-span-2"
        rows={2}
        {...field('shortDescription')}
      />
      <TextAreaField
        label="Company information"
        hint="Each line is a paragraph."
        className="sm:col-span-2"
        rows={6}
        {...field('description')}
      />
    </Section>
  );
}

export function TrustRatingSection({ values, set, errors }: SectionProps) {
  const { field } = bindFields(values, set, errors);
  return (
    <Section title="Trust rating" description="The badge, and 'Why this firm is rated' on the firm page.">
      <SelectField label="Trust rating" options={TRUST_OPTIONS} {...field('trustRating')} />
      <div className="hidden sm:block" />
      {RATING_TEXT_ITEMS.map((item) => (
        <TextAreaField key={item.key} label={item.label} rows={3} {...field(item.key)} />
      ))}
      <TextAreaField
        label="What to stay aware of"
        hint="One point per line."
        className="sm:col-span-2"
        rows={3}
        {...field('watchOutFor')}
      />
    </Section>
  );
}

export function MarketsSection({ values, set, errors }: SectionProps) {
  const { field } = bindFields(values, set, errors);
  return (
    <Section title="Features and markets">
      <LinesField label="Key features" {...field('features')} />
      <LinesField label="Restricted countries" {...field('restrictedCountries')} />
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
  const { field, check } = bindFields(values, set, errors);
  return (
    <Section title="Links and cashback">
      <CheckboxField label="Show the expo card" {...check('londonExpoEnabled')} />
      <TextField label="Expo URL" type="url" {...field('londonExpoUrl')} />
      <CheckboxField label="Show the payout tracking card" {...check('payoutJunctionEnabled')} />
      <TextField label="Payout tracking URL" type="url" {...field('payoutJunctionUrl')} />
      <CheckboxField label="Cashback provided" {...check('cashbackProvided')} />
      <NumberField
        label="Cashback (%)"
        hint="Traders earn this many points per $1."
        {...field('cashbackPercentage')}
      />
    </Section>
  );
}

export function PricesSection({ values, set, errors }: SectionProps) {
  const { field } = bindFields(values, set, errors);
  return (
    <Section title="Prices and funding" description="Leave blank to work them out from the accounts below.">
      <NumberField label="Lowest account price ($)" {...field('accountPriceMin')} />
      <NumberField label="Highest account price ($)" {...field('accountPriceMax')} />
      <NumberField label="Smallest funding ($)" step="1" {...field('fundingMin')} />
      <NumberField label="Largest funding ($)" step="1" {...field('fundingMax')} />
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
