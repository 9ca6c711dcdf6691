import { Link, useLocation } from 'wouter';
import Compass from '~icons/lucide/compass';
import { NotFoundPanel } from '../components/not-found-panel';
import { Button } from '../components/ui/button';

export default function NotFoundPage() {
  const [pathname] = useLocation();
  return (
    <NotFoundPanel
      title="Page Not Found"
      text="The page you are looking for does not exist or has moved."
      canonicalPath={pathname}
      icon={Compass}
      eyebrow="404"
      back={{ to: '/', label: 'Go Home' }}
    >
      <Button asChild variant="outline">
        <Link to="/firms">Browse All Firms</Link>
      </Button>
    </NotFoundPanel>
  );
}
