import { useQuery } from '@tanstack/react-query';
import ArrowDownIcon from '~icons/lucide/arrow-down';
import ArrowUpIcon from '~icons/lucide/arrow-up';
import XIcon from '~icons/lucide/x';
import type { PostInput } from '../../../domain/admin-posts';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CheckboxField, type Errors, SelectField } from './fields';
import { firmChoicesQuery } from './queries';
import { RichTextField } from './rich-text-editor';

/** The template's firms, in the order the post shows them, each with its note. */
function TemplateFirms({
  values,
  errors,
  onChange,
}: {
  values: PostInput['template'];
  errors: Errors;
  onChange: (template: PostInput['template']) => void;
}) {
  const firms = useQuery(firmChoicesQuery());
  const names = new Map((firms.data ?? []).map((f) => [f.id, f.name]));
  const ids = values.selectedFirmIds;
  const move = (index: number, by: number) => {
    const next = [...ids];
    const [id] = next.splice(index, 1);
    next.splice(index + by, 0, id);
    onChange({ ...values, selectedFirmIds: next });
  };
  const remove = (id: number) => {
    const { [String(id)]: _gone, ...notes } = values.perFirmNotes;
    onChange({ ...values, selectedFirmIds: ids.filter((x) => x !== id), perFirmNotes: notes });
  };
  const error =
    errors['template.selectedFirmIds'] ??
    Object.entries(errors).find(([key]) => key.startsWith('template.selectedFirmIds.'))?.[1];
  return (
    <div className="grid gap-3 sm:col-span-2">
      <SelectField
        path="template.selectedFirmIds"
        label="Featured prop firms"
        hint="Shown as firm cards after the content, in this order."
        errors={error ? { 'template.selectedFirmIds': error } : {}}
        value=""
        options={[
          { value: '', label: 'Add a firm...' },
          ...(firms.data ?? [])
            .filter((f) => !ids.includes(f.id))
            .map((f) => ({ value: String(f.id), label: f.name })),
        ]}
        onChange={(v) => v && onChange({ ...values, selectedFirmIds: [...ids, Number(v)] })}
      />
      {ids.length ? (
        <ol className="grid gap-3">
          {ids.map((id, index) => (
            <li key={id} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="font-medium text-slate-900">
                  {index + 1}. {names.get(id) ?? `Firm ${id}`}
                </span>
                <span className="flex gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Move ${names.get(id) ?? id} up`}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Move ${names.get(id) ?? id} down`}
                    disabled={index === ids.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${names.get(id) ?? id}`}
                    onClick={() => remove(id)}
                  >
                    <XIcon aria-hidden="true" />
                  </Button>
                </span>
              </div>
              <RichTextField
                path={`template.perFirmNotes.${id}`}
                label={`Note on ${names.get(id) ?? `firm ${id}`} (optional)`}
                errors={errors}
                value={values.perFirmNotes[String(id)] ?? null}
                onChange={(v) =>
                  onChange({ ...values, perFirmNotes: { ...values.perFirmNotes, [String(id)]: v } })
                }
              />
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

export function TemplateFields({
  values,
  errors,
  set,
}: {
  values: PostInput;
  errors: Errors;
  set: (patch: Partial<PostInput>) => void;
}) {
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-2 sm:p-6">
      <div className="sm:col-span-2">
        <CheckboxField
          path="templateEnabled"
          label="Template mode: an intro, featured firm cards with notes, and an outro"
          errors={errors}
          checked={values.templateEnabled}
          onChange={(v) => set({ templateEnabled: v })}
        />
      </div>
      {values.templateEnabled ? (
        <>
          <RichTextField
            path="template.introContent"
            label="Intro"
            hint="Shown before the content."
            className="sm:col-span-2"
            errors={errors}
            value={values.template.introContent}
            onChange={(v) => set({ template: { ...values.template, introContent: v } })}
          />
          <TemplateFirms
            values={values.template}
            errors={errors}
            onChange={(template) => set({ template })}
          />
          <RichTextField
            path="template.outroContent"
            label="Outro"
            hint="Shown after the firm cards."
            className="sm:col-span-2"
            errors={errors}
            value={values.template.outroContent}
            onChange={(v) => set({ template: { ...values.template, outroContent: v } })}
          />
        </>
      ) : null}
    </Card>
  );
}
