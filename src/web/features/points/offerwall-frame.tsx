import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { offerwallQuery } from './queries';

/** The provider's wall in a frame, with the user's id as sub-id; never a stand-in when unconfigured. */
export function OfferwallFrame({ provider, title }: { provider: 'offerwall' | 'adscend'; title: string }) {
  const { data, isPending, isError } = useQuery(offerwallQuery(provider));
  if (isPending) return <p className="text-slate-600">Loading offers</p>;
  if (isError) return <p className="text-red-700">The offers could not be loaded.</p>;
  if (!data.url) {
    return (
      <p
        className="rounded-md border border-slate-200 bg-white p-6 text-slate-700"
        data-testid="offerwall-unavailable"
      >
        Offers are not available yet. Meanwhile you can earn points with{' '}
        <Link href="/earn-points" className="text-brand-700 underline">
          cashback and weekly review awards
        </Link>
        .
      </p>
    );
  }
  return (
    <iframe
      src={data.url}
      title={title}
      className="h-[80vh] min-h-[600px] w-full rounded-md border border-slate-200 bg-white"
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
    />
  );
}
