#!/usr/bin/env bash
# Proves a stored base backup restores: decrypts it (BACKUP_IDENTITY), checks every file against
# its manifest and the WAL it carries (pg_verifybackup), and that the WAL archive holds every
# segment of its timeline from the backup's start to the newest one, each decrypting.
#   BACKUP_DIR=… BACKUP_IDENTITY=/run/custody/backup-identity.txt tools/backup/verify.sh [id|latest]
# Prints one JSON line; exits 1 on any failure. docs/operations/backup-and-restore.md.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need age zstd tar sha256sum
dir="$(backup_dir)"
identity="${BACKUP_IDENTITY:-}"
[ -r "$identity" ] || die "BACKUP_IDENTITY must name a readable age identity file"
base="$(base_of "$dir" "${1:-latest}")"
verify="$(pg_bin pg_verifybackup)"

(cd "$base" && sha256sum --quiet -c SHA256SUMS) || die "$base: the encrypted file changed"
# Decrypted outside the backup directory (copied off the host as it is), for this user alone.
staging="$(umask 077 && mktemp -d "${BACKUP_STAGING_DIR:-${TMPDIR:-/var/tmp}}/custody-verify-XXXXXX")"
trap 'rm -rf "$staging"' EXIT
age -d -i "$identity" "$base/base.tar.zst.age" | zstd -q -d -c | tar -C "$staging" -xf -
"$verify" --quiet "$staging"

# The archive from the backup's first segment on: no segment of its timeline missing.
start="$(sed -n 's/.*"startWal": "\([0-9A-F]*\)".*/\1/p' "$base/backup.json")"
timeline="${start:0:8}"
segments=0
previous=""
gaps=()
for file in $(ls "$dir/wal" | grep -E "^${timeline}[0-9A-F]{16}\.age$" | sort); do
  name="${file%.age}"
  [[ "$name" < "$start" ]] && continue
  if [ -n "$previous" ]; then
    # Segments count up by one: <log><seg>, 256 segments of 16 MiB per log file.
    prev_num=$(( (16#${previous:8:8}) * 256 + 16#${previous:16:8} ))
    num=$(( (16#${name:8:8}) * 256 + 16#${name:16:8} ))
    [ $((num - prev_num)) -eq 1 ] || gaps+=("$previous..$name")
  fi
  age -d -i "$identity" "$dir/wal/$file" >/dev/null || die "$file does not decrypt"
  previous="$name"
  segments=$((segments + 1))
done
[ "$segments" -gt 0 ] || die "the archive holds no WAL from $start on"
[ ${#gaps[@]} -eq 0 ] || die "the archive misses WAL between ${gaps[*]}"
echo "{\"backup\":\"$(basename "$base")\",\"verified\":true,\"walFrom\":\"$start\",\"walTo\":\"$previous\",\"segments\":$segments}"
