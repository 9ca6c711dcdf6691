import type { FieldChange } from '../../../domain/catalog-diff';
import { type Column, DataTable } from '../../components/data-table';

const shown = (value: string | null) =>
  value === null || value === '' ? <span className="text-slate-500">(none)</span> : value;

const columns: Column<FieldChange>[] = [
  {
    header: 'Field',
    cell: (c) => <span className="font-mono text-xs break-all">{c.field}</span>,
    phone: 'main',
  },
  { header: 'Before', cell: (c) => shown(c.before), phone: 'labelled', className: 'break-words' },
  { header: 'After', cell: (c) => shown(c.after), phone: 'labelled', className: 'break-words' },
];

/**
 * A firm's changes field by field, before and after, as the catalog import's dry run names them
 * ('fundingModels.Rapid.accounts.50000 one-time.price'): a correction as sent, applied now, or
 * what was saved since it was made.
 */
export function FieldChangesTable({ label, changes }: { label: string; changes: readonly FieldChange[] }) {
  if (changes.length === 0) return <p className="text-sm text-slate-600">No field changes.</p>;
  return <DataTable label={label} columns={columns} rows={changes} rowKey={(c) => c.field} />;
}
