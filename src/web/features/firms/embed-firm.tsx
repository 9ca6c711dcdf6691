import { useState } from 'react';
import Check from '~icons/lucide/check';
import Copy from '~icons/lucide/copy';
import ExternalLink from '~icons/lucide/external-link';
import type { FirmDetails } from '../../../domain/firms';
import { possessive } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { toast } from '../../components/ui/use-toast';
import { widgetSnippet } from './display';

/** The firm's widget snippet to copy, with a preview link: loaded apart from the firm page (low in its sidebar). */
export function EmbedFirm({ firm, publicUrl }: { firm: FirmDetails; publicUrl: string }) {
  const snippet = widgetSnippet(publicUrl, firm.id, firm.name);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      setTimeout(() => setCopied(false), 3000);
      toast({
        title: 'Snippet Copied!',
        description: 'Paste it into your page to show this firm.',
        variant: 'success',
      });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Please copy the snippet manually.',
        variant: 'destructive',
      });
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Embed this firm</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        <label htmlFor="embed-snippet" className="text-sm text-slate-600">
          Show {possessive(firm.name)} card on your site:
        </label>
        <textarea
          id="embed-snippet"
          readOnly
          rows={4}
          value={snippet}
          className="w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-800"
        />
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={copy}>
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}{' '}
            {copied ? 'Copied' : 'Copy Snippet'}
          </Button>
          <Button asChild variant="link" size="sm">
            <a href={`/widget/firm/${firm.id}`} target="_blank" rel="noopener">
              Preview <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
