import { Link } from 'wouter';
import { LegalDocument } from '../features/contact/legal-document';
import { PageHead } from '../lib/page-context';

export default function TermsOfServicePage() {
  return (
    <>
      <PageHead
        title="Terms of Service | Prop Firm Club"
        description="The rules for using Prop Firm Club: accounts, reviews, giveaways, points, coupon codes and liability."
        canonicalPath="/terms-of-service"
      />
      <LegalDocument
        title="Terms of Service"
        intro="The rules for using Prop Firm Club. By using the site you agree to them."
        updated="2026-11-22"
      >
        <h2>1. About the site</h2>
        <p>
          Prop Firm Club is an information site about proprietary trading firms: a directory, comparisons,
          reviews, news, coupon codes, giveaways and a points programme. We are not a prop firm, a broker or a
          financial adviser, and we do not hold money for you.
        </p>

        <h2>2. Not financial advice</h2>
        <p>
          Everything on the site is general information. Trading leveraged products carries a high risk of
          losing money. Firm rules, prices and payouts change; always check them on the firm's own website
          before you buy.
        </p>

        <h2>3. Accounts</h2>
        <ul>
          <li>You must be 18 or older to create an account.</li>
          <li>
            Give a real email address and keep your password secret; you are responsible for your account.
          </li>
          <li>One account per person. We may suspend accounts that break these terms.</li>
          <li>You can delete your account at any time.</li>
        </ul>

        <h2>4. Reviews</h2>
        <p>
          You may post one review per firm once your email is verified. Reviews must describe your own
          experience, be honest and lawful, and must not contain personal data of others, spam, or links for
          promotion. We may remove reviews that break these rules. You keep ownership of your review and give
          us a worldwide, royalty-free licence to show it on the site.
        </p>

        <h2>5. Giveaways</h2>
        <p>
          Entrants must be 18 or older and have a verified email. One entry per person per giveaway. Winners
          are drawn with the published commit-and-reveal scheme, which anyone can check with our verification
          tool. Winners who do not respond within 14 days may forfeit the prize. Each giveaway's page may add
          rules.
        </p>

        <h2>6. Points and cashback</h2>
        <p>
          Points have no cash value except as described in the programme. We may cancel points gained by fraud
          or by claims that the firm does not confirm. Weekly top reviews may earn 50-250 bonus points at our
          discretion.
        </p>

        <h2>7. Coupon codes and outbound links</h2>
        <p>
          Codes are provided by the firms. We check them, but a firm may change or end a code at any time and
          we cannot guarantee it works. Purchases are contracts between you and the firm.
        </p>

        <h2>8. Acceptable use</h2>
        <p>
          Do not scrape the site at high volume, attack or overload it, get around its rate limits, or use it
          to send spam. Embedding our firm widget is allowed as provided.
        </p>

        <h2>9. Liability</h2>
        <p>
          The site is provided as is. To the extent the law allows, we are not liable for losses from trading,
          from a firm's actions, or from relying on information on the site. Nothing in these terms limits
          liability that cannot be limited by law.
        </p>

        <h2>10. Changes and contact</h2>
        <p>
          We may update these terms; the date at the top shows the latest version. Questions go through our{' '}
          <Link to="/contact">contact page</Link>. See also our{' '}
          <Link to="/privacy-policy">privacy policy</Link> and{' '}
          <Link to="/affiliate-disclosure">affiliate disclosure</Link>.
        </p>
      </LegalDocument>
    </>
  );
}
