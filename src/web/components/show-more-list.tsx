import { type ReactNode, useState } from 'react';
import { formatWhole } from '../../domain/format';
import { Button } from './ui/button';

/**
 * A list the server answers whole that shows its first `step` items and `step` more on each press
 * of 'Show more': at 5,000 firms a page listing every coupon or every cashback firm ran to
 * megabytes, with what follows the list thousands of rows down. Give it a `key` that changes with
 * what filters its items (a search), so a new result starts from its first items again.
 */
export function ShowMoreList<T>({
  items,
  step,
  noun,
  className,
  children,
}: {
  items: readonly T[];
  step: number;
  /** What the items are, plural: 'deals'. */
  noun: string;
  className: string;
  /** Draws an item as an `<li>` with its key. */
  children: (item: T) => ReactNode;
}) {
  const [shown, setShown] = useState(step);
  const visible = items.slice(0, shown);
  return (
    <>
      <ul className={className}>{visible.map(children)}</ul>
      {visible.length < items.length ? (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Showing {formatWhole(visible.length)} of {formatWhole(items.length)} {noun}
          </p>
          <Button variant="outline" onClick={() => setShown(shown + step)}>
            Show more {noun}
          </Button>
        </div>
      ) : null}
    </>
  );
}
