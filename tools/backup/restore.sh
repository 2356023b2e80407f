#!/usr/bin/env bash
# Point-in-time recovery, PostgreSQL's way: a base backup decrypted into an empty data directory
# and checked, then the recovery settings — restore_command (the archive, decrypted by
# BACKUP_IDENTITY), recovery_target_time, promote at the target — so the server replays WAL up to
# that time when it starts, then opens on a new timeline.
#   BACKUP_DIR=… BACKUP_IDENTITY=… tools/backup/restore.sh --pgdata <dir> \
#     [--backup <id|latest>] [--target-time '2026-12-01 10:42:00+00'] [--owner postgres]
# Without --target-time the whole archive is replayed. Does not start the server: start it, wait
# for it to leave recovery, then follow docs/operations/restore-runbook.md before any app starts.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

backup=latest
target=""
pgdata=""
owner="postgres"
while [ $# -gt 0 ]; do
  case "$1" in
    --backup) backup="$2"; shift 2 ;;
    --target-time) target="$2"; shift 2 ;;
    --pgdata) pgdata="$2"; shift 2 ;;
    --owner) owner="$2"; shift 2 ;;
    *) die "unknown option $1" ;;
  esac
done
need age zstd tar sha256sum
dir="$(backup_dir)"
identity="${BACKUP_IDENTITY:-}"
[ -r "$identity" ] || die "BACKUP_IDENTITY must name a readable age identity file"
[ -n "$pgdata" ] || die "--pgdata is required"
if [ -d "$pgdata" ] && [ -n "$(ls -A "$pgdata")" ]; then
  die "$pgdata is not empty: restore into an empty data directory (move the old one aside)"
fi
if [ "$(id -u)" -eq 0 ] && [ "$owner" != root ]; then
  # The server runs restore_command as its own user: it must read the identity and the archive.
  runuser -u "$owner" -- test -r "$identity" ||
    die "$owner cannot read $identity (the server decrypts the archive as $owner)"
  runuser -u "$owner" -- test -r "$dir/wal" || die "$owner cannot read $dir/wal"
fi
base="$(base_of "$dir" "$backup")"
verify="$(pg_bin pg_verifybackup)"
here="$(cd "$(dirname "$0")" && pwd)"

if [ -n "$target" ]; then
  # A target before the backup ended cannot be reached from it.
  started="$(sed -n 's/.*"startedAt": "\([^"]*\)".*/\1/p' "$base/backup.json")"
  if [ "$(date -u -d "$target" +%s)" -lt "$(date -u -d "$started" +%s)" ]; then
    die "target $target is before backup $(basename "$base") started ($started): pick an older backup"
  fi
fi

(cd "$base" && sha256sum --quiet -c SHA256SUMS) || die "$base: the encrypted file changed"
mkdir -p "$pgdata"
age -d -i "$identity" "$base/base.tar.zst.age" | zstd -q -d -c | tar -C "$pgdata" -xf -
"$verify" --quiet "$pgdata"

{
  echo "# Point-in-time recovery from base backup $(basename "$base") (tools/backup/restore.sh)."
  echo "restore_command = '$here/restore-wal.sh $dir $identity %f %p'"
  echo "recovery_target_timeline = 'latest'"
  if [ -n "$target" ]; then
    echo "recovery_target_time = '$target'"
    echo "recovery_target_action = 'promote'"
  fi
} >>"$pgdata/postgresql.auto.conf"
touch "$pgdata/recovery.signal"
chmod 700 "$pgdata"
chown -R "$owner:$owner" "$pgdata"
echo "{\"restored\":\"$(basename "$base")\",\"pgdata\":\"$pgdata\",\"targetTime\":\"${target:-end of archive}\"}"
