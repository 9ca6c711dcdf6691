import { Link, useLocation } from 'wouter';
import Compass from '~icons/lucide/compass';
import { StatusPanel } from '../components/status-panel';
import { Button } from '../components/ui/button';

export default function NotFoundPage() {
  const [pathname] = useLocation();
  return (
    <StatusPanel
      status={404}
      title="Page Not Found"
      text="The page you are looking for does not exist or has moved."
      canonicalPath={pathname}
      icon={Compass}
      eyebrow="404"
    >
      <Button asChild>
        <Link to="/">Go Home</Link>
      </Button>
      <Button asChild variant="outline">
        <Link to="/firms">Browse All Firms</Link>
      </Button>
    </StatusPanel>
  );
}
