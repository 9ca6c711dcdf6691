import { useLocation } from 'wouter';
import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function GiveawayPage() {
  return (
    <>
      <PageHead
        title="Giveaway | Prop Firm Club"
        description="A Prop Firm Club giveaway."
        canonicalPath={useLocation()[0]}
      />
      <PageHeader title="Giveaway" intro="A Prop Firm Club giveaway." />
    </>
  );
}
