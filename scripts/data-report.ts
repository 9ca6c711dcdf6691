import type { CatalogImportReport, FieldChange } from '../src/domain/catalog-diff';

const printChanges = (changes: FieldChange[]) => {
  for (const c of changes) console.log(`    ${c.field}: ${c.before ?? '(none)'} -> ${c.after ?? '(none)'}`);
};

/** The dry run as the command line prints it: problems first, then each firm's, coupon's and entry's changes. */
export function printCatalogReport(report: CatalogImportReport, ms: number): void {
  if (report.problems.length) {
    console.log(`${report.problems.length} problem(s); nothing is applied until they are fixed:`);
    for (const p of report.problems) console.log(`  ${p.at}: ${p.message}`);
    return;
  }
  const s = report.summary;
  console.log(
    `Dry run (${Math.round(ms)} ms): firms ${s.firmsNew} new, ${s.firmsChanged} changed, ${s.firmsUnchanged} unchanged${
      report.replace ? `, ${s.firmsRemoved} removed` : ''
    }; coupons ${s.couponsNew} new, ${s.couponsChanged} changed, ${s.couponsUnchanged} unchanged${
      report.replace ? `, ${s.couponsRemoved} removed` : ''
    }; not-yet-listed entries ${
      report.unlistedGiven
        ? `${s.unlistedNew} new, ${s.unlistedChanged} changed, ${s.unlistedUnchanged} unchanged${
            report.replace ? `, ${s.unlistedRemoved} removed` : ''
          }`
        : 'not in the file, left alone'
    }; ${s.ruleChanges} rule change(s), ${s.followersEmailed} follower email(s).`,
  );
  if (report.newPlatforms.length) console.log(`New platforms: ${report.newPlatforms.join(', ')}`);
  if (report.newPayoutMethods.length)
    console.log(`New payout methods: ${report.newPayoutMethods.join(', ')}`);
  for (const firm of report.firms) {
    if (firm.status === 'new') console.log(`+ ${firm.slug} (new)`);
    else if (firm.status === 'removed')
      console.log(`- ${firm.slug} (removed, ${firm.removedModels} models, ${firm.removedAccounts} accounts)`);
    else {
      console.log(`~ ${firm.slug}`);
      printChanges(firm.changes);
      for (const r of firm.ruleChanges) console.log(`    rule change: ${r}`);
      if (firm.followers) console.log(`    ${firm.followers} follower(s) emailed`);
    }
  }
  const mark = (status: 'new' | 'changed' | 'removed') =>
    status === 'new' ? '+' : status === 'removed' ? '-' : '~';
  for (const coupon of report.coupons) console.log(`${mark(coupon.status)} coupon ${coupon.key}`);
  for (const entry of report.unlistedFirms) {
    console.log(`${mark(entry.status)} not yet listed: ${entry.name}`);
    printChanges(entry.changes);
  }
}
