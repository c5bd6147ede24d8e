#!/usr/bin/env bash
# MongoDB's backups in the docker compose deployment (README, "Backups and health"): a dump of the
# replica set every six hours, copied to the bucket the SQLite backups use, kept with their
# retention. The mongo-backup service runs `schedule`; the other commands are for people:
#   mongo-backup.sh schedule        one backup now, then one every six hours
#   mongo-backup.sh now             one backup now
#   mongo-backup.sh list            the dumps in the bucket, newest first
#   mongo-backup.sh restore <dump>  fetches a dump and restores it (stop the apps first)
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/retention.sh"

readonly EVERY_SECONDS=$((6 * 60 * 60))
# After a failed backup, the next try: soon, but not in a tight loop against a store that is down.
readonly RETRY_SECONDS=$((30 * 60))
readonly WORK_DIR=${TMPDIR:-/tmp}
# Touched when a backup has reached the bucket: the service's healthcheck reads its age.
readonly LAST_GOOD=$WORK_DIR/last-good-backup

: "${MONGODB_URI:?set MONGODB_URI: the replica set to back up, without a database name}"

# An rclone remote for S3-compatible storage, from variables alone (no configuration file):
# s3_remote NAME ENDPOINT REGION ACCESS_KEY SECRET_KEY.
export RCLONE_CONFIG=/dev/null
s3_remote() {
  local name=$1 endpoint=$2 region=$3 access_key=$4 secret_key=$5
  export "RCLONE_CONFIG_${name}_TYPE=s3" "RCLONE_CONFIG_${name}_PROVIDER=$([[ -n $endpoint ]] && echo Other || echo AWS)"
  export "RCLONE_CONFIG_${name}_ENDPOINT=$endpoint" "RCLONE_CONFIG_${name}_REGION=$region"
  export "RCLONE_CONFIG_${name}_ACCESS_KEY_ID=$access_key" "RCLONE_CONFIG_${name}_SECRET_ACCESS_KEY=$secret_key"
  # Without a key, the machine's own credentials (AWS_* variables, an instance role).
  export "RCLONE_CONFIG_${name}_ENV_AUTH=$([[ -z $access_key ]] && echo true || echo false)"
  # The bucket exists: a key allowed only inside it may not look for or create buckets.
  export "RCLONE_CONFIG_${name}_NO_CHECK_BUCKET=true"
}

# The photos' bucket (S3_*), the apps' store of uploaded photos.
if [[ -n ${S3_BUCKET:-} ]]; then
  s3_remote MEDIA "${S3_ENDPOINT:-}" "${S3_REGION:-}" "${S3_ACCESS_KEY_ID:-}" "${S3_SECRET_ACCESS_KEY:-}"
fi
# The dumps go where the SQLite backups go (src/platform/backup/offsite.ts): BACKUP_S3_*, or else
# the photos' bucket, under <prefix>mongodb/.
readonly PREFIX=${BACKUP_S3_PREFIX:-backups/}
if [[ -n ${BACKUP_S3_BUCKET:-} ]]; then
  s3_remote STORE "${BACKUP_S3_ENDPOINT:-}" "${BACKUP_S3_REGION:-${S3_REGION:-}}" "${BACKUP_S3_ACCESS_KEY_ID:-}" "${BACKUP_S3_SECRET_ACCESS_KEY:-}"
  FOLDER="store:$BACKUP_S3_BUCKET/${PREFIX}mongodb"
else
  : "${S3_BUCKET:?set BACKUP_S3_BUCKET (or S3_BUCKET): the bucket the dumps go to}"
  FOLDER="media:$S3_BUCKET/${PREFIX}mongodb"
fi
# When the dumps go to another bucket, the photos get a copy there too, beside them: the photos'
# store may be lost with the database's disk (MinIO runs beside MongoDB). Only copied, never
# deleted there.
PHOTOS_COPY=
if [[ -n ${BACKUP_S3_BUCKET:-} && -n ${S3_BUCKET:-} ]] && [[ $BACKUP_S3_BUCKET != "$S3_BUCKET" || ${BACKUP_S3_ENDPOINT:-} != "${S3_ENDPOINT:-}" ]]; then
  PHOTOS_COPY=$FOLDER/photos
fi
readonly FOLDER PHOTOS_COPY

log() { echo "[mongo-backup] $*" >&2; }

# Dumps into $1 and uploads it under its UTC time; the retention then deletes what it keeps no more.
dump_and_upload() {
  local dump=$1 name listing expired
  name="$(date -u +%Y-%m-%dT%H-%M-%SZ).archive.gz"
  # --oplog: one moment of the whole replica set, however long the dump takes while orders go on
  # (the writes made meanwhile are in it, replayed by restore's --oplogReplay).
  mongodump --uri="$MONGODB_URI" --oplog --archive="$dump" --gzip || { log "mongodump failed: nothing uploaded"; return 1; }
  [[ -s $dump ]] || { log "mongodump wrote nothing: nothing uploaded"; return 1; }
  # After the dump: every photo it names is in the copy once the dump is in the bucket. What is
  # under the backups' prefix (an earlier backup) is not a photo. --fast-list: one listing of the
  # bucket rather than one per folder (stores bill by request).
  if [[ -n $PHOTOS_COPY ]]; then
    rclone copy --fast-list "media:$S3_BUCKET" "$PHOTOS_COPY" --exclude "/${PREFIX}**" || { log "the copy of the photos to $PHOTOS_COPY failed: nothing uploaded"; return 1; }
  fi
  # rclone compares the size and checksum of what the store holds with the file before it succeeds.
  rclone copyto "$dump" "$FOLDER/$name" || { log "the upload of $name to $FOLDER failed"; return 1; }
  touch "$LAST_GOOD"
  log "backed up to $FOLDER/$name"
  listing=$(rclone lsf --files-only "$FOLDER") || { log "could not list $FOLDER: nothing pruned"; return 0; }
  expired=$(dumps_to_delete <<<"$listing")
  [[ -n $expired ]] || return 0
  # One call for all of them (a first run may find many). Never with an empty list: that is a filter.
  if rclone delete "$FOLDER" --files-from-raw /dev/stdin <<<"$expired"; then
    log "deleted (retention): ${expired//$'\n'/ }"
  else
    log "could not delete every dump the retention lets go: ${expired//$'\n'/ }"
  fi
}

backup_now() {
  local dump status=0
  dump=$(mktemp "$WORK_DIR/dump.XXXXXX")
  dump_and_upload "$dump" || status=$?
  rm -f "$dump"
  return "$status"
}

schedule() {
  # A dump a stop cut short stays in the container: not needed any more.
  rm -f "$WORK_DIR"/dump.*
  while true; do
    if backup_now; then sleep "$EVERY_SECONDS"; else sleep "$RETRY_SECONDS"; fi
  done
}

list() {
  rclone lsf --files-only "$FOLDER" | { grep -E "$DUMP_NAME" || true; } | sort -r
}

restore() {
  local name=${1:-} dump status=0
  if [[ ! $name =~ $DUMP_NAME ]]; then
    log "Name a dump to restore, e.g. 2026-11-26T08-00-00Z.archive.gz. The dumps in $FOLDER, newest first:"
    list
    return 2
  fi
  dump=$(mktemp "$WORK_DIR/restore.XXXXXX")
  if rclone copyto "$FOLDER/$name" "$dump"; then
    # --drop: each collection becomes the dump's (documents added since are gone);
    # --oplogReplay: up to the moment the dump ended.
    mongorestore --uri="$MONGODB_URI" --archive="$dump" --gzip --drop --oplogReplay || status=$?
    # The photos the copy has and the store lacks (a new machine's empty MinIO); none is removed.
    if ((status == 0)) && [[ -n $PHOTOS_COPY ]]; then
      rclone copy --fast-list "$PHOTOS_COPY" "media:$S3_BUCKET" || { log "the database is restored, but not every photo: run the restore again"; status=1; }
    fi
  else
    log "Could not fetch $name from $FOLDER (rclone says why, above; list names the dumps there)."
    status=1
  fi
  rm -f "$dump"
  return "$status"
}

case ${1:-schedule} in
  schedule) schedule ;;
  now) backup_now ;;
  list) list ;;
  restore) restore "${2:-}" ;;
  *)
    log "unknown command ${1}: schedule, now, list or restore <dump>"
    exit 2
    ;;
esac
