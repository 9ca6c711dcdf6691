-- Funding models' drawdown type becomes one of five values (issue 27). Today's free text is mapped
-- by what it says: trailing at end of day, trailing (intraday, real-time or unqualified), equity,
-- balance, static; any other text becomes null (shown as no drawdown type) rather than a guess.
-- Runs before the CHECK constraint of the next migration.
UPDATE "funding_models" SET "drawdown_type" = CASE
  WHEN lower("drawdown_type") LIKE '%trail%'
    AND (lower("drawdown_type") LIKE '%eod%' OR lower("drawdown_type") LIKE '%end of day%'
      OR lower("drawdown_type") LIKE '%end-of-day%' OR lower("drawdown_type") LIKE '%daily%')
    THEN 'trailing-eod'
  WHEN lower("drawdown_type") LIKE '%trail%' THEN 'trailing-intraday'
  WHEN lower("drawdown_type") LIKE '%equity%' THEN 'equity'
  WHEN lower("drawdown_type") LIKE '%balance%' THEN 'balance'
  WHEN lower("drawdown_type") LIKE '%static%' OR lower("drawdown_type") LIKE '%fixed%'
    OR lower("drawdown_type") LIKE '%absolute%' THEN 'static'
  ELSE NULL
END
WHERE "drawdown_type" IS NOT NULL;
