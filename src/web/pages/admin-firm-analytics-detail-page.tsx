import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { AdminLayout } from '../features/admin/admin-layout';
import { FirmAnalyticsDetailView } from '../features/analytics/firm-detail';
import { firmAnalyticsDetailQuery } from '../features/analytics/queries';
import { parseAnalyticsRange, rangeSearch } from '../features/analytics/range';
import { useAnalyticsRange } from '../features/analytics/range-picker';
import type { PageLoader } from '../lib/lazy-page';

export const loader: PageLoader = ({ params, search }) => [
  firmAnalyticsDetailQuery(params.id ?? '', parseAnalyticsRange(search)),
];

export default function AdminFirmAnalyticsDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const [range] = useAnalyticsRange();
  const { data } = useQuery({ ...firmAnalyticsDetailQuery(id, range), placeholderData: keepPreviousData });
  return (
    <AdminLayout
      title={data ? `${data.firm.name}: analytics` : 'Firm analytics'}
      description="One firm over a range: its page views and outbound clicks by day (by hour for today or yesterday), where its visitors came from, coupon copies, reviews and giveaway entries."
      path={`/admin/firm-analytics/${id}`}
      actions={
        <Link
          to={`/admin/firm-analytics?${rangeSearch(range)}`}
          className="text-sm text-brand-700 underline-offset-4 hover:underline"
        >
          Every firm
        </Link>
      }
    >
      <FirmAnalyticsDetailView id={id} />
    </AdminLayout>
  );
}
