import { PageHeader } from '../components/page-header';
import { PageHead } from '../lib/page-context';

export default function VerifyGiveawayPage() {
  return (
    <>
      <PageHead
        title="Giveaway Verification Tool | Prop Firm Club"
        description="Check that a giveaway draw was fair using its revealed server seed."
        canonicalPath={'/verify-giveaway'}
      />
      <PageHeader
        title="Giveaway Verification Tool"
        intro="Check that a giveaway draw was fair using its revealed server seed."
      />
    </>
  );
}
