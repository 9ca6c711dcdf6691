import { Link } from 'wouter';
import { PageHeader } from '../components/page-header';
import { ContactForm } from '../features/contact/contact-form';
import { PageHead } from '../lib/page-context';

export default function ContactPage() {
  return (
    <>
      <PageHead
        title="Contact Us | Prop Firm Club"
        description="Questions about a prop firm, a coupon code or a listing? Send the Prop Firm Club team a message."
        canonicalPath="/contact"
      />
      <PageHeader
        title="Contact Us"
        intro="Questions about a firm, a deal that did not work, or a listing request? We read every message and reply within two business days."
      />
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_280px] lg:px-8">
        <ContactForm />
        <aside className="space-y-4 text-sm text-slate-600">
          <div className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">Before you write</h2>
            <ul className="mt-2 list-disc space-y-1 pl-5">
              <li>
                Coupon problems: tell us the firm and the code, and vote on the{' '}
                <Link to="/coupons" className="text-brand-700 underline">
                  deal
                </Link>
                .
              </li>
              <li>We cannot help with disputes about your trading account; contact the firm directly.</li>
              <li>
                How we handle your data: see our{' '}
                <Link to="/privacy-policy" className="text-brand-700 underline">
                  privacy policy
                </Link>
                .
              </li>
            </ul>
          </div>
        </aside>
      </div>
    </>
  );
}
