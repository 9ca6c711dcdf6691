import { Link } from 'wouter';
import { RATING_TEXT_ITEMS } from '../../domain/firm-rules';
import { PageHeader } from '../components/page-header';
import { TrustBadge } from '../features/firms/firm-bits';
import { PageHead } from '../lib/page-context';
import { PayoutRecordSection } from './methodology/payout-record';

const RATINGS = [
  {
    value: 'approved',
    text: 'We found a firm that pays its traders, explains its rules clearly and stands behind them. Known leaders, a track record of payouts and fair handling of disputes. Approved is not a guarantee: it means we found nothing that should stop you.',
  },
  {
    value: 'caution',
    text: 'The firm operates and pays, but something deserves a second look: rules that changed without notice, slow or disputed payouts, a short history, or leaders we could not identify. Read "What to Stay Aware Of" on its page before you buy.',
  },
  {
    value: 'avoid',
    text: 'We found serious problems: payouts refused on vague grounds, hidden rules, unanswered support, or signs that the firm may not last. We list it so you can recognise it, not so you can buy from it.',
  },
  {
    value: 'not tested',
    text: 'We have not finished our checks yet. This says nothing good or bad about the firm; it only means we cannot vouch for it.',
  },
] as const;

const CRITERIA: Record<(typeof RATING_TEXT_ITEMS)[number]['key'], string> = {
  ratingOverview:
    'What the firm sells, since when, and whether its offer matches what traders actually receive.',
  ratingLeadership: 'Who runs the firm, whether they are named in public, and what they did before.',
  ratingTransparency:
    'Whether the rules, prices and payout conditions are written down clearly and kept stable.',
  ratingThirdPartyReviews:
    'What traders say elsewhere: review sites, communities and verified payout reports.',
  ratingLongTermVision: 'Whether the firm invests in its product and its traders or only in marketing.',
  ratingSustainability: 'Whether the business model can keep paying traders when markets or sales turn.',
};

export default function MethodologyPage() {
  return (
    <>
      <PageHead
        title="How We Rate Prop Firms | Prop Firm Club"
        description="How Prop Firm Club decides trust ratings: approved, caution, avoid and not tested."
        canonicalPath={'/methodology'}
      />
      <PageHeader
        title="How We Rate Prop Firms"
        intro="How Prop Firm Club decides trust ratings: approved, caution, avoid and not tested."
      />
      <div className="mx-auto grid max-w-4xl gap-10 px-4 py-10 sm:px-6 lg:px-8">
        <section aria-labelledby="ratings-heading">
          <h2 id="ratings-heading" className="text-2xl font-bold text-slate-900">
            The four trust ratings
          </h2>
          <p className="mt-2 text-slate-700">
            Every firm carries one badge. It is our judgement of how safely you can buy an evaluation from the
            firm today, not a ranking of how cheap or generous it is.
          </p>
          <dl className="mt-5 grid gap-4">
            {RATINGS.map((r) => (
              <div key={r.value} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <dt>
                  <TrustBadge rating={r.value} />
                </dt>
                <dd className="mt-2 text-slate-700">{r.text}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section aria-labelledby="criteria-heading">
          <h2 id="criteria-heading" className="text-2xl font-bold text-slate-900">
            The six things we check
          </h2>
          <p className="mt-2 text-slate-700">
            A firm's page explains its rating under "Why this firm is rated" with what we found for each of
            these.
          </p>
          <ol className="mt-5 grid gap-3 sm:grid-cols-2">
            {RATING_TEXT_ITEMS.map((item, i) => (
              <li key={item.key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-slate-900">
                  {i + 1}. {item.label}
                </h3>
                <p className="mt-1 text-sm text-slate-700">{CRITERIA[item.key]}</p>
              </li>
            ))}
          </ol>
        </section>
        <section id="true-cost" aria-labelledby="true-cost-heading" className="scroll-mt-20">
          <h2 id="true-cost-heading" className="text-2xl font-bold text-slate-900">
            How we compute true cost
          </h2>
          <p className="mt-2 text-slate-700">
            The{' '}
            <Link to="/challenges" className="font-medium text-brand-700 underline">
              Challenge Finder
            </Link>{' '}
            ranks accounts by what getting funded costs on average, not by the sticker price. You give your
            pass rate (your chance of passing every phase in one attempt, 10% unless you change it) and, for
            monthly accounts, how many months an attempt takes (1 unless you change it). For each account:
          </p>
          <ol className="mt-4 grid list-decimal gap-2 rounded-xl border border-slate-200 bg-white p-5 pl-10 text-slate-800 shadow-sm">
            <li>
              <strong>Fee</strong> = price × (1 − best coupon's discount ÷ 100). The best coupon is the firm's
              active, unexpired coupon with the highest discount; without one the discount is 0.
            </li>
            <li>
              <strong>Per attempt</strong> = fee × months per attempt for a monthly account, otherwise the
              fee.
            </li>
            <li>
              <strong>Retry</strong> = the reset price when the firm sells resets and it is cheaper than a new
              attempt, otherwise the per-attempt price.
            </li>
            <li>
              <strong>Attempts</strong> = 1 for instant funding (no evaluation), otherwise 1 ÷ pass rate: at a
              10% pass rate you should expect to need 10 attempts.
            </li>
            <li>
              <strong>Paid</strong> = per attempt + (attempts − 1) × retry.
            </li>
            <li>
              <strong>True cost</strong> = paid × (1 − the firm's cashback ÷ 100) + activation fee − fee ×
              pass rate when the fee is refunded with the first payout; never below $0, rounded to cents. The
              refund comes only with a payout, which you reach as often as your pass rate says, so at a 10%
              pass rate a tenth of a refundable fee comes off; instant accounts use the same pass rate.
            </li>
            <li>
              <strong>True cost per $1,000</strong> = true cost ÷ account size × 1,000, so a $10K and a $200K
              account can be compared.
            </li>
          </ol>
          <p className="mt-3 text-sm text-slate-600">
            A missing activation fee, reset price or cashback counts as 0. The pass rate is your own guess:
            the numbers move with it, and so can the order. True cost ignores what you earn once funded.
          </p>
          <p className="mt-3 text-sm text-slate-600">
            <strong>
              Changed <time dateTime="2026-12-07">Dec 7, 2026</time>:
            </strong>{' '}
            a refundable fee now comes off as fee × pass rate instead of in full. Taking off the whole fee
            counted every trader as reaching a payout, and showed many accounts with a price above $0 at a
            true cost of $0.
          </p>
        </section>
        <PayoutRecordSection />
        <section aria-labelledby="reviews-heading">
          <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
            How reviews are checked
          </h2>
          <p className="mt-2 text-slate-700">
            Every new review goes through automatic checks (a link in it, the same text as another review, or
            a burst of reviews of one firm from new accounts); a review they flag waits for a moderator. Any
            signed-in trader can report a review, and moderators publish, hide or delete with a reason the
            author sees. The figures, year by year, are in our{' '}
            <Link to="/review-integrity" className="font-medium text-brand-700 underline">
              review integrity report
            </Link>
            .
          </p>
        </section>
        <section id="claimed-profiles" aria-labelledby="claimed-heading" className="scroll-mt-20">
          <h2 id="claimed-heading" className="text-2xl font-bold text-slate-900">
            Claimed profiles
          </h2>
          <p className="mt-2 text-slate-700">
            A firm marked "Claimed profile" has at least one representative on Prop Firm Club. To claim a
            profile, someone who works at the firm gives an email address at the firm's own domain (the domain
            of its website), enters the code we send to that address, and tells us their job title and role.
            One of our admins then checks the claim before it counts, and can remove a representative again at
            any time.
          </p>
          <p className="mt-3 text-slate-700">
            Claiming a profile does not change anything we say about the firm: not its trust rating, its
            reviews, its payout record or its place in any list, and no firm can pay for it. A representative
            cannot review their own firm or report a payout from it.
          </p>
          <p className="mt-3 text-slate-700">
            A representative may answer each published review and each verified denied payout report once, in
            public, marked "Firm representative". Replies pass the same automatic checks as reviews, must not
            name the reviewer, threaten, or ask for a review to be changed or removed, and never change a
            rating.
          </p>
          <p className="mt-3 text-slate-700">
            A representative may also send a correction of the firm's own data (prices, rules, account sizes,
            platforms) with a link to the firm's own page that shows it. We check each one against that page
            before it goes live; a change to rules or prices then shows in the firm's rule history as
            "Reported by the firm, checked by Prop Firm Club" with the date. Our trust rating, its write-ups
            and the firm's place in any list are never the firm's to change.
          </p>
        </section>
        <section aria-labelledby="independence-heading" className="rounded-xl bg-brand-50 p-6">
          <h2 id="independence-heading" className="text-xl font-bold text-slate-900">
            Ratings are not for sale
          </h2>
          <p className="mt-2 text-slate-700">
            Some links on this site are affiliate links and some firms sponsor giveaways. Neither changes a
            rating: a firm we rate Avoid stays Avoid whatever it pays. Read our{' '}
            <Link to="/affiliate-disclosure" className="font-medium text-brand-700 underline">
              affiliate disclosure
            </Link>{' '}
            or{' '}
            <Link to="/firms" className="font-medium text-brand-700 underline">
              browse all firms
            </Link>
            .
          </p>
        </section>
      </div>
    </>
  );
}
