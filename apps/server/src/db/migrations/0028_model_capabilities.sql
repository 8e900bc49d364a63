-- What each model takes (modules/models/capabilities.ts guesses the same from the model's name for new
-- models): OpenAI's o-series and gpt-5 refuse a temperature and read max_completion_tokens; o1-mini and
-- o1-preview refuse a system message; reasoning models stream their thinking apart from the answer.
ALTER TABLE "models" ADD COLUMN IF NOT EXISTS "reasoning" boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN IF NOT EXISTS "takes_temperature" boolean NOT NULL DEFAULT true;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN IF NOT EXISTS "token_param" text NOT NULL DEFAULT 'max_tokens';--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN IF NOT EXISTS "takes_system" boolean NOT NULL DEFAULT true;--> statement-breakpoint
UPDATE "models" SET "reasoning" = true, "takes_temperature" = false, "token_param" = 'max_completion_tokens'
  WHERE regexp_replace(lower("upstream_model"), '^.*/', '') ~ '^(o[134](-|$)|gpt-5)'
    AND regexp_replace(lower("upstream_model"), '^.*/', '') !~ '^gpt-5(\.[0-9]+)?-chat';--> statement-breakpoint
UPDATE "models" SET "takes_system" = false
  WHERE regexp_replace(lower("upstream_model"), '^.*/', '') ~ '^o1-(mini|preview)';--> statement-breakpoint
UPDATE "models" SET "reasoning" = true
  WHERE regexp_replace(lower("upstream_model"), '^.*/', '') ~ '(reasoner|-r1|^r1|^qwq|thinking)';
