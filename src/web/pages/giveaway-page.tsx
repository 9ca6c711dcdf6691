import { useLocation } from 'react-router';
import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function GiveawayPage() {
  return (
    <>
      <PageHead
        title="Giveaway | Prop Firm Club"
        description="A Prop Firm Club giveaway."
        canonicalPath={useLocation().pathname}
      />
      <PageHeader title="Giveaway" intro="A Prop Firm Club giveaway." />
    </>
  );
}
