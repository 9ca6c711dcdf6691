import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from './ui/button';

/**
 * A list the server answers whole that shows its first `step` items and `step` more on each press
 * of 'Show more': at 5,000 firms a page listing every coupon or every cashback firm ran to
 * megabytes, with what follows the list thousands of rows down. Give it a `key` that changes with
 * what filters its items (a search), so a new result starts from its first items again. The press
 * moves focus to the first item it showed, so a keyboard goes on from there, not from the button.
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
  const list = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  // After the render that showed them: the first new item's link or button takes focus.
  useEffect(() => {
    if (firstNew.current === null) return;
    list.current?.children[firstNew.current]?.querySelector<HTMLElement>('a[href], button')?.focus();
    firstNew.current = null;
  });
  const visible = items.slice(0, shown);
  const showMore = () => {
    firstNew.current = shown;
    setShown(shown + step);
  };
  return (
    <>
      <ul ref={list} className={className}>
        {visible.map(children)}
      </ul>
      {visible.length < items.length ? (
        <div className="mt-6 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Showing {visible.length.toLocaleString('en-US')} of {items.length.toLocaleString('en-US')} {noun}
          </p>
          <Button variant="outline" onClick={showMore}>
            Show more {noun}
          </Button>
        </div>
      ) : null}
    </>
  );
}
