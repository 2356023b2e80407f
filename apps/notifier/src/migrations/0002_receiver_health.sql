-- When a receiver started failing without a success since; after 5 days it is disabled.
ALTER TABLE notifier.receivers ADD COLUMN failing_since timestamptz;
