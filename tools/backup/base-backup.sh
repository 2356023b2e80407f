#!/usr/bin/env bash
# A base backup of the whole PostgreSQL cluster, checked and encrypted:
#   BACKUP_DIR=/srv/custody-backups BACKUP_RECIPIENTS=/etc/custody/backup-recipients.txt \
#     PGHOST=… PGPORT=… PGUSER=… tools/backup/base-backup.sh
# pg_basebackup (plain format, its WAL streamed in, so the copy restores alone), checked by
# pg_verifybackup against its manifest before anything is kept, then tar | zstd | age to the
# recipients' public keys: this host can encrypt, never decrypt. Writes base/<id>/ and prints its
# backup.json. docs/operations/backup-and-restore.md.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need age zstd tar sha256sum
dir="$(backup_dir)"
recipients="${BACKUP_RECIPIENTS:-}"
[ -r "$recipients" ] || die "BACKUP_RECIPIENTS must name a readable file of age public keys"
basebackup="$(pg_bin pg_basebackup)"
verify="$(pg_bin pg_verifybackup)"

id="$(date -u +%Y%m%dT%H%M%SZ)"
dest="$dir/base/$id"
[ ! -e "$dest" ] || die "$dest exists"
mkdir -p "$dir/base"
# The plain copy is staged outside the backup directory, readable by this user alone: the
# backup directory is copied off the host as it is written, and a kill that skips the trap
# would leave the cluster's data there unencrypted.
staging="$(umask 077 && mktemp -d "${BACKUP_STAGING_DIR:-${TMPDIR:-/var/tmp}}/custody-backup-XXXXXX")"
trap 'rm -rf "$staging" "$dest.part"' EXIT

started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
# --checkpoint=fast: the backup starts now rather than at the next scheduled checkpoint.
"$basebackup" -D "$staging/data" -Fp -X stream --checkpoint=fast --no-password \
  --manifest-checksums=SHA256 -l "custody $id"
# Every file against the manifest's checksums, and the WAL the backup needs (parsed).
"$verify" --quiet "$staging/data"

label="$staging/data/backup_label"
start_wal="$(label_field "$label" 'START WAL LOCATION' | sed -n 's/.*(file \([0-9A-F]*\)).*/\1/p')"
timeline="$(label_field "$label" 'START TIMELINE')"
start_time="$(label_field "$label" 'START TIME')"

mkdir -p "$dest.part"
tar -C "$staging/data" -cf - . | zstd -q -T0 | age -R "$recipients" -o "$dest.part/base.tar.zst.age"
(cd "$dest.part" && sha256sum base.tar.zst.age >SHA256SUMS)
bytes="$(stat -c %s "$dest.part/base.tar.zst.age")"
cat >"$dest.part/backup.json" <<JSON
{
  "id": "$id",
  "startedAt": "$started",
  "finishedAt": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "startTime": "$start_time",
  "startWal": "$start_wal",
  "timeline": ${timeline:-1},
  "encryptedBytes": $bytes,
  "verified": true
}
JSON
sync -f "$dest.part/base.tar.zst.age" 2>/dev/null || sync
mv "$dest.part" "$dest"
trap 'rm -rf "$staging"' EXIT
cat "$dest/backup.json"
