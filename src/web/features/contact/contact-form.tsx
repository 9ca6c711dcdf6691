import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import CheckCircle2 from '~icons/lucide/check-circle-2';
import { CONTACT_TOPICS, ContactPayloadSchema, MESSAGE_MAX, MESSAGE_MIN } from '../../../domain/contact';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { apiJson, errorStatus, serverMessage } from '../../lib/api';

type Fields = { name: string; email: string; topic: string; message: string };
type Errors = Partial<Record<keyof Fields, string>>;

export function ContactForm() {
  const [fields, setFields] = useState<Fields>({
    name: '',
    email: '',
    topic: CONTACT_TOPICS[0],
    message: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (payload: Fields) => apiJson<{ message: string }>('POST', '/api/contact', payload),
    onSuccess: (result) => setSent(result.message),
    onError: (error) =>
      toast({
        title: errorStatus(error) === 429 ? 'Rate Limited' : 'Message Not Sent',
        description:
          errorStatus(error) === 429
            ? 'Too many requests. Please wait a moment and try again.'
            : serverMessage(error) || 'Please try again.',
        variant: 'destructive',
      }),
  });

  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ContactPayloadSchema.safeParse(fields);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  }

  if (sent) {
    return (
      <div role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-6 text-emerald-900">
        <p className="flex items-center gap-2 text-lg font-semibold">
          <CheckCircle2 className="size-5" aria-hidden /> Message sent
        </p>
        <p className="mt-2">{sent}</p>
      </div>
    );
  }

  const field = (key: keyof Fields) => ({
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby': errors[key] ? `contact-${key}-error` : undefined,
    disabled: mutation.isPending,
  });
  const error = (key: keyof Fields) =>
    errors[key] ? (
      <p id={`contact-${key}-error`} className="text-sm text-red-700">
        {errors[key]}
      </p>
    ) : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor="contact-name">Name</Label>
          <Input
            id="contact-name"
            autoComplete="name"
            value={fields.name}
            onChange={set('name')}
            {...field('name')}
          />
          {error('name')}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="contact-email">Email</Label>
          <Input
            id="contact-email"
            type="email"
            autoComplete="email"
            value={fields.email}
            onChange={set('email')}
            {...field('email')}
          />
          {error('email')}
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="contact-topic">Topic</Label>
        <NativeSelect
          id="contact-topic"
          value={fields.topic}
          onChange={set('topic')}
          {...field('topic')}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {CONTACT_TOPICS.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </NativeSelect>
        {error('topic')}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea
          id="contact-message"
          rows={7}
          maxLength={MESSAGE_MAX}
          value={fields.message}
          onChange={set('message')}
          {...field('message')}
        />
        <p className="text-xs text-slate-600">
          {MESSAGE_MIN}-{MESSAGE_MAX.toLocaleString('en-US')} characters ({fields.message.trim().length} so
          far)
        </p>
        {error('message')}
      </div>
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
