import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS } from '../../../domain/coupon-rules';
import { toast } from '../../components/ui/use-toast';

/** Copies a coupon code with the toasts of spec section 8; `copied` stays true for 3 s. */
export function useCopyCode() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(code: string) {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      toast({
        title: 'Code Copied!',
        description: `${code} is ready to paste at checkout.`,
        variant: 'success',
      });
    } catch {
      toast({ title: 'Copy Failed', description: 'Please manually copy the code', variant: 'destructive' });
    }
  }
  return { copied, copy };
}
