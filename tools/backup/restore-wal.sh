#!/usr/bin/env bash
# PostgreSQL's restore_command during a recovery: one archived file, decrypted and decompressed.
#   restore_command = '/opt/custody/tools/backup/restore-wal.sh /srv/custody-backups /run/custody/backup-identity.txt %f %p'
# A file the archive does not hold exits 1 quietly: that is how recovery learns where the
# archive ends (and that a later timeline's history does not exist).
set -euo pipefail

[ $# -eq 4 ] || {
  echo "usage: restore-wal.sh <backup dir> <identity file> %f %p" >&2
  exit 2
}
dir="$1" identity="$2" name="$3" target="$4"
source="$dir/wal/$name.age"
[ -f "$source" ] || exit 1
tmp="$target.restoring"
trap 'rm -f "$tmp"' EXIT
age -d -i "$identity" "$source" | zstd -q -d -c >"$tmp"
# The plaintext must be the one archived (age has authenticated the ciphertext already).
if [ -f "$dir/wal/$name.sha256" ]; then
  [ "$(sha256sum "$tmp" | cut -d' ' -f1)" = "$(cat "$dir/wal/$name.sha256")" ] || {
    echo "restore-wal.sh: $name does not match its archived digest" >&2
    exit 1
  }
fi
mv "$tmp" "$target"
