-- The sweep forgets counted operations older than the longest window, oldest first.
CREATE INDEX velocity_usage_created_idx ON policy.velocity_usage (created_at);
