import type { ReactNode } from 'react';
import { CONFLICT_MESSAGE } from '../../../domain/admin';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

/** A save refused because someone saved a newer version (409): spec 8's message and a reload. */
export function ConflictNotice({ onReload, children }: { onReload: () => void; children?: ReactNode }) {
  return (
    <Card tone="warning" className="p-4" role="alert">
      <h2 className="font-semibold text-amber-900">Conflict</h2>
      <p className="mt-1 text-sm text-amber-900">{CONFLICT_MESSAGE}</p>
      {children ? <p className="mt-1 text-sm text-amber-900">{children}</p> : null}
      <Button variant="outline" size="sm" className="mt-3" onClick={onReload}>
        Load the latest version
      </Button>
    </Card>
  );
}
