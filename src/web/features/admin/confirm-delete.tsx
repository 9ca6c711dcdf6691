import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import TrashIcon from '~icons/lucide/trash-2';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { toastForError } from '../../lib/error-toast';

/** A delete button that asks first, then calls `url` with DELETE. */
export function ConfirmDelete({
  label,
  title,
  description,
  url,
  onDeleted,
}: {
  label: string;
  title: string;
  description: string;
  url: string;
  onDeleted: () => void;
}) {
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => apiRequest('DELETE', url),
    onSuccess: () => {
      setOpen(false);
      toast({
        title: 'Deleted',
        description: `${title.replace(/^Delete |\?$/g, '')} is gone.`,
        variant: 'success',
      });
      onDeleted();
    },
    onError: (error) => toast({ ...toastForError(error), variant: 'destructive' }),
  });
  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <TrashIcon aria-hidden="true" /> {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <DialogDescription className="text-sm text-slate-600">{description}</DialogDescription>
          <DialogFooter className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {remove.isPending ? 'Deleting...' : 'Delete for good'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
