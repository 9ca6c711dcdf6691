import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
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
  path,
  reasons,
  reason,
  note,
  onChange,
  errors,
  noteLabel = 'Note',
  noteClassName,
}: {
  /** The payload path of each field: `path('reason')`, `path('note')`. */
  path: (key: 'reason' | 'note') => string;
  reasons: Record<R, string>;
  reason: R | '';
  note: string;
  onChange: (patch: { reason?: R | ''; note?: string }) => void;
  errors: Errors;
  noteLabel?: string;
  noteClassName?: string;
}) {
  const reasonPath = path('reason');
  const notePath = path('note');
  return (
    <>
      <div>
        <Label htmlFor={fieldId(reasonPath)}>Reason</Label>
        <select
          id={fieldId(reasonPath)}
          className={selectClass}
          value={reason}
          aria-invalid={errors[reasonPath] ? true : undefined}
          aria-describedby={errors[reasonPath] ? `${fieldId(reasonPath)}-error` : undefined}
          onChange={(e) => onChange({ reason: e.target.value as R | '' })}
        >
          <option value="">Choose a reason</option>
          {(Object.entries(reasons) as [R, string][]).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
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
          onChange={(e) => onChange({ note: e.target.value })}
          maxLength={500}
          aria-invalid={errors[notePath] ? true : undefined}
          aria-describedby={errors[notePath] ? `${fieldId(notePath)}-error` : undefined}
        />
        <FieldError path={notePath} errors={errors} />
      </div>
    </>
  );
}
