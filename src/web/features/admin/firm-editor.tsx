import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import TrashIcon from '~icons/lucide/trash-2';
import {
  type AdminFirm,
  emptyFirm,
  type FirmInput,
  FirmInputSchema,
  type FundingModelInput,
} from '../../../domain/admin-firms';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { apiJson, apiRequest } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';
import { ConflictNotice } from './conflict-notice';
import { type Errors, FieldLocksProvider, focusFirstError } from './fields';
import {
  BasicsSection,
  DescriptionsSection,
  LinksSection,
  MarketsSection,
  PlatformsSection,
  PricesSection,
  TrustRatingSection,
} from './firm-editor-sections';
import { FundingModels } from './firm-funding-models';
import {
  emptyNote,
  ProposalFields,
  ProposalNoteSchema,
  ProposalPlatforms,
  type ProposeMode,
  proposalSteps,
  SENT_MESSAGE,
  SITE_FIELD_LOCKS,
} from './firm-proposal';
import { useSaveForm } from './use-save-form';
import { useZodForm } from './use-zod-form';

/** The payload the editor sends: the loaded firm without its bookkeeping fields. */
export function toFirmInput(firm: AdminFirm): FirmInput {
  const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...input } = firm;
  return input;
}

function DeleteFirm({ firm, onDeleted }: { firm: AdminFirm; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', `/api/admin/firms/${firm.id}?version=${firm.version}`),
    onSuccess: () => {
      setOpen(false);
      toast({
        title: 'Firm deleted',
        description: `${firm.name} is no longer on the site.`,
        variant: 'success',
      });
      onDeleted();
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <TrashIcon aria-hidden="true" /> Delete firm
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle className="text-lg font-semibold">Delete {firm.name}?</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">
            This removes the firm with its funding models, accounts, reviews and rule-change history. Its
            coupons stay, without a firm. This cannot be undone.
          </DialogDescription>
          <DialogFooter className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Deleting...' : 'Delete for good'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

interface FirmFormState {
  values: FirmInput;
  set: (patch: Partial<FirmInput>) => void;
  errors: Errors;
}

/** Every section of the firm: fields, links, rating, platforms, funding models and accounts. */
function FirmSections({
  form: { values, set, errors },
  slugTouched,
  setSlugTouched,
  platforms,
}: {
  form: FirmFormState;
  slugTouched: boolean;
  setSlugTouched: (touched: boolean) => void;
  platforms: ReactNode;
}) {
  return (
    <>
      <BasicsSection
        values={values}
        set={set}
        errors={errors}
        slugTouched={slugTouched}
        setSlugTouched={setSlugTouched}
      />
      <DescriptionsSection values={values} set={set} errors={errors} />
      <TrustRatingSection values={values} set={set} errors={errors} />
      <MarketsSection values={values} set={set} errors={errors} />
      <LinksSection values={values} set={set} errors={errors} />
      <PricesSection values={values} set={set} errors={errors} />
      {platforms}
      <FundingModels
        models={values.fundingModels}
        errors={errors}
        setModels={(next: FundingModelInput[]) => set({ fundingModels: next })}
      />
    </>
  );
}

function ErrorSummary({ count, before }: { count: number; before: string }) {
  if (count === 0) return null;
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      {count} {count === 1 ? 'field needs' : 'fields need'} attention before {before}.
    </p>
  );
}

const checkFields = (found: Errors) =>
  toast({
    title: 'Check the highlighted fields',
    description: `${Object.keys(found).length} ${Object.keys(found).length === 1 ? 'field needs' : 'fields need'} attention.`,
    variant: 'destructive',
  });

const viewOnSite = (firm: AdminFirm | null) =>
  firm && firm.status === 'listed' ? (
    <Button variant="ghost" asChild>
      <a href={`/firm/${firm.slug}`} target="_blank" rel="noreferrer">
        View on site
      </a>
    </Button>
  ) : null;

const STICKY_BAR =
  'sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border';

/**
 * The firm console's correction: the editor's form with Prop Firm Club's own fields locked, a note
 * and a source, sent for review over the version it was loaded at instead of saved.
 */
function FirmProposal({ firm, propose }: { firm: AdminFirm; propose: ProposeMode }) {
  const form = useZodForm({ schema: FirmInputSchema, initial: () => toFirmInput(firm) });
  const note = useZodForm({ schema: ProposalNoteSchema, initial: emptyNote });
  const [version, setVersion] = useState(firm.version);
  const [conflict, setConflict] = useState(false);
  const [sent, setSent] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = useMutation(
    proposalSteps(propose, {
      version,
      firmForm: form,
      noteForm: note,
      setSent,
      setConflict,
      setRefusal,
      focus: (errors) => requestAnimationFrame(() => focusFirstError(errors)),
    }),
  );
  const reload = async () => {
    const latest = await propose.latest();
    form.setValues(toFirmInput(latest));
    form.setErrors({});
    setVersion(latest.version);
    setConflict(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(false);
    setRefusal(null);
    // The note first: the firm's fields come first on the page, so their focus wins.
    const noteOk = note.check({ onInvalid: checkFields }) !== null;
    const firmOk = form.check({ onInvalid: checkFields }) !== null;
    if (noteOk && firmOk) send.mutate({ firm: form.values, note: note.values });
  };
  const errorCount = Object.keys(form.errors).length + Object.keys(note.errors).length;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6" aria-label={`Correct ${firm.name}`}>
      {conflict ? (
        <ConflictNotice onReload={reload}>
          {firm.name} was saved after you opened this form. Loading the latest version replaces your unsent
          changes.
        </ConflictNotice>
      ) : null}
      <ErrorSummary count={errorCount} before="sending" />
      <FieldLocksProvider value={SITE_FIELD_LOCKS}>
        <FirmSections
          form={form}
          slugTouched
          setSlugTouched={() => {}}
          platforms={
            // Without the lists to choose from, the platforms stay as they are.
            propose.options ? (
              <ProposalPlatforms values={form.values} set={form.set} options={propose.options} />
            ) : null
          }
        />
      </FieldLocksProvider>
      <ProposalFields values={note.values} set={note.set} errors={note.errors} />
      <div className={STICKY_BAR}>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send for review'}
        </Button>
        {viewOnSite(firm)}
        <p role="status" className="basis-full text-sm text-emerald-800 empty:hidden">
          {sent ? SENT_MESSAGE : ''}
        </p>
        {refusal ? (
          <p role="alert" className="basis-full text-sm text-red-800">
            {refusal}
          </p>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The whole firm in one form: its fields, links, rating, funding models and accounts. One save
 * sends everything with the version it was loaded at; a newer version on the server is a 409.
 * With `propose` (the firm console), a representative's correction sent for review instead.
 */
export function FirmEditor({ firm, propose }: { firm: AdminFirm | null; propose?: ProposeMode }) {
  if (propose && firm) return <FirmProposal firm={firm} propose={propose} />;
  return <FirmAdminEditor firm={firm} />;
}

function FirmAdminEditor({ firm }: { firm: AdminFirm | null }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const form = useZodForm({
    schema: FirmInputSchema,
    initial: (): FirmInput => (firm ? toFirmInput(firm) : emptyFirm()),
  });
  const { errors, handleSubmit } = form;
  const { save, version, conflict, reload } = useSaveForm({
    form,
    record: firm,
    request: (payload: FirmInput, version) =>
      firm
        ? apiJson<AdminFirm>('PUT', `/api/admin/firms/${firm.id}`, { version, firm: payload })
        : apiJson<AdminFirm>('POST', '/api/admin/firms', payload),
    toValues: toFirmInput,
    savedToast: (saved) => ({ title: 'Firm saved', description: `${saved.name} is up to date on the site.` }),
    pathOf: (saved) => `/admin/firms/${saved.id}`,
    latest: (current) =>
      queryClient.fetchQuery({
        queryKey: ['/api/admin/firms', String(current.id)],
        queryFn: () => apiJson<AdminFirm>('GET', `/api/admin/firms/${current.id}`),
        staleTime: 0,
      }),
    onLoaded: (current) => queryClient.setQueryData(['/api/admin/firms', String(current.id)], current),
  });
  const [slugTouched, setSlugTouched] = useState(Boolean(firm));

  const submit = handleSubmit((_payload, current) => save.mutate(current), checkFields);

  return (
    <form onSubmit={submit} noValidate className="grid gap-6">
      {conflict ? (
        <ConflictNotice onReload={reload}>
          Someone saved this firm after you opened it. Loading the latest version replaces your unsaved
          changes.
        </ConflictNotice>
      ) : null}
      <ErrorSummary count={Object.keys(errors).length} before="saving" />

      <FirmSections
        form={form}
        slugTouched={slugTouched}
        setSlugTouched={setSlugTouched}
        platforms={<PlatformsSection values={form.values} set={form.set} />}
      />

      <div className={STICKY_BAR}>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : firm ? 'Save changes' : 'Create firm'}
        </Button>
        <Button variant="outline" asChild>
          <Link to="/admin/firms">Cancel</Link>
        </Button>
        {viewOnSite(firm)}
      </div>
      {firm ? (
        <Card tone="danger" className="flex flex-wrap items-center justify-between gap-3 p-4 sm:p-6">
          <p className="text-sm text-slate-700">Deleting a firm removes it from the site for good.</p>
          <DeleteFirm firm={{ ...firm, version }} onDeleted={() => navigate('/admin/firms')} />
        </Card>
      ) : null}
    </form>
  );
}
