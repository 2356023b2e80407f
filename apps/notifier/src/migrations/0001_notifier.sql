-- Notification types (one per domain event), the receivers clients subscribe to them, each
-- client's webhook signing secret, and every delivery with its attempts.
CREATE TABLE notifier.notification_types (
  id uuid PRIMARY KEY,
  event text NOT NULL UNIQUE,
  description text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifier.receivers (
  id uuid PRIMARY KEY,
  notification_type_id uuid NOT NULL REFERENCES notifier.notification_types (id),
  client_id text NOT NULL,
  tenant_id text NOT NULL,
  is_admin boolean NOT NULL DEFAULT false,
  email text,
  slack text,
  sms text,
  url text,
  authentication_id text,
  disabled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX receivers_type_idx ON notifier.receivers (notification_type_id) WHERE deleted_at IS NULL;

CREATE TABLE notifier.signing_secrets (
  client_id text PRIMARY KEY,
  secret_ciphertext text NOT NULL,
  previous_ciphertext text,
  previous_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notifier.deliveries (
  id uuid PRIMARY KEY,
  event_id uuid NOT NULL,
  event_name text NOT NULL,
  receiver_id uuid NOT NULL REFERENCES notifier.receivers (id),
  client_id text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('url', 'email', 'slack', 'sms')),
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'dead', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  enqueued_at timestamptz,
  last_status_code integer,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_id, receiver_id, channel)
);
CREATE INDEX deliveries_dispatch_idx ON notifier.deliveries (created_at) WHERE enqueued_at IS NULL;
CREATE INDEX deliveries_client_idx ON notifier.deliveries (client_id, created_at DESC);

CREATE TABLE notifier.delivery_attempts (
  id bigserial PRIMARY KEY,
  delivery_id uuid NOT NULL REFERENCES notifier.deliveries (id),
  attempt integer NOT NULL,
  status_code integer,
  error text,
  duration_ms integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_attempts_delivery_idx ON notifier.delivery_attempts (delivery_id);
