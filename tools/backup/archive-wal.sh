#!/usr/bin/env bash
# PostgreSQL's archive_command: one WAL segment (or timeline history file), compressed and
# encrypted to the recipients' public keys, into <backup dir>/wal/<name>.age.
#   archive_command = '/opt/custody/tools/backup/archive-wal.sh /srv/custody-backups /etc/custody/backup-recipients.txt %p %f'
# Runs as the server's user. Exits 0 only once the file is durably there: PostgreSQL keeps the
# segment and retries until then. A segment archived before is accepted again only if it is the
# same (its plaintext's SHA-256 is kept beside it), never overwritten.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 4 ] || die "usage: archive-wal.sh <backup dir> <recipients file> %p %f"
dir="$1" recipients="$2" source="$3" name="$4"
need age zstd sha256sum
wal="$dir/wal"
target="$wal/$name.age"
digest="$(sha256sum "$source" | cut -d' ' -f1)"

if [ -e "$target" ]; then
  # A retry after a crash between the rename and PostgreSQL's note of success.
  [ "$(cat "$wal/$name.sha256" 2>/dev/null)" = "$digest" ] && exit 0
  die "$target exists with other contents: refusing to overwrite it"
fi
mkdir -p "$wal"
tmp="$wal/.$name.$$"
trap 'rm -f "$tmp"' EXIT
zstd -q -c "$source" | age -R "$recipients" -o "$tmp"
echo "$digest" >"$wal/$name.sha256"
sync -f "$tmp" 2>/dev/null || sync
mv "$tmp" "$target"
sync -f "$target" 2>/dev/null || sync
