import type { MutationOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminFirm, FirmInput, FirmOptions } from '../../../domain/admin-firms';
import {
  type ChangeRequestPayload,
  ChangeRequestPayloadSchema,
  SITE_ONLY_FIRM_FIELDS,
} from '../../../domain/change-requests';
import { Card } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api';
import { type Errors, type FieldLocks, TextAreaField, TextField } from './fields';
import { OptionChecks } from './resource-picker';
import { showRefusal } from './use-zod-form';

/**
 * The admin editor as a firm's representative uses it (the firm console): the firm's own fields
 * sent for review as a correction instead of saved.
 */
export interface ProposeMode {
  /** Sends `{ version, firm, note, source }` to the console's change-request route. */
  send: (payload: ChangeRequestPayload) => Promise<unknown>;
  /** The firm as it is now, loaded from the Conflict notice. */
  latest: () => Promise<AdminFirm>;
  /** The platforms and payout methods to choose from (the admins' own list is closed to others). */
  options?: FirmOptions;
  /** After the server took it: the console lists it. */
  onSent?: () => void | Promise<void>;
}

export const SENT_MESSAGE =
  'Sent. Prop Firm Club checks each correction against your source before it goes live.';

/** What only Prop Firm Club sets: shown, greyed, with why. */
export const SITE_FIELD_LOCKS: FieldLocks = {
  paths: new Set(SITE_ONLY_FIRM_FIELDS),
  hint: 'Set by Prop Firm Club',
  uploads: false,
};

export const ProposalNoteSchema = ChangeRequestPayloadSchema.pick({ note: true, source: true });
export type ProposalNote = z.input<typeof ProposalNoteSchema>;
export const emptyNote = (): ProposalNote => ({ note: '', source: '' });

const NOTE_KEYS = new Set(['note', 'source']);

/** A refusal's field messages: the note's and source's for their fields, the firm's ('firm.name') for its form's. */
export function splitProposalErrors(keyed: Errors): { firm: Errors; note: Errors } {
  const firm: Errors = {};
  const note: Errors = {};
  for (const [key, message] of Object.entries(keyed)) {
    if (NOTE_KEYS.has(key)) note[key] = message;
    else firm[key.replace(/^firm\./, '')] = message;
  }
  return { firm, note };
}

/** What sending changes on the page; held in React state by the editor, in variables by a test. */
export interface ProposalState {
  version: number;
  firmForm: { setErrors: (errors: Errors) => void };
  noteForm: { setValues: (values: ProposalNote) => void; setErrors: (errors: Errors) => void };
  setSent: (sent: boolean) => void;
  setConflict: (conflict: boolean) => void;
  /** A refusal no field shows (another correction waiting, nothing changed), or null. */
  setRefusal: (message: string | null) => void;
  focus: (errors: Errors) => void;
}

/**
 * Sending a proposal, apart from React so a test drives it with TanStack Query: the editor's body
 * over the version it was loaded at, with the note and source; refusals land on their fields, a
 * stale version shows the Conflict notice.
 */
export function proposalSteps(
  { send, onSent }: Pick<ProposeMode, 'send' | 'onSent'>,
  state: ProposalState,
): MutationOptions<unknown, unknown, { firm: FirmInput; note: ProposalNote }> {
  return {
    mutationFn: ({ firm, note }) =>
      send({ version: state.version, firm, note: note.note, source: note.source }),
    onSuccess: async () => {
      state.firmForm.setErrors({});
      state.noteForm.setErrors({});
      state.noteForm.setValues(emptyNote());
      state.setRefusal(null);
      state.setSent(true);
      toast({ title: 'Correction sent', description: SENT_MESSAGE, variant: 'success' });
      await onSent?.();
    },
    onError: (error) => {
      state.setSent(false);
      showRefusal(error, {
        title: 'Not sent',
        onConflict: () => state.setConflict(true),
        showErrors: (keyed) => {
          const { firm, note } = splitProposalErrors(keyed);
          state.firmForm.setErrors(firm);
          state.noteForm.setErrors(note);
          state.setRefusal(Object.keys(keyed).length ? null : serverMessage(error) || null);
          state.focus(keyed);
        },
      });
    },
  };
}

/** What changed, why, and where the firm says so. */
export function ProposalFields({
  values,
  set,
  errors,
}: {
  values: ProposalNote;
  set: (patch: Partial<ProposalNote>) => void;
  errors: Errors;
}) {
  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Your correction</h2>
      <TextAreaField
        path="note"
        label="What changed and why"
        hint="Prop Firm Club reads this with your source before the change goes live."
        rows={4}
        errors={errors}
        value={values.note}
        onChange={(v) => set({ note: v ?? '' })}
      />
      <TextField
        path="source"
        label="Source: link to your own rules or pricing page"
        type="url"
        placeholder="https://"
        errors={errors}
        value={values.source}
        onChange={(v) => set({ source: v ?? '' })}
      />
    </Card>
  );
}

function Choices({
  legend,
  options,
  selected,
  onChange,
}: {
  legend: string;
  options: FirmOptions['platforms'];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <OptionChecks options={options} selected={selected} onChange={onChange} />
    </fieldset>
  );
}

/** The firm's platforms and payout methods, chosen from the site's lists (a missing one: say so in the note). */
export function ProposalPlatforms({
  values,
  set,
  options,
}: {
  values: FirmInput;
  set: (patch: Partial<FirmInput>) => void;
  options: FirmOptions;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">Platforms and payout methods</h2>
      <p className="mt-1 text-sm text-slate-600">One missing from the list? Name it in your note.</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <Choices
          legend="Trading platforms"
          options={options.platforms}
          selected={values.platformIds}
          onChange={(ids) => set({ platformIds: ids })}
        />
        <Choices
          legend="Payout methods"
          options={options.payoutMethods}
          selected={values.payoutMethodIds}
          onChange={(ids) => set({ payoutMethodIds: ids })}
        />
      </div>
    </Card>
  );
}
