-- A job step whose process died is counted (modules/turns/jobs.ts): after two in a row the job fails
-- and its hold goes back, instead of crashing every instance that claims it until it times out.
ALTER TABLE "jobs" ADD COLUMN IF NOT EXISTS "lapses" integer NOT NULL DEFAULT 0;
