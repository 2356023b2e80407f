#!/bin/sh
# The postgres image runs this at the database's first start: one role per app, owning its
# schema (app-role.sql, app-schema.sql). On a volume made before, run it once by hand:
#   docker compose exec postgres sh /docker-entrypoint-initdb.d/10-app-roles.sh
set -eu
run() { # file, then psql -v assignments
  file=$1
  shift
  psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER}" --dbname "${POSTGRES_DB}" -q "$@" \
    -f "/custody/${file}"
}
role() { # app schema password
  run app-role.sql -v app="$1" -v password="$3"
  run app-schema.sql -v app="$1" -v schema="$2"
}
role identity identity "${PG_PASSWORD_IDENTITY}"
role wallet-ledger ledger "${PG_PASSWORD_WALLET_LEDGER}"
role trading trading "${PG_PASSWORD_TRADING}"
role signing signing "${PG_PASSWORD_SIGNING}"
role issuer issuer "${PG_PASSWORD_ISSUER}"
role notifier notifier "${PG_PASSWORD_NOTIFIER}"
role policy policy "${PG_PASSWORD_POLICY}"
# The owner of identity's audit schema: only its migrations log in as it (compose's audit-migrate),
# identity's own role may insert and read there, nothing else (docs/decisions/audit.md).
role audit_owner audit "${PG_PASSWORD_AUDIT_OWNER}"
