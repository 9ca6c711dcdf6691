import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { cn } from '../../lib/cn';
import { type Errors, fieldId } from './fields';

const selectClass =
  'mt-1 block h-9 rounded-md border border-slate-300 bg-white px-2 text-sm aria-invalid:border-red-500';

function FieldError({ path, errors }: { path: string; errors: Errors }) {
  return errors[path] ? (
    <p id={`${fieldId(path)}-error`} className="mt-1 text-sm text-red-700">
      {errors[path]}
    </p>
  ) : null;
}

/**
 * A reason from a fixed list and a note, required when the reason is Other (the server's rule for
 * suspensions and review decisions alike). Fields keyed by payload path, as in `fields.tsx`.
 */
export function ReasonFields<R extends string>({
  form: { path, values, set, errors },
  reasons,
  noteLabel = 'Note',
  noteClassName,
}: {
  /** The form's state from `useZodForm`, whose values hold `reason` and `note`. */
  form: {
    path: (key: string) => string;
    values: { reason: R | ''; note: string };
    set: (patch: { reason?: R | ''; note?: string }) => void;
    errors: Errors;
  };
  reasons: Record<R, string>;
  noteLabel?: string;
  noteClassName?: string;
}) {
  const { reason, note } = values;
  const reasonPath = path('reason');
  const notePath = path('note');
  return (
    <>
      <div>
        <Label htmlFor={fieldId(reasonPath)}>Reason</Label>
        <NativeSelect
          id={fieldId(reasonPath)}
          className={selectClass}
          value={reason}
          aria-invalid={errors[reasonPath] ? true : undefined}
          aria-describedby={errors[reasonPath] ? `${fieldId(reasonPath)}-error` : undefined}
          onChange={(e) => set({ reason: e.target.value as R | '' })}
        >
          <option value="">Choose a reason</option>
          {(Object.entries(reasons) as [R, string][]).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </NativeSelect>
        <FieldError path={reasonPath} errors={errors} />
      </div>
      <div className={cn('min-w-0', noteClassName)}>
        <Label htmlFor={fieldId(notePath)}>
          {noteLabel}
          {reason === 'other' ? '' : ' (optional)'}
        </Label>
        <Input
          id={fieldId(notePath)}
          value={note}
          onChange={(e) => set({ note: e.target.value })}
          maxLength={500}
          aria-invalid={errors[notePath] ? true : undefined}
          aria-describedby={errors[notePath] ? `${fieldId(notePath)}-error` : undefined}
        />
        <FieldError path={notePath} errors={errors} />
      </div>
    </>
  );
}
