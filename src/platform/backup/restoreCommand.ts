// `npm run restore -- <backup>`: puts a backup (its id in data/backups, or a backup's folder copied
// from elsewhere) in place of the database and photos. Run by Payload's CLI (`bin` in payload.config.ts).
import { BackupError, listBackups, restoreBackup } from './backups'
import { fetchOffsite, listOffsite, offsiteStore } from './offsite'
import { backupPlace } from './place'
import { runningServerPid } from './runningServer'

export async function script(): Promise<void> {
  const place = backupPlace()
  if (!place) {
    console.error('Backups here are for the embedded SQLite database. With MongoDB (docker compose): docker compose run --rm mongo-backup restore <dump> (docs/OPERATIONS.md, "Restoring MongoDB").')
    process.exit(1)
  }
  const asked = process.argv.slice(process.argv.indexOf('restore') + 1).find((arg) => !arg.startsWith('-'))
  const store = await offsiteStore()
  if (!asked) {
    const listed = (backups: { id: string; database: { rows: Record<string, number> }; media: unknown[] }[]) =>
      backups.map((backup) => `  ${backup.id}  ${backup.database.rows.orders ?? 0} orders, ${backup.media.length} photos`).join('\n') || '  none'
    console.error(`Which backup? npm run restore -- <backup>, or s3:<backup> for a copy in the bucket.\nIn ${place.backupsDir}, newest first:\n${listed(listBackups(place.backupsDir))}`)
    if (store) console.error(`In ${store.describe}, newest first (npm run restore -- s3:<backup>):\n${listed(await listOffsite(store))}`)
    process.exit(1)
  }
  const pid = runningServerPid()
  if (pid) {
    console.error(`The site is running (process ${pid}): stop it first (Ctrl+C where it runs, or kill ${pid}), then run the restore again.`)
    process.exit(1)
  }
  try {
    let which = asked
    if (asked.startsWith('s3:')) {
      if (!store) throw new BackupError('No bucket is configured: set BACKUP_S3_BUCKET (or S3_BUCKET) and its keys, as on the server that made the backup.')
      which = asked.slice('s3:'.length)
      console.log(`Fetching ${which} from ${store.describe}…`)
      await fetchOffsite(store, place.backupsDir, which)
    }
    const { manifest, keptAside } = await restoreBackup(place, which)
    console.log(`Restored backup ${manifest.id} (taken ${manifest.takenAt}): ${manifest.database.rows.orders ?? 0} orders, ${manifest.media.length} photos.`)
    if (keptAside) console.log(`What was there before is kept in ${keptAside}.`)
    console.log('Start the site again (npm start).')
  } catch (error) {
    console.error(error instanceof BackupError ? `Nothing was changed: ${error.message}` : error)
    process.exit(1)
  }
}
