import { useRef, useState } from 'react';
import Check from '~icons/lucide/check';
import Copy from '~icons/lucide/copy';
import { activeCoupons } from '../../../domain/coupon-rules';
import type { FirmCoupon, FirmDetails } from '../../../domain/firms';
import { formatDate, formatPercent } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

const COPY_FEEDBACK_MS = 3000;

function CouponRow({ coupon, live }: { coupon: FirmCoupon; live: boolean }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  async function copy() {
    try {
      await navigator.clipboard.writeText(coupon.code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast({
        title: 'Coupon Copied!',
        description: `${coupon.code} is ready to use at checkout.`,
        variant: 'success',
      });
    } catch {
      toast({ title: 'Copy Failed', description: 'Please copy the code manually.', variant: 'destructive' });
    }
  }
  return (
    <li
      className={`rounded-xl border bg-white p-4 shadow-sm ${live ? 'border-slate-200' : 'border-slate-200 opacity-70'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <span className="rounded-md border border-dashed border-brand-500 bg-brand-50 px-3 py-1 font-mono text-lg font-bold text-brand-700">
            {coupon.code}
          </span>
          {coupon.discountPercent != null && (
            <span className="text-lg font-bold text-emerald-700">
              {formatPercent(coupon.discountPercent)} off
            </span>
          )}
        </div>
        <Badge variant={live ? 'success' : 'neutral'}>{live ? 'Active' : 'Inactive'}</Badge>
      </div>
      {(coupon.title || coupon.description) && (
        <p className="mt-2 text-sm text-slate-700">{coupon.description ?? coupon.title}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-slate-600">
          {coupon.expiryDate ? `Expires ${formatDate(coupon.expiryDate)}` : 'No expiry date'}
        </p>
        <Button size="sm" variant={copied ? 'outline' : 'default'} onClick={copy} disabled={!live}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied!' : 'Copy Code'}
        </Button>
      </div>
    </li>
  );
}

export function FirmCoupons({ firm }: { firm: FirmDetails }) {
  if (!firm.coupons.length) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        No coupons available for this firm.
      </p>
    );
  }
  const live = new Set(activeCoupons(firm.coupons, new Date()).map((c) => c.id));
  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {firm.coupons.map((c) => (
        <CouponRow key={c.id} coupon={c} live={live.has(c.id)} />
      ))}
    </ul>
  );
}
