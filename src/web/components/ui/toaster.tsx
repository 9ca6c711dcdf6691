import { Toast } from 'radix-ui';
import XIcon from '~icons/lucide/x';
import { cn } from '../../lib/cn';
import { dismissToast, type ToastVariant, useToasts } from './use-toast';

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
  info: 'border-sky-200 bg-sky-50 text-sky-950',
  destructive: 'border-red-700 bg-red-600 text-white',
};

/**
 * Renders the use-toast store (spec section 4 and 9: one toast at a time, swipe right 50 px to
 * dismiss, F8 focuses the region, at most 420 px wide from the sm breakpoint up).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={50} label="Notification">
      {toasts.map((t) => {
        const variant = t.variant ?? 'default';
        return (
          <Toast.Root
            key={t.id}
            open={t.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(t.id);
            }}
            type={variant === 'destructive' ? 'foreground' : 'background'}
            data-variant={variant}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg transition-all',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0',
              variantClasses[variant],
            )}
          >
            <div className="grid gap-1">
              <Toast.Title className="text-sm font-semibold">{t.title}</Toast.Title>
              {t.description && (
                <Toast.Description className="text-sm opacity-90">{t.description}</Toast.Description>
              )}
            </div>
            <Toast.Close
              className={cn(
                'absolute top-3 right-3 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2',
                variant === 'destructive' ? 'focus-visible:outline-white' : 'focus-visible:outline-brand-500',
              )}
            >
              <XIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">Close</span>
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 outline-none sm:top-auto sm:right-0 sm:bottom-0 sm:max-w-[420px] sm:flex-col"
      />
    </Toast.Provider>
  );
}
