import type { ComponentType, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * Icons a list repeats in every item, drawn once as symbols and pointed at from each item: twenty
 * cards with three inline icons each would repeat the same paths sixty times in the page's HTML.
 * `Symbols` goes once in the list (ids are `<prefix>-<name>`, so the prefix is unique per list);
 * `use(name)` draws one icon and takes the size and colour its place gives an svg (a function, not
 * a component: cards call it several times each, and a component costs the server render more than
 * the element it returns); `idOf` names a symbol for a component that draws it its own way (a
 * rating's five stars).
 */
export function createIconSprite<Name extends string>(prefix: string, icons: Record<Name, Icon>) {
  const idOf = (name: Name) => `${prefix}-${name}`;
  function Symbols() {
    return (
      <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
        {(Object.entries(icons) as [Name, Icon][]).map(([name, Drawn]) => (
          <symbol key={name} id={idOf(name)} viewBox="0 0 24 24">
            <Drawn />
          </symbol>
        ))}
      </svg>
    );
  }
  function use(name: Name, className?: string) {
    return (
      <svg aria-hidden="true" className={className}>
        <use href={`#${idOf(name)}`} />
      </svg>
    );
  }
  return { Symbols, use, idOf };
}
