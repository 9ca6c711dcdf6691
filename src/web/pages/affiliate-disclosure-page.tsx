import { Link } from 'wouter';
import { LegalDocument } from '../features/contact/legal-document';
import { PageHead } from '../lib/page-context';

export default function AffiliateDisclosurePage() {
  return (
    <>
      <PageHead
        title="Affiliate Disclosure | Prop Firm Club"
        description="How Prop Firm Club earns money from affiliate links and coupon codes, and why it does not change our ratings."
        canonicalPath="/affiliate-disclosure"
      />
      <LegalDocument
        title="Affiliate Disclosure"
        intro="How we earn money, and how we keep it separate from our ratings and reviews."
        updated="2026-11-22"
      >
        <p>
          Prop Firm Club is free to use. We pay for it through affiliate partnerships with some of the prop
          firms we list. This page explains what that means for you.
        </p>

        <h2>1. Affiliate links</h2>
        <p>
          Many "Visit", "Get Deal" and "Use Deal" buttons on this site are affiliate links. They go through
          our outbound redirect (addresses starting with <code>/outbound/</code>) and open the firm's website
          in a new tab. If you buy an evaluation or account after following one, the firm may pay us a
          commission. You pay the same price, and often less, because many of our links carry a discount code.
        </p>

        <h2>2. Coupon codes</h2>
        <p>
          The codes on our <Link to="/coupons">deals page</Link> are provided by the firms, usually as part of
          an affiliate agreement. We check codes before listing them, show when a code expires, and let
          visitors report whether a code worked. A firm cannot pay to keep an expired or broken code listed.
        </p>

        <h2>3. Our ratings are not for sale</h2>
        <ul>
          <li>Trust ratings follow our published criteria, whether or not a firm pays us.</li>
          <li>Firms cannot pay to remove or change member reviews, or to hide a caution or avoid rating.</li>
          <li>Featured placements and featured deals are marked as such.</li>
          <li>
            We list firms we have no commercial relationship with, and we warn about firms we do work with
            when needed.
          </li>
        </ul>

        <h2>4. Cashback and points</h2>
        <p>
          Part of the commission some firms pay us is shared with members as cashback points. The percentage
          for each firm is shown on its page.
        </p>

        <h2>5. Not financial advice</h2>
        <p>
          Trading leveraged products carries a high risk of losing money. Prop firm evaluations are paid
          products and most traders do not pass them. Nothing on this site is financial advice; read each
          firm's rules before you buy.
        </p>

        <h2>6. Questions</h2>
        <p>
          If you think a listing or a review breaks these rules, tell us through the{' '}
          <Link to="/contact">contact page</Link>.
        </p>
      </LegalDocument>
    </>
  );
}
