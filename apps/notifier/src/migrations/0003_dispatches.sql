-- How many times a delivery was handed to the queue: part of its job id, so a redelivery is a new job.
ALTER TABLE notifier.deliveries ADD COLUMN dispatches integer NOT NULL DEFAULT 0;
