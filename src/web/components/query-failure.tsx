import { errorStatus, serverMessage } from '../lib/api';
import { toastForError } from '../lib/error-toast';
import { Button } from './ui/button';
import { Card } from './ui/card';

/** A load that failed: what went wrong, and a way to try again. */
export function QueryFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const { title, description } = toastForError(error);
  const detail = serverMessage(error);
  return (
    <Card tone="danger" className="p-5" role="alert">
      <h2 className="font-semibold text-red-800">{title}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {errorStatus(error) === 404 ? description : detail || description}
      </p>
      <Button variant="outline" size="sm" className="mt-3" onClick={retry}>
        Try Again
      </Button>
    </Card>
  );
}
