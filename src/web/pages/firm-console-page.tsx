import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import SearchX from '~icons/lucide/search-x';
import ShieldX from '~icons/lucide/shield-x';
import { PageHeader } from '../components/page-header';
import { QueryFailure } from '../components/query-failure';
import { StatusPanel } from '../components/status-panel';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { FirmEditor } from '../features/admin/firm-editor';
import { OwnChangeRequests } from '../features/firm-console/change-request-bits';
import { ConsoleCoupons, ConsoleFigures, WaitingForReply } from '../features/firm-console/console-overview';
import {
  firmConsoleOverviewQuery,
  firmConsoleQuery,
  sendChangeRequest,
} from '../features/firm-console/queries';
import { errorStatus, serverMessage } from '../lib/api';
import type { PageLoader } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';

/** The firm as its editor loads it, and the console's figures, replies, coupons and corrections. */
export const loader: PageLoader = ({ params }) => {
  const slug = params.slug ?? '';
  return [firmConsoleQuery(slug), firmConsoleOverviewQuery(slug)];
};

const NOT_YOURS =
  "Only representatives of this firm and Prop Firm Club's admins can open its console. Work there? Claim its profile on its page.";

function ConsoleRefused({ slug, error, retry }: { slug: string; error: unknown; retry: () => void }) {
  const status = errorStatus(error);
  const firmPage = `/firm/${encodeURIComponent(slug)}`;
  if (status === 403)
    return (
      <StatusPanel
        status={403}
        title="Not your firm's console"
        text={serverMessage(error) || NOT_YOURS}
        canonicalPath={`/firm-console/${slug}`}
        icon={ShieldX}
      >
        <Button asChild>
          <Link to={firmPage}>Go to the firm's page</Link>
        </Button>
      </StatusPanel>
    );
  if (status === 404)
    return (
      <StatusPanel
        status={404}
        title="Firm Not Found"
        text="There is no firm at this address."
        canonicalPath={`/firm-console/${slug}`}
        icon={SearchX}
      >
        <Button asChild>
          <Link to="/firms">Browse All Firms</Link>
        </Button>
      </StatusPanel>
    );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <QueryFailure error={error} retry={retry} />
    </div>
  );
}

export default function FirmConsolePage() {
  const slug = useParams().slug ?? '';
  const queryClient = useQueryClient();
  const firm = useQuery(firmConsoleQuery(slug));
  const overview = useQuery(firmConsoleOverviewQuery(slug));
  const head = (
    <PageHead
      title={`${firm.data?.name ?? 'Firm'} console | Prop Firm Club`}
      description="The firm's figures, reviews and reports waiting for a reply, coupons, and corrections of its data."
      canonicalPath={`/firm-console/${slug}`}
      noindex
    />
  );
  if (firm.isPending || overview.isPending)
    return (
      <div className="mx-auto grid max-w-5xl gap-4 px-4 py-10" aria-busy="true">
        {head}
        <Skeleton className="h-32" />
        <Skeleton className="h-64" />
      </div>
    );
  if (firm.isError || overview.isError)
    return (
      <ConsoleRefused
        slug={slug}
        error={firm.error ?? overview.error}
        retry={() => {
          void firm.refetch();
          void overview.refetch();
        }}
      />
    );
  const data = overview.data;
  const waiting = data.changeRequests.find((r) => r.status === 'pending');
  const refreshOverview = () =>
    queryClient.invalidateQueries({ queryKey: firmConsoleOverviewQuery(slug).queryKey });
  return (
    <>
      {head}
      <PageHeader
        title={`${firm.data.name} console`}
        intro="Your firm on Prop Firm Club: how traders find it, what waits for your reply, and corrections of its data."
      >
        <p className="mt-3 text-sm">
          <Link to={`/firm/${encodeURIComponent(slug)}`} className="font-medium text-brand-700 underline">
            Your firm's page
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-5xl min-w-0 gap-8 px-4 py-8 sm:px-6">
        <ConsoleFigures figures={data.figures} />
        <WaitingForReply slug={slug} overview={data} />
        <ConsoleCoupons coupons={data.coupons} />
        <section aria-labelledby="propose-correction" className="grid min-w-0 gap-3">
          <h2 id="propose-correction" className="text-lg font-semibold text-slate-900">
            Propose a correction
          </h2>
          <p className="text-sm text-slate-600">
            Change what is out of date, say why, and link to your own page that shows it. Fields marked "Set
            by Prop Firm Club" are ours: to question one, say so in your note. One correction waits for review
            at a time.
          </p>
          {waiting ? (
            <p
              role="note"
              className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              Your correction #{waiting.id} is waiting for review: you can send another once it is decided.
            </p>
          ) : null}
          <FirmEditor
            firm={firm.data}
            propose={{
              send: (payload) => sendChangeRequest(slug, payload),
              latest: () => queryClient.fetchQuery({ ...firmConsoleQuery(slug), staleTime: 0 }),
              options: data.options,
              onSent: refreshOverview,
            }}
          />
        </section>
        <OwnChangeRequests requests={data.changeRequests} />
      </div>
    </>
  );
}
