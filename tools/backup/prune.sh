#!/usr/bin/env bash
# Keeps the newest N base backups (default 7) and the WAL they need, and removes the rest:
#   BACKUP_DIR=… tools/backup/prune.sh [--keep N]
# WAL older than the oldest kept backup's first segment goes (pg_archivecleanup, on the
# encrypted names). Run it after a successful `verify` of the newest backup, never before.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

keep=7
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep="$2"; shift 2 ;;
    *) die "unknown option $1" ;;
  esac
done
[ "$keep" -ge 1 ] || die "--keep must be at least 1"
dir="$(backup_dir)"
cleanup="$(pg_bin pg_archivecleanup)"

mapfile -t backups < <(ls "$dir/base" 2>/dev/null | sort)
[ ${#backups[@]} -gt "$keep" ] || {
  echo "{\"removed\":[],\"kept\":${#backups[@]}}"
  exit 0
}
removed=("${backups[@]:0:${#backups[@]}-keep}")
oldest="${backups[${#backups[@]}-keep]}"
start="$(sed -n 's/.*"startWal": "\([0-9A-F]*\)".*/\1/p' "$dir/base/$oldest/backup.json")"
[ -n "$start" ] || die "$oldest has no startWal"
for id in "${removed[@]}"; do rm -rf "${dir:?}/base/$id"; done
"$cleanup" -x .age "$dir/wal" "$start"
"$cleanup" -x .sha256 "$dir/wal" "$start"
printf '{"removed":["%s"],"kept":%d,"walFrom":"%s"}\n' "$(IFS=,; echo "${removed[*]}" | sed 's/,/","/g')" "$keep" "$start"
