import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useParams } from 'wouter';
import AlertTriangle from '~icons/lucide/alert-triangle';
import ArrowLeft from '~icons/lucide/arrow-left';
import Scale from '~icons/lucide/scale';
import SearchX from '~icons/lucide/search-x';
import { StatusPanel } from '../components/status-panel';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { currentUserQuery } from '../features/accounts/queries';
import { firmMetaDescription } from '../features/firms/display';
import { FirmHeader, useGoBack } from '../features/firms/firm-header';
import { FirmOverview, PriceTable, QuickInfo, SidebarCoupons } from '../features/firms/firm-overview';
import { helpfulVotesQuery } from '../features/firms/helpful-votes';
import { firmJsonLd } from '../features/firms/json-ld';
import {
  firmDetailsQuery,
  firmFollowQuery,
  firmPayoutMethodsQuery,
  firmPayoutReportsQuery,
  firmPlatformsQuery,
  firmRatingQuery,
  firmReviewsQuery,
  firmRuleChangesQuery,
  ownFirmClaimsQuery,
  ownFirmReviewQuery,
  withheldRepliesQuery,
} from '../features/firms/queries';
import { errorStatus } from '../lib/api';
import type { PageLoader } from '../lib/lazy-page';
import { lazyComponent } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';
import { useUrlSearchParams } from '../lib/url-search-params';

/**
 * The firm with its reviews, rating, platforms, payout methods and rule changes; the open tab's own
 * data (the Payouts tab's first page of reports); for a signed-in visitor, whether they follow the
 * firm, their claims of firms and, on the Reviews tab, their own review and helpful votes.
 */
export const loader: PageLoader = ({ params, search, user }) => {
  const slug = params.slug ?? '';
  const tab = search.get('tab');
  return [
    firmDetailsQuery(slug),
    firmReviewsQuery(slug),
    firmRatingQuery(slug),
    firmPlatformsQuery(slug),
    firmPayoutMethodsQuery(slug),
    firmRuleChangesQuery(slug),
    ...(tab === 'payouts' ? [firmPayoutReportsQuery(slug)] : []),
    ...(user ? [firmFollowQuery(slug), ownFirmClaimsQuery()] : []),
    // The reviews carry their helpful counts; a member's own votes come with the member.
    ...(user && tab === 'reviews' ? [ownFirmReviewQuery(slug), helpfulVotesQuery(slug)] : []),
    // The firm's representatives see their replies that do not show yet under the reviews and reports.
    ...((tab === 'reviews' || tab === 'payouts') && user?.representativeOf.some((f) => f.slug === slug)
      ? [withheldRepliesQuery(slug)]
      : []),
  ];
};

// Only the Overview panel shows on arrival; the others (forms, dialogs, tooltips) load when opened,
// and the sidebar's last cards (rule changes, claiming the profile, the embed snippet) after the page's own code.
const FundingModels = lazyComponent(() =>
  import('../features/firms/funding-models').then((m) => m.FundingModels),
);
// One provider for the funding panel's tooltips: moving between them skips the open delay (spec 9).
const TooltipProvider = lazyComponent(() =>
  import('../components/ui/tooltip').then((m) => m.TooltipProvider),
);
const FirmCoupons = lazyComponent(() => import('../features/firms/firm-coupons').then((m) => m.FirmCoupons));
const FirmReviews = lazyComponent(() => import('../features/firms/firm-reviews').then((m) => m.FirmReviews));
const FirmPayouts = lazyComponent(() => import('../features/firms/firm-payouts').then((m) => m.FirmPayouts));
const RuleChanges = lazyComponent(() => import('../features/firms/rule-changes').then((m) => m.RuleChanges));
const ClaimProfile = lazyComponent(() =>
  import('../features/firms/claim-profile').then((m) => m.ClaimProfile),
);
const EmbedFirm = lazyComponent(() => import('../features/firms/embed-firm').then((m) => m.EmbedFirm));

/** The server renders whichever panel the address opens (`?tab=`), so it loads them all ahead. */
export const loadServerParts = () =>
  Promise.all([
    FundingModels.preload(),
    TooltipProvider.preload(),
    FirmCoupons.preload(),
    FirmReviews.preload(),
    FirmPayouts.preload(),
    RuleChanges.preload(),
    ClaimProfile.preload(),
    EmbedFirm.preload(),
  ]);

const FIRM_TABS = ['overview', 'funding', 'coupons', 'reviews', 'payouts'] as const;
type FirmTab = (typeof FIRM_TABS)[number];
const isFirmTab = (value: string | null): value is FirmTab => FIRM_TABS.includes(value as FirmTab);

/**
 * The open tab, kept in the address (`?tab=reviews`) so a link, a reload or a shared URL opens it,
 * and the server renders it. Overview, the default, keeps the address bare. Switching tabs replaces
 * the history entry: Back leaves the firm rather than stepping through its tabs.
 */
function useFirmTab(): [FirmTab, (tab: string) => void] {
  const [params, setParams] = useUrlSearchParams();
  const asked = params.get('tab');
  const select = (tab: string) => {
    const next = new URLSearchParams(params);
    if (tab === 'overview') next.delete('tab');
    else next.set('tab', tab);
    setParams(next, { replace: true });
  };
  return [isFirmTab(asked) ? asked : 'overview', select];
}

function PanelSkeleton() {
  return (
    <div className="mt-4 space-y-4" aria-busy="true">
      <Skeleton className="h-40" />
      <Skeleton className="h-40" />
    </div>
  );
}

function CountBadge({ n }: { n: number }) {
  return (
    <span className="rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 group-data-[state=active]:bg-brand-100 group-data-[state=active]:text-brand-700">
      {n}
    </span>
  );
}

function FirmSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" aria-busy="true">
      <span className="sr-only">Loading firm</span>
      <Skeleton className="h-4 w-64" />
      <div className="mt-6 flex gap-5">
        <Skeleton rounded="xl" className="size-20" />
        <div className="flex-1 space-y-3">
          <Skeleton className="h-8 w-1/3" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      </div>
      <Skeleton className="mt-8 h-10 w-96 max-w-full" />
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-64 lg:col-span-2" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function FirmProblem({ notFound, slug, onRetry }: { notFound: boolean; slug: string; onRetry: () => void }) {
  const goBack = useGoBack();
  const title = notFound ? 'Firm Not Found' : 'Something went wrong';
  const text = notFound
    ? 'The prop firm you are looking for does not exist or is no longer listed.'
    : 'The firm could not be loaded. Please try again.';
  return (
    <StatusPanel
      status={notFound ? 404 : 500}
      title={title}
      text={text}
      canonicalPath={`/firm/${slug}`}
      icon={notFound ? SearchX : AlertTriangle}
    >
      {notFound ? (
        <Button asChild>
          <Link to="/firms">Browse All Firms</Link>
        </Button>
      ) : (
        <Button onClick={onRetry}>Try Again</Button>
      )}
      <Button variant="outline" onClick={goBack}>
        <ArrowLeft aria-hidden="true" /> Go Back
      </Button>
    </StatusPanel>
  );
}

export default function FirmPage() {
  const slug = useParams().slug ?? '';
  const { publicUrl } = useSiteConfig();
  const details = useQuery(firmDetailsQuery(slug));
  // After a failed firm load the other firm calls would fail the same way: do not refetch them.
  const loaded = details.isSuccess;
  const platforms = useQuery({ ...firmPlatformsQuery(slug), enabled: loaded });
  const payoutMethods = useQuery({ ...firmPayoutMethodsQuery(slug), enabled: loaded });
  const reviews = useQuery({ ...firmReviewsQuery(slug), enabled: loaded });
  const rating = useQuery({ ...firmRatingQuery(slug), enabled: loaded });
  const user = useQuery(currentUserQuery).data;
  const [tab, selectTab] = useFirmTab();

  if (details.isPending) return <FirmSkeleton />;
  if (details.isError) {
    return (
      <FirmProblem
        notFound={errorStatus(details.error) === 404}
        slug={slug}
        onRetry={() => details.refetch()}
      />
    );
  }
  const firm = details.data;
  const reviewCount = rating.data?.totalReviews ?? reviews.data?.length ?? 0;

  return (
    <>
      <PageHead
        title={`${firm.name} Review & Analysis`}
        description={firmMetaDescription(firm)}
        canonicalPath={`/firm/${firm.slug}`}
        image={firm.logo ?? undefined}
        jsonLd={
          import.meta.env.SSR ? firmJsonLd(firm, reviews.data ?? [], rating.data, publicUrl) : undefined
        }
      />
      <FirmHeader firm={firm} summary={rating.data} />
      <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 sm:px-6 lg:grid-cols-3 lg:px-8">
        <Tabs value={tab} onValueChange={selectTab} className="min-w-0 lg:col-span-2">
          {/* Five tabs do not fit a phone's width in one row: three columns there, one row from sm up. */}
          <TabsList
            aria-label={`${firm.name} sections`}
            className="grid w-full grid-cols-3 sm:inline-flex sm:w-auto"
          >
            <TabsTrigger value="overview" size="compact" className="flex-1 sm:flex-none">
              Overview
            </TabsTrigger>
            <TabsTrigger value="funding" size="compact" className="group flex-1 sm:flex-none">
              Funding <CountBadge n={firm.fundingModels.length} />
            </TabsTrigger>
            <TabsTrigger value="coupons" size="compact" className="group flex-1 sm:flex-none">
              Coupons <CountBadge n={firm.coupons.length} />
            </TabsTrigger>
            <TabsTrigger value="reviews" size="compact" className="group flex-1 sm:flex-none">
              Reviews <CountBadge n={reviewCount} />
            </TabsTrigger>
            <TabsTrigger value="payouts" size="compact" className="group flex-1 sm:flex-none">
              Payouts
            </TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <FirmOverview firm={firm} platforms={platforms.data} payoutMethods={payoutMethods.data} />
          </TabsContent>
          <TabsContent value="funding">
            <p className="mb-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-slate-800">
              How do these accounts compare?{' '}
              <Link to="/challenges" className="font-medium text-brand-700 underline">
                Compare every firm's challenges by true cost in the Challenge Finder
              </Link>
            </p>
            <Suspense fallback={<PanelSkeleton />}>
              <TooltipProvider>
                <FundingModels firm={firm} />
              </TooltipProvider>
            </Suspense>
          </TabsContent>
          <TabsContent value="coupons">
            <Suspense fallback={<PanelSkeleton />}>
              <FirmCoupons firm={firm} />
            </Suspense>
          </TabsContent>
          <TabsContent value="reviews">
            <Suspense fallback={<PanelSkeleton />}>
              <FirmReviews firm={firm} user={user} />
            </Suspense>
          </TabsContent>
          <TabsContent value="payouts">
            <Suspense fallback={<PanelSkeleton />}>
              <FirmPayouts firm={firm} user={user} />
            </Suspense>
          </TabsContent>
        </Tabs>
        <aside
          className="grid min-w-0 grid-cols-1 content-start gap-4"
          aria-label={`${firm.name} at a glance`}
        >
          <div className="hidden lg:block">
            <QuickInfo firm={firm} />
          </div>
          <SidebarCoupons firm={firm} />
          <PriceTable firm={firm} />
          <Suspense fallback={<Skeleton className="h-40" />}>
            <RuleChanges firm={firm} user={user} />
          </Suspense>
          <Button asChild variant="outline">
            <Link to={`/compare?firms=${encodeURIComponent(firm.slug)}`}>
              <Scale aria-hidden="true" /> Compare with other firms
            </Link>
          </Button>
          <Suspense fallback={<Skeleton className="h-48" />}>
            <ClaimProfile firm={firm} user={user} />
            <EmbedFirm firm={firm} publicUrl={publicUrl} />
          </Suspense>
        </aside>
      </div>
    </>
  );
}
