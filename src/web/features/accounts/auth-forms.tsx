import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  ForgotPasswordPayloadSchema,
  LogInPayloadSchema,
  ResetPasswordPayloadSchema,
  SignUpPayloadSchema,
} from '../../../domain/accounts';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { apiJson } from '../../lib/api';
import {
  FormError,
  FormField,
  fieldErrors,
  fieldValue,
  PasswordField,
  weakPasswordError,
} from './form-field';
import { PasskeySignIn } from './passkey-sign-in';
import { useRefreshAfterSignIn } from './queries';
import { TwoFactorStep } from './two-factor-step';

export function LogInForm({ onDone, onForgot }: { onDone: () => void; onForgot: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = useRefreshAfterSignIn();
  const signedIn = async () => {
    await refresh();
    onDone();
  };
  const logIn = useMutation({
    mutationFn: (body: unknown) =>
      apiJson<{ twoFactorRedirect?: boolean }>('POST', '/api/auth/sign-in/email', body),
    // An account with two-factor on has no session yet: the code comes first.
    onSuccess: async (result) => (result.twoFactorRedirect ? undefined : signedIn()),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = LogInPayloadSchema.safeParse({
      email: fieldValue(e.currentTarget, 'login-email'),
      password: fieldValue(e.currentTarget, 'login-password'),
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    // A submit the client rules stop also clears the last attempt's server error.
    if (parsed.success) logIn.mutate(parsed.data);
    else logIn.reset();
  };
  if (logIn.data?.twoFactorRedirect) return <TwoFactorStep onSignedIn={signedIn} />;
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Log in">
      <FormError error={logIn.error} />
      <FormField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <PasswordField
        id="login-password"
        label="Password"
        purpose="current"
        required
        error={errors.password}
      />
      <Button type="submit" disabled={logIn.isPending} aria-busy={logIn.isPending}>
        {logIn.isPending ? 'Logging in...' : 'Log In'}
      </Button>
      <PasskeySignIn onSignedIn={signedIn} />
      <Button type="button" variant="link" size="flush" className="justify-self-start" onClick={onForgot}>
        Forgot your password?
      </Button>
    </form>
  );
}

/** The sign-up form's own details, which its new password must not be built from. */
const signUpOwner = (form: HTMLFormElement) => ({
  email: fieldValue(form, 'signup-email'),
  username: fieldValue(form, 'signup-username'),
  firstName: fieldValue(form, 'signup-first-name'),
});

export function SignUpForm({ onDone }: { onDone: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = useRefreshAfterSignIn();
  const signUp = useMutation({
    mutationFn: (body: { email: string }) => apiJson('POST', '/api/auth/sign-up/email', body),
    onSuccess: async (_data, body) => {
      await refresh();
      toast({
        title: 'Welcome to Prop Firm Club!',
        description: `We sent a verification link to ${body.email}. Open it to write reviews and enter giveaways.`,
        variant: 'success',
      });
      onDone();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const parsed = SignUpPayloadSchema.safeParse({
      firstName: fieldValue(form, 'signup-first-name'),
      username: fieldValue(form, 'signup-username'),
      email: fieldValue(form, 'signup-email'),
      password: fieldValue(form, 'signup-password'),
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const weak = weakPasswordError(fieldValue(form, 'signup-password'), signUpOwner(form));
    if (weak) next.password ??= weak;
    setErrors(next);
    if (parsed.success && !next.password) signUp.mutate(parsed.data);
    else signUp.reset();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Sign up">
      <FormError error={signUp.error} />
      <FormField
        id="signup-first-name"
        label="First name"
        autoComplete="given-name"
        required
        maxLength={60}
        error={errors.firstName}
      />
      <FormField
        id="signup-username"
        label="Username"
        autoComplete="username"
        required
        maxLength={30}
        hint="3-30 characters: letters, digits, _ and -."
        error={errors.username}
      />
      <FormField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        purpose="new"
        required
        error={errors.password}
        owner={signUpOwner}
      />
      <Button type="submit" disabled={signUp.isPending} aria-busy={signUp.isPending}>
        {signUp.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useMutation({
    mutationFn: (body: { email: string }) => apiJson('POST', '/api/auth/request-password-reset', body),
    onSuccess: (_data, body) => setSentTo(body.email),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = ForgotPasswordPayloadSchema.safeParse({
      email: fieldValue(e.currentTarget, 'forgot-email'),
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error.issues));
    if (parsed.success) request.mutate(parsed.data);
    else request.reset();
  };
  if (sentTo) {
    return (
      <div className="grid gap-4" role="status">
        <p className="text-slate-700">
          If an account exists for <strong>{sentTo}</strong>, we've sent it a link to choose a new password.
          The link works for 1 hour.
        </p>
        <Button variant="outline" onClick={onBack}>
          Back to Log In
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Reset your password">
      <p className="text-sm text-slate-600">
        Enter your account's email and we'll send you a link to reset your password.
      </p>
      <FormError error={request.error} />
      <FormField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email}
      />
      <Button type="submit" disabled={request.isPending} aria-busy={request.isPending}>
        {request.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button type="button" variant="link" size="flush" className="justify-self-start" onClick={onBack}>
        Back to Log In
      </Button>
    </form>
  );
}

export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reset = useMutation({
    mutationFn: (body: unknown) => apiJson('POST', '/api/auth/reset-password', body),
    onSuccess: () => {
      toast({
        title: 'Password updated',
        description: 'Log in with your new password. Every other session has been signed out.',
        variant: 'success',
      });
      onDone();
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const newPassword = fieldValue(form, 'reset-password');
    const parsed = ResetPasswordPayloadSchema.safeParse({ token, newPassword });
    const next = parsed.success ? {} : fieldErrors(parsed.error.issues);
    const weak = weakPasswordError(newPassword);
    if (weak) next.newPassword ??= weak;
    if (!next.newPassword && newPassword !== fieldValue(form, 'reset-confirm'))
      next.confirm = 'The passwords do not match.';
    setErrors(next);
    if (parsed.success && !next.newPassword && !next.confirm) reset.mutate(parsed.data);
    else reset.reset();
  };
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Choose a new password">
      <FormError error={reset.error} />
      {errors.token ? <FormError error={errors.token} /> : null}
      <PasswordField
        id="reset-password"
        label="New password"
        purpose="new"
        required
        error={errors.newPassword}
      />
      <PasswordField
        id="reset-confirm"
        label="Repeat new password"
        purpose="repeat"
        required
        error={errors.confirm}
      />
      <Button type="submit" disabled={reset.isPending} aria-busy={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Save New Password'}
      </Button>
    </form>
  );
}
