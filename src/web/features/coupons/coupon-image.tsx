import { useEffect, useRef, useState } from 'react';
import { couponFirmName, listCouponImages, makeInitials } from '../../../domain/coupon-rules';
import type { Coupon } from '../../../domain/coupons';
import { cn } from '../../lib/cn';

/** Image, then logo, then firm logo, then initials; a broken image moves to the next one. */
export function CouponImage({ coupon, className }: { coupon: Coupon; className?: string }) {
  const candidates = listCouponImages(coupon);
  const [failed, setFailed] = useState(0);
  const name = couponFirmName(coupon);
  const src = candidates[failed];
  const ref = useRef<HTMLImageElement>(null);
  // An image that broke before hydration fired its error event before React listened for it.
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed((n) => n + 1);
  }, []);
  if (!src) {
    return (
      <div
        className={cn('flex items-center justify-center bg-brand-100 font-bold text-brand-700', className)}
        role="img"
        aria-label={`${name} logo`}
      >
        {makeInitials(name)}
      </div>
    );
  }
  return (
    <img
      key={src}
      ref={ref}
      src={src}
      alt={`${name} logo`}
      loading="lazy"
      className={cn('object-contain bg-white', className)}
      onError={() => setFailed((n) => n + 1)}
    />
  );
}
