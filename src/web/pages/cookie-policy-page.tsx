import { Link } from 'wouter';
import { LegalDocument } from '../features/contact/legal-document';
import { PageHead } from '../lib/page-context';

export default function CookiePolicyPage() {
  return (
    <>
      <PageHead
        title="Cookie Policy | Prop Firm Club"
        description="The cookies and browser storage Prop Firm Club uses, what each is for and how to change your choices."
        canonicalPath="/cookie-policy"
      />
      <LegalDocument
        title="Cookie Policy"
        intro="The cookies and browser storage this site uses, and how to change your choices."
        updated="2026-11-22"
      >
        <p>
          Cookies are small files a website stores in your browser. Local storage and session storage are
          similar browser features. We use them as little as possible, and only essential ones without your
          consent. The cookie banner shown on your first visit lets you choose: Essential Only, Accept All, or
          Customize.
        </p>

        <h2>1. What we store</h2>
        <div className="overflow-x-auto">
          <table className="w-full text-sm [&_code]:break-all">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Category</th>
                <th scope="col">Purpose and lifetime</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>
                  <code>pfc.session_token</code>
                </td>
                <td>Cookie (HttpOnly)</td>
                <td>Essential</td>
                <td>
                  Keeps you signed in. Set only when you sign in; removed when you sign out or the session
                  expires.
                </td>
              </tr>
              <tr>
                <td>
                  <code>cookie-consent</code>
                </td>
                <td>Local storage</td>
                <td>Essential</td>
                <td>
                  Remembers your cookie choices (essential, analytics, marketing and when you chose). Kept
                  until you clear your browser storage.
                </td>
              </tr>
              <tr>
                <td>
                  <code>pfc-session-id</code>
                </td>
                <td>Session storage</td>
                <td>Analytics</td>
                <td>
                  A random id that groups the pages you view in one visit, only if you allow analytics
                  cookies. Deleted when you close the browser tab.
                </td>
              </tr>
            </tbody>
          </table>
        </div>

        <h2>2. Categories</h2>
        <h3>Essential Cookies</h3>
        <p>Needed for the site to work and to remember your privacy choices. Always active.</p>
        <h3>Analytics Cookies</h3>
        <p>
          Help us understand how you use our website: which pages are read, how fast they load and which
          searches find nothing. Off unless you turn them on.
        </p>
        <h3>Marketing Cookies</h3>
        <p>
          Used to show relevant ads and measure effectiveness. We do not set marketing cookies today; if we
          add them, they will only be used with your consent. Prop firms you visit through our outbound links
          may set their own cookies on their sites, under their own policies.
        </p>

        <h2>3. Changing your choices</h2>
        <p>
          To change your choices, clear this site's data in your browser settings and the cookie banner will
          appear again on your next visit. You can also block cookies in your browser; the site works without
          analytics, but signing in needs the session cookie.
        </p>

        <h2>4. More information</h2>
        <p>
          How we handle personal data is explained in our <Link to="/privacy-policy">privacy policy</Link>.
          Questions are welcome through our <Link to="/contact">contact page</Link>.
        </p>
      </LegalDocument>
    </>
  );
}
