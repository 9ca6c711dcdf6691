import { type ReactElement, useEffect, useId, useMemo } from 'react';
import X from '~icons/lucide/x';
import {
  PAYOUT_IMAGES_MAX,
  PAYOUT_NETWORK_LABELS,
  PAYOUT_NETWORKS,
  PAYOUT_PROCESSOR_LABELS,
  PAYOUT_PROCESSORS,
  PROCESSOR_REFERENCE_FORMATS,
  TRANSACTION_REFERENCE_FORMATS,
} from '../../../domain/payout-rules';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import type { PayoutDraft } from './payout-draft';

export const SELECT =
  'h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500 aria-invalid:border-red-500';

/**
 * A labelled field with its hint or error, tied to the control by `aria-describedby`; `control`
 * gets the id and ARIA attributes through the render function.
 */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  control,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  control: (aria: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactElement;
}) {
  return (
    <div className={cn('grid min-w-0 content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Up to 4 images with their previews; each can be taken out again before sending. */
export function ImagesField({
  images,
  onChange,
  error,
}: {
  images: File[];
  onChange: (images: File[]) => void;
  error?: string;
}) {
  const id = useId();
  const previews = useMemo(() => images.map((file) => URL.createObjectURL(file)), [images]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );
  const full = images.length >= PAYOUT_IMAGES_MAX;
  return (
    <div className="grid gap-2 sm:col-span-2">
      <Field
        id={`${id}-images`}
        label="Evidence images"
        hint={`Up to ${PAYOUT_IMAGES_MAX} images of 5MB each: a receipt, a statement, a screenshot. A paid report needs an image or a payment reference. Only you and our admins see them.`}
        error={error}
        control={(aria) => (
          <Input
            {...aria}
            type="file"
            accept="image/*"
            multiple
            disabled={full}
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              e.target.value = '';
              onChange([...images, ...chosen].slice(0, PAYOUT_IMAGES_MAX));
            }}
          />
        )}
      />
      {images.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen images">
          {images.map((file, i) => (
            <li key={previews[i]} className="relative">
              <img
                src={previews[i]}
                alt={`Evidence ${i + 1}: ${file.name}`}
                className="size-20 rounded-md border border-slate-200 object-cover"
              />
              <button
                type="button"
                onClick={() => onChange(images.filter((_, j) => j !== i))}
                className="absolute -top-2 -right-2 rounded-full border border-slate-300 bg-white p-0.5 text-slate-700 shadow-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <X className="size-4" aria-hidden="true" />
                <span className="sr-only">Remove evidence {i + 1}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A crypto transaction (network and hash) or a payment processor's reference, or neither. */
export function ReferenceFields({
  draft,
  set,
  errors,
}: {
  draft: PayoutDraft;
  set: (patch: Partial<PayoutDraft>) => void;
  errors: Record<string, string>;
}) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
      <Field
        id={`${id}-reference`}
        label="Payment reference (optional)"
        hint="A reference can be reported once on the whole site."
        className="sm:col-span-2"
        control={(aria) => (
          <NativeSelect
            {...aria}
            className={SELECT}
            value={draft.reference}
            onChange={(e) => set({ reference: e.target.value as PayoutDraft['reference'] })}
          >
            <option value="none">No reference</option>
            <option value="crypto">Crypto transaction</option>
            <option value="processor">Payment processor</option>
          </NativeSelect>
        )}
      />
      {draft.reference === 'crypto' ? (
        <>
          <Field
            id={`${id}-network`}
            label="Network"
            error={errors.network}
            control={(aria) => (
              <NativeSelect
                {...aria}
                className={SELECT}
                value={draft.network}
                onChange={(e) => set({ network: e.target.value as PayoutDraft['network'] })}
              >
                <option value="">Choose the network</option>
                {PAYOUT_NETWORKS.map((n) => (
                  <option key={n} value={n}>
                    {PAYOUT_NETWORK_LABELS[n]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <Field
            id={`${id}-hash`}
            label="Transaction hash"
            hint={
              draft.network
                ? `${PAYOUT_NETWORK_LABELS[draft.network]}: ${TRANSACTION_REFERENCE_FORMATS[draft.network]}`
                : undefined
            }
            error={errors.transactionReference}
            control={(aria) => (
              <Input
                {...aria}
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                value={draft.transactionReference}
                onChange={(e) => set({ transactionReference: e.target.value })}
              />
            )}
          />
        </>
      ) : null}
      {draft.reference === 'processor' ? (
        <>
          <Field
            id={`${id}-processor`}
            label="Processor"
            error={errors.processor}
            control={(aria) => (
              <NativeSelect
                {...aria}
                className={SELECT}
                value={draft.processor}
                onChange={(e) => set({ processor: e.target.value as PayoutDraft['processor'] })}
              >
                <option value="">Choose the processor</option>
                {PAYOUT_PROCESSORS.map((p) => (
                  <option key={p} value={p}>
                    {PAYOUT_PROCESSOR_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            )}
          />
          <Field
            id={`${id}-processor-reference`}
            label="Processor reference"
            hint={
              draft.processor
                ? `${PAYOUT_PROCESSOR_LABELS[draft.processor]}: ${PROCESSOR_REFERENCE_FORMATS[draft.processor]}`
                : undefined
            }
            error={errors.processorReference}
            control={(aria) => (
              <Input
                {...aria}
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
                value={draft.processorReference}
                onChange={(e) => set({ processorReference: e.target.value })}
              />
            )}
          />
        </>
      ) : null}
    </div>
  );
}
