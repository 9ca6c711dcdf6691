import { Link } from 'wouter';
import type { RepresentedFirm } from '../../../domain/firm-representatives';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

/** /profile: the firms the user represents, each with its public page and its console; nothing when none. */
export function RepresentedFirms({ firms }: { firms: readonly RepresentedFirm[] }) {
  if (firms.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Firms you represent</CardTitle>
        <CardDescription>
          Reply to reviews on the firm's page; see its figures and send corrections of its data in its
          console.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y divide-slate-100 text-sm">
          {firms.map((firm) => (
            <li key={firm.firmId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link
                to={`/firm/${encodeURIComponent(firm.slug)}`}
                className="font-medium text-slate-900 hover:underline"
              >
                {firm.name}
              </Link>
              <Link
                to={`/firm-console/${encodeURIComponent(firm.slug)}`}
                className="font-medium text-brand-700 underline"
              >
                Open the firm console
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
