import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'wouter';
import Calculator from '~icons/lucide/calculator';
import Gift from '~icons/lucide/gift';
import Scale from '~icons/lucide/scale';
import type { CurrentUser } from '../../domain/accounts';
import { Button } from '../components/ui/button';
import { currentUserQuery } from '../features/accounts/queries';
import { VerificationResultToast } from '../features/accounts/verification-toast';
import { PostCard } from '../features/blog/post-card';
import { blogPostsQuery } from '../features/blog/queries';
import { FirmSearchBox } from '../features/firms/firm-search-box';
import { ComparisonTable, FeaturedPanel, HeroStats, LazySection } from '../features/firms/home-sections';
import { directoryJsonLd, websiteJsonLd } from '../features/firms/json-ld';
import { heroStatsQuery, homeComparisonQuery } from '../features/firms/queries';
import { signedInHomeQuery } from '../features/home/queries';
import { NewsletterForm } from '../features/newsletter/newsletter-form';
import type { PageLoader } from '../lib/lazy-page';
import { lazyComponent } from '../lib/lazy-page';
import { PageHead } from '../lib/page-context';
import { useSiteConfig } from '../lib/site-config';

/**
 * A signed-in visitor's own home, or the public one's hero figures and the comparison table's firms
 * (they also make the page's structured data; the table itself renders when scrolled to).
 */
export const loader: PageLoader = ({ user }) =>
  user ? [signedInHomeQuery()] : [heroStatsQuery(), homeComparisonQuery()];

const LATEST_POSTS = 3;

function LatestBlog() {
  const { data } = useQuery(blogPostsQuery());
  const posts = (data ?? []).slice(0, LATEST_POSTS);
  if (!posts.length) return null;
  return (
    <section aria-labelledby="latest-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id="latest-heading" className="text-2xl font-bold text-slate-900">
          Latest from the Blog
        </h2>
        <Link to="/blog" className="text-sm font-medium text-brand-700 hover:underline">
          All news
        </Link>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        {posts.map((post) => (
          <div key={post.id} className="relative">
            <PostCard post={post} />
          </div>
        ))}
      </div>
    </section>
  );
}

function scrollToComparison() {
  document.getElementById('comparison')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

// Only signed-in visitors see their own home: its code loads apart, so the public home stays light.
const SignedInHomeView = lazyComponent(() => import('./home/signed-in-home').then((m) => m.SignedInHomeView));

/** The server renders either home, so it loads the signed-in one ahead. */
export const loadServerParts = () => SignedInHomeView.preload();

export default function HomePage() {
  const { data: user } = useQuery(currentUserQuery);
  return user ? <SignedInHomePage user={user} /> : <PublicHomePage />;
}

/** Spec section 2: a signed-in user gets their own home at `/`. */
function SignedInHomePage({ user }: { user: CurrentUser }) {
  return (
    <>
      <VerificationResultToast />
      <PageHead
        title="Your home | Prop Firm Club"
        description="Your points, giveaways and this week's new prop firm deals."
        canonicalPath={'/'}
      />
      <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
        <SignedInHomeView user={user} />
      </Suspense>
    </>
  );
}

function PublicHomePage() {
  const { publicUrl } = useSiteConfig();
  // The comparison table's firms (prefetched by the server) make the page's list of firms.
  const firms = useQuery(homeComparisonQuery());
  return (
    <>
      <VerificationResultToast />
      <PageHead
        title="Prop Firm Club: Compare Prop Trading Firms"
        description="Compare prop trading firms by trust rating, price, funding and rules. Read reviews, copy discount codes and enter giveaways."
        canonicalPath={'/'}
        jsonLd={
          import.meta.env.SSR
            ? [
                websiteJsonLd(publicUrl),
                ...(firms.data ? [directoryJsonLd(firms.data.firms, publicUrl)] : []),
              ]
            : undefined
        }
      />
      <section className="bg-gradient-to-br from-brand-700 via-brand-600 to-slate-900 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-8 px-4 py-16 text-center sm:px-6 sm:py-20 lg:px-8">
          <div>
            <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
              Find the prop firm that will fund you
            </h1>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-blue-100">
              Compare prop trading firms by trust rating, price, funding and rules. Read reviews, copy
              discount codes and enter giveaways.
            </p>
          </div>
          <FirmSearchBox />
          <div className="flex flex-wrap justify-center gap-3">
            <Button size="lg" variant="inverse" onClick={scrollToComparison} className="hover:bg-blue-50">
              <Scale aria-hidden="true" /> Compare Firms Now
            </Button>
            <Button asChild size="lg" variant="inverseOutline">
              <Link to="/challenges">
                <Calculator aria-hidden="true" /> Find a Challenge
              </Link>
            </Button>
            <Button asChild size="lg" variant="inverseOutline">
              <Link to="/giveaways">
                <Gift aria-hidden="true" /> Giveaways
              </Link>
            </Button>
          </div>
          <HeroStats />
        </div>
      </section>

      <LazySection id="comparison" minHeight="32rem">
        <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-[1fr_20rem] lg:px-8">
          <ComparisonTable />
          <FeaturedPanel />
        </div>
      </LazySection>

      <LazySection minHeight="24rem">
        <LatestBlog />
      </LazySection>

      <section aria-labelledby="newsletter-heading" className="bg-slate-900">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-12 text-center">
          <h2 id="newsletter-heading" className="text-2xl font-bold text-white">
            Get the best prop firm deals first
          </h2>
          <p className="text-slate-300">
            Join 10,000+ traders who get new coupon codes and firm news every week.
          </p>
          <div className="w-full max-w-lg">
            <NewsletterForm source="home" tags={['deals']} tone="dark" />
          </div>
        </div>
      </section>
    </>
  );
}
