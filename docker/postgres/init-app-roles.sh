#!/bin/sh
# The postgres image runs this at the database's first start: one role per app, owning its
# schema (app-role.sql). On a volume made before, run it once by hand:
#   docker compose exec postgres sh /docker-entrypoint-initdb.d/10-app-roles.sh
set -eu
role() { # app schema password
  psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER}" --dbname "${POSTGRES_DB}" -q \
    -v app="$1" -v schema="$2" -v password="$3" -f /custody/app-role.sql
}
role identity identity "${PG_PASSWORD_IDENTITY}"
role wallet-ledger ledger "${PG_PASSWORD_WALLET_LEDGER}"
role trading trading "${PG_PASSWORD_TRADING}"
role signing signing "${PG_PASSWORD_SIGNING}"
role issuer issuer "${PG_PASSWORD_ISSUER}"
role notifier notifier "${PG_PASSWORD_NOTIFIER}"
