import { useRef, useState } from 'react';
import UploadIcon from '~icons/lucide/upload';
import type { UploadedImage } from '../../../domain/admin-content';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { type Errors, TextField, useFieldLocks } from './fields';

/** An image address, typed or uploaded (the server checks, re-encodes and stores the file). */
export function ImageField({
  path,
  label,
  errors,
  value,
  onChange,
  className,
}: {
  path: string;
  label: string;
  errors: Errors;
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  className?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const uploads = useFieldLocks()?.uploads ?? true;
  const upload = async (file: File) => {
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const image = await apiJson<UploadedImage>('POST', '/api/admin/uploads', body);
      onChange(image.url);
      toast({
        title: 'Image uploaded',
        description: `${image.width} x ${image.height} px`,
        variant: 'success',
      });
    } catch (error) {
      toast({ ...toastForError(error), variant: 'destructive' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className={className}>
      <TextField
        path={path}
        label={label}
        placeholder="https://... or upload"
        errors={errors}
        value={value}
        onChange={onChange}
      />
      <div className="mt-2 flex items-center gap-3">
        {uploads ? (
          <>
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              className="sr-only"
              tabIndex={-1}
              aria-label={`Upload ${label.toLowerCase()}`}
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void upload(file);
              }}
            />
            <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
              <UploadIcon aria-hidden="true" /> {busy ? 'Uploading...' : 'Upload image'}
            </Button>
          </>
        ) : null}
        {value ? (
          <img src={value} alt="" className="h-10 max-w-24 rounded border border-slate-200 object-contain" />
        ) : null}
      </div>
    </div>
  );
}
