import escapeHtml from 'escape-html';

/** The message a drawn winner gets; plain and HTML, like the accounts emails. */
export function renderWinnerEmail({
  firstName,
  title,
  prize,
  ticketNumber,
  link,
}: {
  firstName: string;
  title: string;
  prize: string | null;
  ticketNumber: number;
  link: string;
}) {
  const subject = `You won: ${title}`;
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  const lines = [
    `Your ticket #${ticketNumber} was drawn as a winner of "${title}".`,
    ...(prize ? [`Prize: ${prize}.`] : []),
    'Reply to this email within 14 days to claim your prize; unanswered prizes may be forfeited.',
    'The draw, the seeds and the entry list are public: anyone can verify the result.',
  ];
  const text = `${greeting}\n\n${lines.join('\n\n')}\n\nSee the giveaway: ${link}\n\nProp Firm Club\n`;
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,sans-serif;color:#0f172a">
<div style="max-width:520px;margin:0 auto;padding:32px 24px">
<p style="font-size:18px;font-weight:bold;margin:0 0 24px">Prop Firm Club</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2563eb;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">See the giveaway</a></p>
</div></body></html>`;
  return { subject, text, html };
}
