// Checks a giveaway's published record offline, with the same code as /verify-giveaway:
//   npx tsx scripts/verify-giveaway.ts giveaway-<slug>.json
// The file is what the page's "Download JSON" gives (GET /api/giveaways/{slug}/verification).
// Exit code 0 when every check passes, 1 when one fails, 2 when the file cannot be read.
import { readFile } from 'node:fs/promises';
import { GiveawayVerificationSchema, verifyGiveaway } from '../src/domain/giveaway-verify';

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npx tsx scripts/verify-giveaway.ts <giveaway.json>');
    return 2;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const record = GiveawayVerificationSchema.safeParse(parsed);
  if (!record.success) {
    console.error(`${file} is not a giveaway verification record: ${record.error.issues[0]?.message}`);
    return 2;
  }
  const { giveaway, entries } = record.data;
  console.log(`${giveaway.title} (${giveaway.slug}), ${entries.length} entries, status ${giveaway.status}`);
  const report = await verifyGiveaway(record.data);
  for (const check of report.checks) {
    console.log(`${check.ok ? 'PASS' : 'FAIL'}  ${check.label}\n      ${check.detail}`);
  }
  console.log(report.ok ? 'VERIFIED: every check passed.' : 'NOT VERIFIED: at least one check failed.');
  return report.ok ? 0 : 1;
}

process.exitCode = await main();
