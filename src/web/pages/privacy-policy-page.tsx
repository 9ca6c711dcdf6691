import { Link } from 'wouter';
import { LegalDocument } from '../features/contact/legal-document';
import { PageHead } from '../lib/page-context';

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHead
        title="Privacy Policy | Prop Firm Club"
        description="What personal data Prop Firm Club collects, why, how long we keep it and how to exercise your rights."
        canonicalPath="/privacy-policy"
      />
      <LegalDocument
        title="Privacy Policy"
        intro="What we collect when you use Prop Firm Club, why we collect it, and the choices you have."
        updated="2026-12-07"
      >
        <p>
          Prop Firm Club ("we", "us") runs this website, a directory, comparison and review site for
          proprietary trading firms. This policy explains how we handle personal data of visitors, registered
          members and newsletter subscribers. We collect as little as we need to run the site, and we never
          sell personal data.
        </p>

        <h2>1. What we collect</h2>
        <h3>Accounts</h3>
        <p>
          When you sign up we store your email address, a username, an optional first name and profile image,
          a hashed password (we never store the password itself), whether your email is verified, your points
          balance and your role. Each sign-in creates a session record with its expiry time, your IP address
          and browser user agent, so you can stay signed in and so we can detect abuse.
        </p>
        <h3>Reviews</h3>
        <p>
          If you review a firm we store the rating, title and comment, the firm, your account and the date.
          Your username or first name is shown publicly next to the review. If you delete your account, your
          reviews are removed.
        </p>
        <h3>Giveaways and points</h3>
        <p>
          When you enter a giveaway we store your entry, its ticket number, the optional social media handle
          you give us and the entry's fairness hash. Points and cashback claims are stored with your account.
        </p>
        <h3>Page views and usage</h3>
        <p>
          If you allow analytics cookies, we record page views: the path and title, a random session id, your
          device type (desktop, tablet or mobile), browser family, page load time and any utm_ campaign values
          in the address. We also record searches, filter choices and clicks on outbound and coupon links. We
          do not record your IP address with page views.
        </p>
        <h3>Coupons</h3>
        <p>
          When you open a deal or vote on whether a code worked, we store a one-way keyed hash of your IP
          address and browser, so a use or a vote counts once per visitor. The hash cannot be turned back into
          your IP address.
        </p>
        <h3>Newsletter</h3>
        <p>
          If you subscribe, we store your email address, where you subscribed (for example the coupons page),
          the topics you chose and when you confirmed. We only send newsletters after you confirm through the
          link in our confirmation email. Every email has a one-click unsubscribe link.
        </p>
        <h3>Contact form</h3>
        <p>
          Messages sent through the <Link to="/contact">contact form</Link> are stored with your name, email
          address and topic, and emailed to our team so we can reply.
        </p>

        <h2>2. Cookies and local storage</h2>
        <p>
          We use a session cookie when you sign in, the browser's local storage key{' '}
          <code>cookie-consent</code> to remember your cookie choices, and the session storage key{' '}
          <code>pfc-session-id</code> for analytics when you allow it. Details are in our{' '}
          <Link to="/cookie-policy">cookie policy</Link>.
        </p>

        <h2>3. Why we use it (legal bases)</h2>
        <ul>
          <li>
            To provide your account, reviews, giveaways and points: performance of our agreement with you.
          </li>
          <li>
            To send the newsletter and to run analytics: your consent, which you can withdraw at any time.
          </li>
          <li>
            To keep the site secure, prevent fraud and spam, rate-limit abuse and count coupon uses fairly:
            our legitimate interests.
          </li>
          <li>To keep records we must keep by law: legal obligation.</li>
        </ul>

        <h2>4. Who we share it with</h2>
        <p>
          We use a hosting provider and an email delivery provider that process data on our behalf under a
          data processing agreement. When you follow an outbound link to a prop firm, that firm receives the
          visit like any other website visit, and may learn that you came from us through an affiliate code;
          we do not send them your personal data. We disclose data to authorities only where the law requires
          it.
        </p>

        <h2>5. How long we keep it</h2>
        <ul>
          <li>Accounts: until you delete your account.</li>
          <li>Sessions: until they expire or you sign out.</li>
          <li>Page views and usage events: 26 months, then deleted or aggregated.</li>
          <li>Newsletter: until you unsubscribe; unconfirmed sign-ups are removed after 30 days.</li>
          <li>Contact messages: 2 years.</li>
        </ul>
        <h3 id="deleting-your-account">When you delete your account</h3>
        <p>
          "Delete my account" on your profile deletes it at once, after you confirm with your password. An
          admin can also delete an account; the reason is kept in our admin log.
        </p>
        <ul>
          <li>
            Gone at once: your name, email address, username and profile image, your password and two-factor
            settings, every signed-in device, your reviews (with their helpful votes and reports), your
            follows, saved searches and newsletter subscription, cashback claims and payout reports we had not
            yet decided, entries in giveaways that are still open, and the points you had not cashed out.
          </li>
          <li>
            Deleted from our storage: the receipt images of your cashback claims and the evidence images of
            your payout reports.
          </li>
          <li>
            Kept, with no name, email address or username: your points history, cash-outs, and the cashback
            claims and payout reports we already decided, because our books must add up and a verified payout
            still counts in its firm's record. The comment of a payout report is removed.
          </li>
          <li>
            Kept as an anonymous entry: your entry in a giveaway whose entry list was already fixed and
            published as a fingerprint (a hash). Changing it would break the proof that the draw was fair, so
            its ticket and random account id stay; your social media handle is removed.
          </li>
          <li>
            Page views and usage events stay in our statistics without any link to you. Messages you sent
            through the contact form are not tied to your account; ask us through the contact page to remove
            them.
          </li>
        </ul>
        <p>You can sign up again with the same email address later; that is a new, empty account.</p>

        <h2>6. Your rights</h2>
        <p>
          You may ask for a copy of your data, its correction or deletion, restriction of or objection to its
          use, and a portable copy. You can withdraw consent at any time without affecting earlier processing.
          Write to us through the <Link to="/contact">contact page</Link>; we answer within one month. You may
          also complain to your local data protection authority.
        </p>

        <h2>7. Security</h2>
        <p>
          Connections are encrypted, passwords are hashed with a slow algorithm, sessions use HttpOnly
          cookies, and access to personal data is limited to the staff who need it.
        </p>

        <h2>8. Children</h2>
        <p>The site is for adults. We do not knowingly collect data from anyone under 18.</p>

        <h2>9. Changes</h2>
        <p>
          When this policy changes we update the date at the top. Significant changes are announced on the
          site and to newsletter subscribers.
        </p>
      </LegalDocument>
    </>
  );
}
