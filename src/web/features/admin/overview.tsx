import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'wouter';
import type { AdminOverview } from '../../../domain/admin';
import { formatDate } from '../../../domain/format';
import { QueryFailure } from '../../components/query-failure';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { adminOverviewQuery } from './queries';

interface Tile {
  label: string;
  value: number;
  to?: string;
  /** A number worth an admin's attention when above 0. */
  attention?: boolean;
}

function Tiles({ title, tiles }: { title: string; tiles: Tile[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
        {tiles.map((tile) => {
          const body = (
            <>
              <span className="block text-2xl font-bold tabular-nums text-slate-900">
                {tile.value.toLocaleString('en-US')}
              </span>
              <span className="block text-sm text-slate-600">{tile.label}</span>
            </>
          );
          return (
            <li key={tile.label}>
              <Card tone={tile.attention && tile.value > 0 ? 'warning' : 'default'} className="h-full p-4">
                {tile.to ? (
                  <Link
                    to={tile.to}
                    className="block rounded focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {body}
                  </Link>
                ) : (
                  body
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Queues({ overview }: { overview: AdminOverview }) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <Card className="p-5">
        <h2 className="text-lg font-semibold">Latest reviews</h2>
        {overview.recentReviews.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No reviews yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {overview.recentReviews.map((review) => (
              <li key={review.id} className="py-2 text-sm">
                <Link
                  to={`/firm/${review.firmSlug}?tab=reviews`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {review.firmName}
                </Link>{' '}
                <span className="text-slate-500">
                  · {review.rating}/5 · {formatDate(review.createdAt)}
                </span>
                <p className="break-words text-slate-700">{review.title}</p>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="p-5">
        <h2 className="text-lg font-semibold">Latest contact messages</h2>
        {overview.recentMessages.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No messages yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {overview.recentMessages.map((message) => (
              <li key={message.id} className="py-2 text-sm">
                <span className="font-medium">{message.name}</span>{' '}
                <a href={`mailto:${message.email}`} className="break-all text-brand-700 underline">
                  {message.email}
                </a>
                <span className="text-slate-500">
                  {' '}
                  · {message.topic} · {formatDate(message.createdAt)}
                </span>
                <p className="line-clamp-3 break-words whitespace-pre-line text-slate-700">
                  {message.message}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

export function AdminOverviewPanel() {
  const { data, error, isPending, refetch } = useQuery(adminOverviewQuery());
  if (isPending)
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-busy="true">
        {Array.from({ length: 10 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  if (error) return <QueryFailure error={error} retry={() => refetch()} />;
  const c = data.content;
  return (
    <>
      <Tiles
        title="Waiting for you"
        tiles={[
          {
            label: 'Reviews to moderate',
            value: data.queues.reviewsToModerate,
            attention: true,
            to: '/admin/reviews',
          },
          { label: 'Reviews this week', value: data.queues.reviewsLastWeek },
          {
            label: 'Messages to answer',
            value: data.queues.newMessages,
            attention: true,
            to: '/admin/messages',
          },
          { label: 'Messages this week', value: data.queues.messagesLastWeek },
          {
            label: 'Expired coupons still active',
            value: c.expiredCoupons,
            attention: true,
            to: '/admin/coupons',
          },
          { label: 'Unconfirmed subscribers', value: data.queues.pendingSubscribers },
          { label: 'Drafts and scheduled posts', value: c.draftPosts },
        ]}
      />
      <Tiles
        title="Content"
        tiles={[
          { label: 'Listed firms', value: c.listedFirms, to: '/admin/firms' },
          { label: 'Hidden firms', value: c.otherFirms, to: '/admin/firms' },
          { label: 'Not yet listed', value: c.unlistedFirms, to: '/admin/firms#not-yet-listed' },
          { label: 'Funding models', value: c.fundingModels },
          { label: 'Accounts', value: c.accounts },
          { label: 'Live coupons', value: c.liveCoupons, to: '/admin/coupons' },
          { label: 'Published posts', value: c.publishedPosts },
          { label: 'Quick updates', value: c.quickUpdates },
          { label: 'Reviews', value: c.reviews },
          { label: 'Newsletter subscribers', value: c.newsletterSubscribers },
        ]}
      />
      <Tiles
        title="People"
        tiles={[
          { label: 'Users', value: data.users },
          { label: 'Verified users', value: data.verifiedUsers },
          { label: 'Admins', value: data.admins },
          { label: 'Active sessions', value: data.activeSessions },
        ]}
      />
      <Queues overview={data} />
    </>
  );
}
