import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import {
  type AdminCoupon,
  type CouponInput,
  CouponInputSchema,
  emptyCoupon,
} from '../../../domain/admin-content';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { apiJson } from '../../lib/api';
import { ConfirmDelete } from './confirm-delete';
import { ConflictNotice } from './conflict-notice';
import { CheckboxField, NumberField, SelectField, TextAreaField, TextField } from './fields';
import { ImageField } from './image-field';
import { firmChoicesQuery } from './queries';
import { RichTextField } from './rich-text-editor';
import { useSaveForm } from './use-save-form';
import { useZodForm } from './use-zod-form';

const toCouponInput = (coupon: AdminCoupon): CouponInput => {
  const { id: _i, version: _v, firmName: _f, usageCount: _u, createdAt: _c, ...input } = coupon;
  return input;
};

/** One coupon's every field; saves with the version it was loaded at (409 Conflict when stale). */
export function CouponEditor({ coupon }: { coupon: AdminCoupon | null }) {
  const [, navigate] = useLocation();
  const form = useZodForm({
    schema: CouponInputSchema,
    initial: (): CouponInput => (coupon ? toCouponInput(coupon) : emptyCoupon()),
  });
  const { values, set, errors, handleSubmit } = form;
  const { save, version, conflict, reload } = useSaveForm({
    form,
    record: coupon,
    request: (payload: CouponInput, version) =>
      coupon
        ? apiJson<AdminCoupon>('PUT', `/api/admin/coupons/${coupon.id}`, { version, coupon: payload })
        : apiJson<AdminCoupon>('POST', '/api/admin/coupons', payload),
    toValues: toCouponInput,
    savedToast: (saved) => ({
      title: 'Coupon saved',
      description: `${saved.code} is up to date on the site.`,
    }),
    pathOf: (saved) => `/admin/coupons/${saved.id}`,
    latest: (current) => apiJson<AdminCoupon>('GET', `/api/admin/coupons/${current.id}`),
  });
  const firms = useQuery(firmChoicesQuery());

  return (
    <form
      noValidate
      className="grid gap-6"
      onSubmit={handleSubmit((_payload, current) => save.mutate(current))}
    >
      {conflict ? <ConflictNotice onReload={reload} /> : null}
      <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
        <TextField
          path="code"
          label="Code"
          required
          errors={errors}
          value={values.code}
          onChange={(v) => set({ code: v ?? '' })}
        />
        <TextField
          path="slug"
          label="Slug"
          hint="Gives the deal its own page: /deals/your-slug"
          errors={errors}
          value={values.slug}
          onChange={(v) => set({ slug: v })}
        />
        <TextField
          path="title"
          label="Title"
          errors={errors}
          value={values.title}
          onChange={(v) => set({ title: v })}
        />
        <SelectField
          path="propFirmId"
          label="Firm"
          errors={errors}
          value={values.propFirmId ? String(values.propFirmId) : ''}
          options={[
            { value: '', label: 'No firm' },
            ...(firms.data ?? []).map((f) => ({ value: String(f.id), label: f.name })),
          ]}
          onChange={(v) => set({ propFirmId: v ? Number(v) : null })}
        />
        <TextAreaField
          path="description"
          label="Description"
          hint="The first 'N%' is shown as the discount badge when no discount is set."
          className="sm:col-span-2"
          rows={2}
          errors={errors}
          value={values.description}
          onChange={(v) => set({ description: v })}
        />
        <NumberField
          path="discountPercent"
          label="Discount (%)"
          errors={errors}
          value={values.discountPercent}
          onChange={(v) => set({ discountPercent: v })}
        />
        <TextField
          path="expiryDate"
          label="Expires after"
          type="date"
          hint="Blank: no expiration."
          errors={errors}
          value={values.expiryDate}
          onChange={(v) => set({ expiryDate: v })}
        />
        <CheckboxField
          path="isActive"
          label="Active"
          errors={errors}
          checked={values.isActive}
          onChange={(v) => set({ isActive: v })}
        />
        <CheckboxField
          path="featured"
          label="Featured deal"
          errors={errors}
          checked={values.featured}
          onChange={(v) => set({ featured: v })}
        />
        <ImageField
          path="image"
          label="Image"
          errors={errors}
          value={values.image}
          onChange={(v) => set({ image: v })}
        />
        <TextField
          path="affiliateUrl"
          label="Affiliate URL"
          type="url"
          hint="Blank: the firm's affiliate link."
          errors={errors}
          value={values.affiliateUrl}
          onChange={(v) => set({ affiliateUrl: v })}
        />
        <RichTextField
          path="terms"
          label="Terms"
          className="sm:col-span-2"
          errors={errors}
          value={values.terms}
          onChange={(v) => set({ terms: v })}
        />
      </Card>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : coupon ? 'Save changes' : 'Create coupon'}
        </Button>
        <Button variant="outline" asChild>
          <Link to="/admin/coupons">Cancel</Link>
        </Button>
      </div>
      {coupon ? (
        <Card tone="danger" className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
          <p className="text-sm text-slate-700">Deleting a coupon removes it and its use counts for good.</p>
          <ConfirmDelete
            label="Delete coupon"
            title={`Delete ${coupon.code}?`}
            description="The coupon disappears from the coupons, deal and firm pages. This cannot be undone."
            url={`/api/admin/coupons/${coupon.id}?version=${version}`}
            onDeleted={() => navigate('/admin/coupons')}
          />
        </Card>
      ) : null}
    </form>
  );
}
