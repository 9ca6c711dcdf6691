import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import Cookie from '~icons/lucide/cookie';
import XIcon from '~icons/lucide/x';
import { readConsent, saveConsent } from '../lib/consent';
import { Button } from './ui/button';
import { Switch } from './ui/switch';

type View = 'hidden' | 'short' | 'details';

/**
 * The cookie consent banner of spec sections 2 and 4. It decides visibility only after mount:
 * the server cannot see localStorage, so rendering it during SSR would break hydration.
 */
export function CookieBanner() {
  const [view, setView] = useState<View>('hidden');

  useEffect(() => {
    if (!readConsent()) setView('short');
    const onChange = () => setView(readConsent() ? 'hidden' : 'short');
    window.addEventListener('consentchange', onChange);
    return () => window.removeEventListener('consentchange', onChange);
  }, []);

  if (view === 'hidden') return null;

  const choose = (choice: { analytics: boolean; marketing: boolean }) => {
    saveConsent(choice);
    setView('hidden');
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 max-h-[70dvh] overflow-y-auto border-t border-slate-200 bg-white shadow-[0_-4px_24px_rgba(15,23,42,0.12)]"
    >
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
        {view === 'short' ? (
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between lg:gap-6">
            <div className="flex items-start gap-3">
              <Cookie className="mt-0.5 hidden size-6 shrink-0 text-brand-600 sm:block" aria-hidden="true" />
              <div>
                <h2 className="text-sm font-semibold text-slate-900">We value your privacy</h2>
                <p className="mt-1 text-sm text-slate-600">
                  We use essential cookies to run this site and, with your permission, analytics and marketing
                  cookies. See our{' '}
                  <Link to="/cookie-policy" className="font-medium text-brand-700 underline">
                    Cookie Policy
                  </Link>
                  .
                </p>
              </div>
            </div>
            <div className="grid shrink-0 grid-cols-3 gap-2 sm:flex">
              <Button variant="ghost" size="compact" onClick={() => setView('details')}>
                Customize
              </Button>
              <Button
                variant="outline"
                size="compact"
                onClick={() => choose({ analytics: false, marketing: false })}
              >
                Essential Only
              </Button>
              <Button size="compact" onClick={() => choose({ analytics: true, marketing: true })}>
                Accept All
              </Button>
            </div>
          </div>
        ) : (
          <CookieDetails onClose={() => setView('short')} onChoose={choose} />
        )}
      </div>
    </section>
  );
}

function CookieDetails({
  onClose,
  onChoose,
}: {
  onClose: () => void;
  onChoose: (choice: { analytics: boolean; marketing: boolean }) => void;
}) {
  const ids = { essential: useId(), analytics: useId(), marketing: useId() };
  return (
    <div className="relative">
      <div className="flex items-start justify-between gap-4">
        <h2 className="text-base font-semibold text-slate-900">Cookie Preferences</h2>
        <Button
          variant="ghost"
          size="icon"
          className="-mt-2 -mr-2 shrink-0"
          aria-label="Close cookie settings"
          onClick={onClose}
        >
          <XIcon aria-hidden="true" />
        </Button>
      </div>
      <ul className="mt-2 divide-y divide-slate-200">
        <CookieRow
          id={ids.essential}
          title="Essential Cookies"
          description="Required for the site to work, such as keeping you signed in. Always active."
          checked
          disabled
        />
        {/* Spec section 4: each toggle saves at once; turning analytics on stores marketing off and vice versa. */}
        <CookieRow
          id={ids.analytics}
          title="Analytics Cookies"
          description="Help us understand how you use our website"
          checked={false}
          onCheckedChange={(checked) => onChoose({ analytics: checked, marketing: false })}
        />
        <CookieRow
          id={ids.marketing}
          title="Marketing Cookies"
          description="Used to show relevant ads and measure effectiveness"
          checked={false}
          onCheckedChange={(checked) => onChoose({ analytics: false, marketing: checked })}
        />
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        Read more in our{' '}
        <Link to="/cookie-policy" className="font-medium text-brand-700 underline">
          Cookie Policy
        </Link>
        .
      </p>
    </div>
  );
}

function CookieRow({
  id,
  title,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  title: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {title}
          {disabled && <span className="ml-2 text-xs font-normal text-emerald-700">Always active</span>}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-description`}
        onCheckedChange={onCheckedChange}
      />
    </li>
  );
}
