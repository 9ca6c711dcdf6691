import { Link } from 'wouter';
import ShieldCheck from '~icons/lucide/shield-check';
import Trophy from '~icons/lucide/trophy';
import { formatGiveawayDate, winnersHeading } from '../../../domain/giveaway-rules';
import type { Giveaway } from '../../../domain/giveaways';

function Field({ label, value, hint }: { label: string; value: string | null; hint?: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 font-mono text-xs break-all text-slate-900">
        {value ?? <span className="font-sans text-slate-500">{hint}</span>}
      </dd>
    </div>
  );
}

/** Spec section 2's Provably Fair card, with the commitments of decision 0022. */
export function ProvablyFairCard({ giveaway }: { giveaway: Giveaway }) {
  const completed = giveaway.status === 'completed';
  return (
    <section
      aria-labelledby="provably-fair"
      className="space-y-4 rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm"
    >
      <h2 id="provably-fair" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <ShieldCheck className="size-5 text-emerald-600" aria-hidden /> Provably Fair
      </h2>
      <p className="text-sm text-slate-600">
        The server seed's hash was published before the first entry. When entries close, the entry list is
        fixed by its own hash. The winners then follow from the server seed, the public client seed and the
        list, so anyone can repeat the draw.
      </p>
      <dl className="space-y-3">
        <Field label="Server seed hash (SHA-256)" value={giveaway.serverSeedHash} />
        <Field
          label="Server seed"
          value={completed ? giveaway.serverSeed : null}
          hint="Revealed when the giveaway is completed."
        />
        <Field label="Client seed source" value={giveaway.clientSeedSource} hint="Not named." />
        {giveaway.clientSeed ? <Field label="Client seed" value={giveaway.clientSeed} /> : null}
        <Field
          label="Entry list hash (SHA-256)"
          value={giveaway.entryListHash}
          hint="Published when entries close."
        />
      </dl>
      {/* After the list: a dl holds only term and description groups. */}
      {giveaway.entriesClosedAt ? (
        <p className="text-xs text-slate-600">
          Entries closed {formatGiveawayDate(giveaway.entriesClosedAt)}
        </p>
      ) : null}
      <Link
        to={`/verify-giveaway?slug=${encodeURIComponent(giveaway.slug)}`}
        className="inline-flex text-sm font-medium text-brand-700 hover:underline"
      >
        Verify this giveaway yourself
      </Link>
    </section>
  );
}

export function WinnersCard({ giveaway }: { giveaway: Giveaway }) {
  if (giveaway.status !== 'completed' || giveaway.winnerUserIds.length === 0) return null;
  return (
    <section
      aria-labelledby="winners"
      className="space-y-3 rounded-2xl border border-amber-200 bg-amber-50 p-5"
    >
      <h2 id="winners" className="flex items-center gap-2 text-lg font-semibold text-amber-950">
        <Trophy className="size-5" aria-hidden /> {winnersHeading(giveaway.winnerUserIds.length)}
      </h2>
      <p className="text-sm text-amber-900">Winning tickets:</p>
      <ul className="flex flex-wrap gap-2">
        {giveaway.winnerTicketNumbers.map((t) => (
          <li key={t} className="rounded-lg bg-white px-3 py-1 font-mono font-bold text-amber-900 shadow-sm">
            #{t}
          </li>
        ))}
      </ul>
      {giveaway.completedAt ? (
        <p className="text-sm text-amber-900">Drawn {formatGiveawayDate(giveaway.completedAt)}</p>
      ) : null}
    </section>
  );
}
