import {
  EVIDENCE_GRADE_LABELS,
  EVIDENCE_GRADE_WEIGHTS,
  EVIDENCE_GRADES,
  PAYOUT_FLAG_LABELS,
  PAYOUT_FLAGS,
  PAYOUT_TIER_LABELS,
  PAYOUT_TIER_THRESHOLDS as T,
} from '../../../domain/payout-rules';

const pct = (share: number) => `${Math.round(share * 100)}%`;
const weight = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The tiers from the one function the server computes them with: its thresholds, written out. */
const TIERS = [
  {
    tier: 'high',
    rule: `Needs an evidence score of at least ${weight(T.high.evidence)}, at most ${pct(T.high.maxDeniedShare)} of decided payouts denied, and a median of ${T.high.maxMedianDays} days or less from request to receipt.`,
  },
  {
    tier: 'medium',
    rule: `Needs an evidence score of at least ${weight(T.medium.evidence)} and at most ${pct(T.medium.maxDeniedShare)} of decided payouts denied.`,
  },
  {
    tier: 'low',
    rule: `Needs an evidence score of at least ${weight(T.minimumEvidence)}, but not enough for Medium.`,
  },
  {
    tier: 'insufficient',
    rule: `An evidence score below ${weight(T.minimumEvidence)}: too few verified payouts to say.`,
  },
] as const;

/** /methodology's 'Payout record' section, from the constants of src/domain/payout-rules.ts. */
export function PayoutRecordSection() {
  return (
    <section id="payout-record" aria-labelledby="payout-record-heading" className="scroll-mt-20">
      <h2 id="payout-record-heading" className="text-2xl font-bold text-slate-900">
        Payout record
      </h2>
      <p className="mt-2 text-slate-700">
        Each firm's Payouts tab shows what traders reported being paid, or denied, and what our team checked.
        A report counts only once an admin has verified its evidence and given it a grade. The tier looks at
        the verified reports of the last {T.windowDays} days: each paid report adds its grade's weight to the
        firm's evidence score, and denied reports count against it. Nobody can buy a tier: it moves only with
        verified reports, and we keep each firm's tier history.
      </p>
      <dl className="mt-5 grid gap-3">
        {TIERS.map(({ tier, rule }) => (
          <div key={tier} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <dt className="font-semibold text-slate-900">{PAYOUT_TIER_LABELS[tier]}</dt>
            <dd className="mt-1 text-sm text-slate-700">{rule}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 text-lg font-semibold text-slate-900">Evidence grades and their weight</h3>
      <p className="mt-1 text-slate-700">
        A payout we can see on a blockchain counts more than a screenshot, which is the easiest evidence to
        fake and the one passed from trader to trader.
      </p>
      <table className="mt-3 w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left text-sm shadow-sm">
        <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Grade
            </th>
            <th scope="col" className="px-4 py-2 text-right font-medium">
              Weight
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {EVIDENCE_GRADES.map((grade) => (
            <tr key={grade}>
              <th scope="row" className="px-4 py-2 font-normal text-slate-800">
                {EVIDENCE_GRADE_LABELS[grade]}
              </th>
              <td className="px-4 py-2 text-right tabular-nums" data-testid={`grade-weight-${grade}`}>
                {weight(EVIDENCE_GRADE_WEIGHTS[grade])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="mt-6 text-lg font-semibold text-slate-900">What the checks flag</h3>
      <p className="mt-1 text-slate-700">
        When a report arrives, it is compared with every report before it, and an admin sees the flags before
        deciding:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
        {PAYOUT_FLAGS.map((flag) => (
          <li key={flag}>{PAYOUT_FLAG_LABELS[flag]}.</li>
        ))}
      </ul>
    </section>
  );
}
