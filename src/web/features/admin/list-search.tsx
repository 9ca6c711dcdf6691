import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/cn';

/** A list's search box; `useListParams` runs the search as the admin types. */
export function ListSearch({
  id,
  placeholder,
  text,
  setText,
  className,
}: {
  id: string;
  placeholder: string;
  text: string;
  setText: (text: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>Search</Label>
      <Input
        id={id}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
