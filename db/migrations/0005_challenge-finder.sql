ALTER TABLE "firm_accounts" ADD COLUMN "activation_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "firm_accounts" ADD COLUMN "reset_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "funding_models" ADD CONSTRAINT "funding_models_drawdown_type_check" CHECK ("funding_models"."drawdown_type" in ('static', 'balance', 'equity', 'trailing-intraday', 'trailing-eod'));