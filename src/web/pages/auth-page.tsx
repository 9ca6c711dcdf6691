import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'wouter';
import { safeNextPath } from '../../domain/accounts';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import {
  ForgotPasswordForm,
  LogInForm,
  ResetPasswordForm,
  SignUpForm,
} from '../features/accounts/auth-forms';
import { currentUserQuery } from '../features/accounts/queries';
import { PageHead } from '../lib/page-context';

type Mode = 'login' | 'signup' | 'forgot' | 'reset';
const MODES: Mode[] = ['login', 'signup', 'forgot', 'reset'];

const TITLES: Record<Mode, { title: string; description: string }> = {
  login: {
    title: 'Welcome back',
    description: 'Log in to write reviews, enter giveaways and track your points.',
  },
  signup: {
    title: 'Join 10,000+ traders',
    description: 'Create a free account to write reviews, enter giveaways and earn points.',
  },
  forgot: {
    title: 'Forgot your password?',
    description: "It happens. We'll email you a link to choose a new one.",
  },
  reset: {
    title: 'Choose a new password',
    description: 'Your old password stops working once you save the new one.',
  },
};

export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const [, navigate] = useLocation();
  const { data: user } = useQuery(currentUserQuery);
  const token = params.get('token');
  const requested = params.get('mode') as Mode | null;
  const mode: Mode =
    requested && MODES.includes(requested) && (requested !== 'reset' || token) ? requested : 'login';
  const next = safeNextPath(params.get('next'));

  const setMode = (m: Mode) => {
    const nextParams = new URLSearchParams();
    nextParams.set('mode', m);
    if (params.get('next')) nextParams.set('next', next);
    setParams(nextParams, { replace: true });
  };
  const finish = () => navigate(next, { replace: true });

  const heading = TITLES[mode];
  let body: React.ReactNode;
  if (user && mode !== 'reset') {
    body = (
      <div className="grid gap-4" role="status">
        <p className="text-slate-700">
          You're logged in as <strong>{user.email}</strong>.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={next}>Continue</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/profile">Go to Profile</Link>
          </Button>
        </div>
      </div>
    );
  } else if (mode === 'reset') {
    body = <ResetPasswordForm token={token ?? ''} onDone={() => setMode('login')} />;
  } else if (mode === 'forgot') {
    body = <ForgotPasswordForm onBack={() => setMode('login')} />;
  } else {
    body = (
      <Tabs value={mode} onValueChange={(v) => setMode(v as Mode)}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Log In</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LogInForm onDone={finish} onForgot={() => setMode('forgot')} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm onDone={finish} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12 sm:py-16">
      <PageHead
        title={mode === 'signup' ? 'Sign Up | Prop Firm Club' : 'Log In | Prop Firm Club'}
        description="Log in to your Prop Firm Club account or create one to write reviews, enter giveaways and earn points."
        canonicalPath="/auth"
        noindex
      />
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight">{heading.title}</h1>
          <CardDescription>{heading.description}</CardDescription>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
      {mode === 'signup' && !user ? (
        <p className="mt-6 text-center text-xs text-slate-500">
          By creating an account you agree to our{' '}
          <Link to="/terms-of-service" className="underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="underline">
            Privacy Policy
          </Link>
          .
        </p>
      ) : null}
    </div>
  );
}
