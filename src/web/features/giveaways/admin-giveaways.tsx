import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatGiveawayDate, giveawayBadge } from '../../../domain/giveaway-rules';
import type { Giveaway } from '../../../domain/giveaways';
import { type Column, RowTitle } from '../../components/data-table';
import { PagedList } from '../../components/paged-list';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { serverMessage } from '../../lib/api';
import { AdminGiveawayForm } from './admin-giveaway-form';
import { adminGiveawaysQuery, useCloseGiveaway, useDeleteGiveaway, useDrawGiveaway } from './queries';

const failed = (title: string) => (error: unknown) =>
  toast({ title, description: serverMessage(error), variant: 'destructive' });

function DrawDialog({ giveaway, onClose }: { giveaway: Giveaway; onClose: () => void }) {
  const [clientSeed, setClientSeed] = useState('');
  const draw = useDrawGiveaway();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    draw.mutate(
      { id: giveaway.id, clientSeed },
      {
        onSuccess: (g) => {
          toast({
            title: 'Winners drawn',
            description: `Winning tickets: ${(g as Giveaway).winnerTicketNumbers.join(', ') || 'none'}`,
            variant: 'success',
          });
          onClose();
        },
        onError: failed('Draw failed'),
      },
    );
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Draw {giveaway.title}</DialogTitle>
          <DialogDescription>
            Enter the value published by the client seed source named at creation:{' '}
            <strong>{giveaway.clientSeedSource ?? 'not named'}</strong>. The draw reveals the server seed,
            completes the giveaway and emails the winners. It cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <div className="space-y-1">
            <Label htmlFor="client-seed">Client seed</Label>
            <Input
              id="client-seed"
              value={clientSeed}
              onChange={(e) => setClientSeed(e.target.value)}
              required
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!clientSeed.trim() || draw.isPending}>
              {draw.isPending ? 'Drawing…' : 'Draw winners'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A giveaway's buttons: edit, close early while open, draw once closed, delete while nobody entered. */
function Actions({ g, onEdit, onDraw }: { g: Giveaway; onEdit: () => void; onDraw: () => void }) {
  const close = useCloseGiveaway();
  const remove = useDeleteGiveaway();
  const closed = Boolean(g.entriesClosedAt);
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={onEdit}>
        Edit
      </Button>
      {g.status === 'active' && !closed ? (
        <Button
          size="sm"
          variant="outline"
          disabled={close.isPending}
          onClick={() => {
            if (window.confirm(`Close entries to "${g.title}" now? The entry list is then fixed for good.`)) {
              close.mutate(g.id, {
                onSuccess: () => toast({ title: 'Entries closed', variant: 'success' }),
                onError: failed('Could not close'),
              });
            }
          }}
        >
          Close early
        </Button>
      ) : null}
      {g.status === 'active' && closed ? (
        <Button size="sm" onClick={onDraw}>
          Draw
        </Button>
      ) : null}
      {g.entryCount === 0 ? (
        <Button
          size="sm"
          variant="destructive"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete "${g.title}"?`)) {
              remove.mutate(g.id, {
                onSuccess: () => toast({ title: 'Giveaway deleted', variant: 'success' }),
                onError: failed('Could not delete'),
              });
            }
          }}
        >
          Delete
        </Button>
      ) : null}
    </div>
  );
}

/** The admin's list of giveaways with create, edit, close early, draw and delete. */
export function AdminGiveaways() {
  const query = useQuery(adminGiveawaysQuery());
  const [editing, setEditing] = useState<Giveaway | 'new' | null>(null);
  const [drawing, setDrawing] = useState<Giveaway | null>(null);
  const now = Date.now();
  const columns: Column<Giveaway>[] = [
    {
      header: 'Giveaway',
      cell: (g) => (
        <RowTitle to={`/giveaways/${g.slug}`} title={g.title}>
          <p className="text-xs break-all text-slate-500">{g.slug}</p>
        </RowTitle>
      ),
    },
    {
      header: 'Status',
      cell: (g) => {
        const closed = Boolean(g.entriesClosedAt);
        return (
          <Badge variant={g.status === 'completed' ? 'neutral' : closed ? 'warning' : 'success'}>
            {g.status === 'completed'
              ? 'Completed'
              : closed
                ? 'Closed, awaiting draw'
                : giveawayBadge(g, now)}
          </Badge>
        );
      },
    },
    {
      header: 'Entries',
      phone: 'labelled',
      className: 'whitespace-nowrap',
      cell: (g) => `${g.entryCount}${g.maxEntries !== null ? ` / ${g.maxEntries}` : ''}`,
    },
    {
      header: 'Ends',
      phone: 'labelled',
      className: 'text-xs text-slate-600',
      cell: (g) => formatGiveawayDate(g.endDate),
    },
    {
      header: 'Actions',
      cell: (g) => <Actions g={g} onEdit={() => setEditing(g)} onDraw={() => setDrawing(g)} />,
    },
  ];
  return (
    <section className="space-y-4">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-xl font-semibold text-slate-900">All giveaways</h2>
        <Button onClick={() => setEditing('new')}>New giveaway</Button>
      </div>
      <PagedList
        query={query}
        rows={(data) => data}
        loading="Loading giveaways"
        empty="No giveaways yet."
        table={{ label: 'Giveaways', columns, rowKey: (g) => g.id }}
      />
      {editing ? (
        <AdminGiveawayForm
          key={editing === 'new' ? 'new' : editing.id}
          giveaway={editing === 'new' ? null : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      {drawing ? <DrawDialog giveaway={drawing} onClose={() => setDrawing(null)} /> : null}
    </section>
  );
}
