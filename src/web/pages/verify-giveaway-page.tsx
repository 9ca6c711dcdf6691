import { PageHeader } from '../components/page-header';
import { giveawaysQuery } from '../features/giveaways/queries';
import { GiveawayVerifier } from '../features/giveaways/verifier';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';
import { useUrlSearchParams } from '../lib/url-search-params';

export const loader: PageLoader = () => [giveawaysQuery()];

export default function VerifyGiveawayPage() {
  const [params] = useUrlSearchParams();
  return (
    <>
      <PageHead
        title="Verify a Giveaway | Prop Firm Club"
        description="Check any completed Prop Firm Club giveaway yourself: your browser recomputes the seed hash, the entry list hash, every entry hash and the winners."
        canonicalPath="/verify-giveaway"
      />
      <PageHeader
        title="Giveaway Verification Tool"
        intro="Don't trust us: check. Your browser repeats every step of the draw from the published data, with nothing but its built-in cryptography."
      />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_360px] lg:px-8">
        <GiveawayVerifier initialSlug={params.get('slug')} />
        <aside aria-labelledby="how-it-works" className="space-y-4 text-sm text-slate-700">
          <h2 id="how-it-works" className="text-lg font-semibold text-slate-900">
            How the check works
          </h2>
          <ol className="list-decimal space-y-3 pl-5">
            <li>
              <strong>Before anyone enters</strong>, we publish the SHA-256 hash of a secret server seed and
              name where the client seed will come from: public randomness nobody knows yet, such as a future
              drand round or Bitcoin block.
            </li>
            <li>
              <strong>Each entry</strong> gets the next ticket number and a receipt: SHA-256 of "server seed
              hash : ticket : user id".
            </li>
            <li>
              <strong>When entries close</strong>, we publish the SHA-256 of the entry list: one line
              "ticket:user id:entry hash" per entry, in ticket order, each ending in a line break. From then
              on the database refuses any change to the entries.
            </li>
            <li>
              <strong>The draw</strong> uses the client seed from the named source. For round 0, 1, 2…, the
              hash of "server seed : client seed : round" taken modulo the number of remaining tickets picks
              the winner, who leaves the pool.
            </li>
            <li>
              <strong>After the draw</strong> the server seed is revealed. This page checks that it matches
              the hash published at the start, that the entry list matches its hash, that every receipt is
              right, that tickets run 1 to n, and that the winners follow.
            </li>
          </ol>
          <p>
            Because the seed was fixed before the entries and the entries before the client seed, nobody,
            including us, could choose the winners.
          </p>
          <p>
            Offline: download the JSON and run{' '}
            <code className="rounded bg-slate-100 px-1">npx tsx scripts/verify-giveaway.ts file.json</code> in
            a copy of our repository. It runs the same code and gives the same verdict.
          </p>
        </aside>
      </div>
    </>
  );
}
