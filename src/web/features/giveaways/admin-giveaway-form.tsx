import { type FormEvent, useState } from 'react';
import type { AdminGiveawayCreate, AdminGiveawayPatch, Giveaway } from '../../../domain/giveaways';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { uploadGiveawayImage, useCreateGiveaway, useUpdateGiveaway } from './queries';

/** The fields that may change after the first entry (the server enforces the same list). */
const TEXT_FIELDS = [
  'title',
  'description',
  'giveawayImage',
  'giveawayLink',
  'prizeDescription',
  'prizeValue',
] as const;

interface Draft {
  title: string;
  slug: string;
  description: string;
  giveawayImage: string;
  giveawayLink: string;
  prizeDescription: string;
  prizeValue: string;
  startDate: string;
  endDate: string;
  maxEntries: string;
  winnerCount: string;
  propFirmId: string;
  clientSeedSource: string;
}

/** `datetime-local` values are read and written as UTC, as the site shows giveaway dates. */
const toInput = (iso: string) => iso.slice(0, 16);
const fromInput = (value: string) => (value ? `${value}:00.000Z` : '');

function draftOf(g: Giveaway | null): Draft {
  const now = Date.now();
  return {
    title: g?.title ?? '',
    slug: g?.slug ?? '',
    description: g?.description ?? '',
    giveawayImage: g?.giveawayImage ?? '',
    giveawayLink: g?.giveawayLink ?? '',
    prizeDescription: g?.prizeDescription ?? '',
    prizeValue: g?.prizeValue ?? '',
    startDate: toInput(g?.startDate ?? new Date(now).toISOString()),
    endDate: toInput(g?.endDate ?? new Date(now + 14 * 86_400_000).toISOString()),
    maxEntries: g?.maxEntries?.toString() ?? '',
    winnerCount: String(g?.winnerCount ?? 1),
    propFirmId: g?.propFirm?.id.toString() ?? '',
    clientSeedSource: g?.clientSeedSource ?? '',
  };
}

function payloadOf(d: Draft): AdminGiveawayCreate {
  return {
    title: d.title,
    ...(d.slug.trim() ? { slug: d.slug.trim() } : {}),
    description: d.description || null,
    giveawayImage: d.giveawayImage || null,
    giveawayLink: d.giveawayLink || null,
    prizeDescription: d.prizeDescription || null,
    prizeValue: d.prizeValue || null,
    startDate: fromInput(d.startDate),
    endDate: fromInput(d.endDate),
    maxEntries: d.maxEntries ? Number(d.maxEntries) : null,
    winnerCount: Number(d.winnerCount || 1),
    propFirmId: d.propFirmId ? Number(d.propFirmId) : null,
    clientSeedSource: d.clientSeedSource,
  };
}

/** Create a giveaway, or edit one: everything before its first entry, text and images after. */
export function AdminGiveawayForm({
  giveaway,
  open,
  onOpenChange,
}: {
  giveaway: Giveaway | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(giveaway));
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    try {
      const image = await uploadGiveawayImage(file);
      setDraft((d) => ({ ...d, giveawayImage: image.url }));
    } catch (error) {
      const t = toastForError(error);
      toast({ title: t.title, description: t.description, variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  };
  const create = useCreateGiveaway();
  const update = useUpdateGiveaway();
  const locked = Boolean(giveaway && (giveaway.entryCount > 0 || giveaway.entriesClosedAt));
  const pending = create.isPending || update.isPending;

  const field = (key: keyof Draft, label: string, props: Record<string, unknown> = {}) => {
    const id = `giveaway-${key}`;
    const disabled = locked && !(TEXT_FIELDS as readonly string[]).includes(key);
    return (
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={draft[key]}
          onChange={(e) => setDraft({ ...draft, [key]: e.target.value })}
          disabled={disabled}
          {...props}
        />
      </div>
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const payload = payloadOf(draft);
    const done = {
      onSuccess: () => {
        toast({ title: giveaway ? 'Giveaway saved' : 'Giveaway created', variant: 'success' });
        onOpenChange(false);
      },
      onError: (error: unknown) =>
        toast({ title: 'Could not save', description: serverMessage(error), variant: 'destructive' }),
    };
    if (!giveaway) {
      create.mutate(payload, done);
      return;
    }
    const patch: AdminGiveawayPatch = locked
      ? Object.fromEntries(TEXT_FIELDS.map((k) => [k, payload[k]]))
      : { ...payload, slug: draft.slug.trim() || undefined };
    update.mutate({ id: giveaway.id, patch }, done);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{giveaway ? `Edit ${giveaway.title}` : 'New giveaway'}</DialogTitle>
          <DialogDescription>
            {locked
              ? 'People have entered: only the text and images can change now.'
              : 'The server creates the secret seed and publishes only its hash. Dates are in UTC.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">{field('title', 'Title', { required: true, maxLength: 200 })}</div>
          {field('slug', 'Slug (optional)', { placeholder: 'made from the title' })}
          {field('prizeValue', 'Prize value', { placeholder: '$299' })}
          <div className="sm:col-span-2">{field('prizeDescription', 'Prize description')}</div>
          <div className="space-y-1 sm:col-span-2">
            <Label htmlFor="giveaway-description">Description (HTML)</Label>
            <Textarea
              id="giveaway-description"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              rows={4}
            />
          </div>
          <div className="space-y-2">
            {field('giveawayImage', 'Image address', { placeholder: '/images/… or https://…' })}
            <Label htmlFor="giveaway-image-file" className="text-xs text-slate-600">
              Or upload a picture (images up to 5 MB)
            </Label>
            <input
              id="giveaway-image-file"
              type="file"
              accept="image/*"
              disabled={uploading}
              onChange={(e) => upload(e.target.files?.[0])}
              className="block w-full text-xs text-slate-700 file:mr-2 file:rounded-md file:border-0 file:bg-brand-50 file:px-2 file:py-1 file:text-brand-700"
            />
            {uploading ? <p className="text-xs text-slate-600">Uploading…</p> : null}
          </div>
          {field('giveawayLink', 'Link', { placeholder: 'https://…' })}
          {field('startDate', 'Starts (UTC)', { type: 'datetime-local', required: true })}
          {field('endDate', 'Ends (UTC)', { type: 'datetime-local', required: true })}
          {field('maxEntries', 'Max entries (empty: no limit)', { type: 'number', min: 1 })}
          {field('winnerCount', 'Winners', { type: 'number', min: 1, required: true })}
          {field('propFirmId', 'Sponsor firm id (optional)', { type: 'number', min: 1 })}
          <div className="sm:col-span-2">
            {field('clientSeedSource', 'Client seed source', {
              required: true,
              minLength: 3,
              placeholder: 'e.g. drand quicknet: the first round after the end date',
            })}
            <p className="mt-1 text-xs text-slate-600">
              Public randomness nobody can know before entries close. It is published now and its value
              becomes the client seed of the draw.
            </p>
          </div>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || uploading}>
              {pending ? 'Saving…' : giveaway ? 'Save' : 'Create giveaway'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
