import { useEffect, useState } from 'react';
import DownloadIcon from '~icons/lucide/download';
import { MAX_CATALOG_BYTES } from '../../../domain/catalog';
import type {
  CatalogFirmReport,
  CatalogImportReport,
  CatalogUnlistedReport,
  FieldChange,
} from '../../../domain/catalog-diff';
import { type Column, DataTable } from '../../components/data-table';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorStatus, serverMessage } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';

/**
 * Sends the files with XMLHttpRequest, which reports upload progress (fetch does not), so a large
 * file shows how far it is; then the server's work is shown as time elapsed.
 */
function postCatalog(
  path: 'dry-run' | 'import',
  files: File[],
  fields: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<CatalogImportReport> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('files', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/catalog/${path}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () =>
      xhr.status >= 200 && xhr.status < 300
        ? resolve(JSON.parse(xhr.responseText) as CatalogImportReport)
        : reject(new ApiError(xhr.status, `${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    xhr.onerror = () => reject(new ApiError(0, '0: The connection failed. Please try again.'));
    xhr.send(body);
  });
}

function useElapsed(running: boolean): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (!running) return;
    setSeconds(0);
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, [running]);
  return seconds;
}

function ExportLinks() {
  const links = [
    ['json', 'catalog.json'],
    ['accounts-csv', 'accounts.csv'],
    ['coupons-csv', 'coupons.csv'],
    ['unlisted-firms-csv', 'unlisted-firms.csv'],
  ] as const;
  return (
    <section aria-labelledby="catalog-export" className="space-y-3">
      <h2 id="catalog-export" className="text-lg font-semibold text-slate-900">
        Export
      </h2>
      <p className="text-sm text-slate-600">
        The whole catalog: every firm, listed or not, with its funding models, account options, platforms and
        payout methods, every coupon, and the Firms Not Yet Listed. JSON in one file, or three CSV files for a
        spreadsheet.
      </p>
      <div className="flex flex-wrap gap-2">
        {links.map(([format, name]) => (
          <Button key={format} asChild size="sm" variant="outline">
            <a href={`/api/admin/catalog?format=${format}`} download={name}>
              <DownloadIcon className="size-4" aria-hidden="true" />
              {name}
            </a>
          </Button>
        ))}
      </div>
    </section>
  );
}

/** Each changed field, before and after; then any further lines (a firm's rule changes). */
function ChangeList({ changes, rules = [] }: { changes: FieldChange[]; rules?: string[] }) {
  return (
    <ul className="space-y-1">
      {changes.map((c) => (
        <li key={c.field}>
          <span className="font-mono text-xs">{c.field}</span>: {c.before ?? '(none)'} &rarr;{' '}
          {c.after ?? '(none)'}
        </li>
      ))}
      {rules.map((r) => (
        <li key={r} className="text-brand-700">
          Rule change: {r}
        </li>
      ))}
    </ul>
  );
}

const firmColumns: Column<CatalogFirmReport>[] = [
  { header: 'Firm', cell: (f) => <span className="font-medium">{f.slug}</span> },
  { header: 'Status', cell: (f) => f.status, phone: 'labelled' },
  {
    header: 'Changes',
    phone: 'labelled',
    cell: (f) =>
      f.status === 'removed' ? (
        `${f.removedModels} funding models, ${f.removedAccounts} accounts removed`
      ) : f.status === 'new' ? (
        'New firm'
      ) : (
        <ChangeList changes={f.changes} rules={f.ruleChanges} />
      ),
  },
  { header: 'Followers emailed', cell: (f) => f.followers, phone: 'labelled', align: 'end' },
];

const unlistedColumns: Column<CatalogUnlistedReport>[] = [
  { header: 'Entry', cell: (u) => <span className="font-medium">{u.name}</span> },
  { header: 'Status', cell: (u) => u.status, phone: 'labelled' },
  {
    header: 'Changes',
    phone: 'labelled',
    cell: (u) =>
      u.status === 'removed' ? (
        'Removed'
      ) : u.status === 'new' ? (
        'New entry'
      ) : (
        <ChangeList changes={u.changes} />
      ),
  },
];

function Summary({ report }: { report: CatalogImportReport }) {
  const s = report.summary;
  return (
    <p className="text-sm text-slate-700" data-testid="catalog-summary">
      Firms: {s.firmsNew} new, {s.firmsChanged} changed, {s.firmsUnchanged} unchanged
      {report.replace ? `, ${s.firmsRemoved} removed` : ''}. Coupons: {s.couponsNew} new, {s.couponsChanged}{' '}
      changed, {s.couponsUnchanged} unchanged{report.replace ? `, ${s.couponsRemoved} removed` : ''}. Firms
      Not Yet Listed:{' '}
      {report.unlistedGiven
        ? `${s.unlistedNew} new, ${s.unlistedChanged} changed, ${s.unlistedUnchanged} unchanged${
            report.replace ? `, ${s.unlistedRemoved} removed` : ''
          }`
        : 'not in the file, left as they are'}
      . {s.ruleChanges} rule changes, {s.followersEmailed} follower emails.
      {report.newPlatforms.length ? ` New platforms: ${report.newPlatforms.join(', ')}.` : ''}
      {report.newPayoutMethods.length ? ` New payout methods: ${report.newPayoutMethods.join(', ')}.` : ''}
    </p>
  );
}

function Problems({ report }: { report: CatalogImportReport }) {
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p className="font-semibold">
        {report.problems.length} problem{report.problems.length === 1 ? '' : 's'}: nothing can be applied
        until the file is fixed.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {report.problems.slice(0, 200).map((p, i) => (
          <li key={i}>
            {p.at}: {p.message}
          </li>
        ))}
      </ul>
      {report.problems.length > 200 ? <p className="mt-2">and {report.problems.length - 200} more.</p> : null}
    </div>
  );
}

function Report({ report }: { report: CatalogImportReport }) {
  if (report.problems.length) return <Problems report={report} />;
  return (
    <div className="space-y-3">
      <Summary report={report} />
      {report.firms.length ? (
        <DataTable
          label="Firms the import changes"
          columns={firmColumns}
          rows={report.firms}
          rowKey={(f) => f.slug}
        />
      ) : null}
      {report.coupons.length ? (
        <ul className="space-y-1 text-sm">
          {report.coupons.map((c) => (
            <li key={c.key}>
              Coupon {c.key}: {c.status}
              {c.changes
                .map((ch) => ` · ${ch.field}: ${ch.before ?? '(none)'} → ${ch.after ?? '(none)'}`)
                .join('')}
            </li>
          ))}
        </ul>
      ) : null}
      {report.unlistedFirms.length ? (
        <DataTable
          label="Firms Not Yet Listed entries the import changes"
          columns={unlistedColumns}
          rows={report.unlistedFirms}
          rowKey={(u) => `${u.status} ${u.name}`}
        />
      ) : null}
    </div>
  );
}

export function CatalogData() {
  const [files, setFiles] = useState<File[]>([]);
  const [replace, setReplace] = useState(false);
  const [report, setReport] = useState<CatalogImportReport | null>(null);
  const [busy, setBusy] = useState<'dry-run' | 'import' | null>(null);
  const [progress, setProgress] = useState(0);
  const elapsed = useElapsed(busy !== null && progress >= 1);

  const choose = (list: FileList | null) => {
    const chosen = [...(list ?? [])];
    setReport(null);
    const tooBig = chosen.find((f) => f.size > MAX_CATALOG_BYTES);
    if (tooBig) {
      toast({ title: `${tooBig.name} is over 20 MB`, variant: 'destructive' });
      setFiles([]);
      return;
    }
    setFiles(chosen);
  };

  const run = async (path: 'dry-run' | 'import') => {
    setBusy(path);
    setProgress(0);
    try {
      const fields: Record<string, string> = { replace: String(replace) };
      if (path === 'import' && report) fields.fingerprint = report.fingerprint;
      const result = await postCatalog(path, files, fields, setProgress);
      setReport(result);
      if (result.applied) toast({ title: 'Import applied', variant: 'success' });
    } catch (error) {
      if (errorStatus(error) === 409) {
        setReport(null);
        toast({
          title: 'The catalog changed since the dry run',
          description: `${serverMessage(error)} Run the dry run again.`,
          variant: 'destructive',
        });
      } else toast({ ...toastForError(error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  const nothingToDo =
    !report ||
    report.applied ||
    report.problems.length > 0 ||
    (report.firms.length === 0 &&
      report.coupons.length === 0 &&
      report.unlistedFirms.length === 0 &&
      report.newPlatforms.length === 0);

  return (
    <div className="space-y-8">
      <ExportLinks />
      <section aria-labelledby="catalog-import" className="space-y-3">
        <h2 id="catalog-import" className="text-lg font-semibold text-slate-900">
          Import
        </h2>
        <p className="text-sm text-slate-600">
          Choose catalog.json, or accounts.csv with coupons.csv and unlisted-firms.csv (up to 20 MB each). The
          dry run shows each firm, coupon and Firms Not Yet Listed entry that is new or changed, field by
          field, and every problem; nothing is saved until you apply.
        </p>
        <div className="space-y-3">
          <div>
            <Label htmlFor="catalog-files">Catalog files</Label>
            <input
              id="catalog-files"
              type="file"
              multiple
              accept=".json,.csv,application/json,text/csv"
              className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-50"
              onChange={(e) => choose(e.target.files)}
            />
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id="catalog-replace"
              checked={replace}
              onChange={(e) => {
                setReplace(e.target.checked);
                setReport(null);
              }}
            />
            <Label htmlFor="catalog-replace">
              Replace: remove what the file leaves out (coupons and Firms Not Yet Listed only if the file has
              them)
            </Label>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button size="sm" disabled={files.length === 0 || busy !== null} onClick={() => run('dry-run')}>
              Dry run
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={nothingToDo || busy !== null}
              onClick={() => run('import')}
            >
              Apply
            </Button>
            {busy ? (
              <span role="status" className="text-sm text-slate-600">
                {progress < 1
                  ? `Uploading ${Math.round(progress * 100)}%`
                  : `${busy === 'dry-run' ? 'Checking' : 'Applying'}... ${elapsed} s`}
              </span>
            ) : null}
          </div>
        </div>
        {report ? <Report report={report} /> : null}
      </section>
    </div>
  );
}
