// `npm run restore -- <backup>`: puts a backup (its id in data/backups, or a backup's folder copied
// from elsewhere) in place of the database and photos. Run by Payload's CLI (`bin` in payload.config.ts).
import { BackupError, listBackups, restoreBackup } from './backups'
import { backupPlace } from './place'
import { runningServerPid } from './runningServer'

export async function script(): Promise<void> {
  const place = backupPlace()
  if (!place) {
    console.error('Backups here are for the embedded SQLite database; with MongoDB use mongorestore (README, "Backups").')
    process.exit(1)
  }
  const which = process.argv.slice(process.argv.indexOf('restore') + 1).find((arg) => !arg.startsWith('-'))
  if (!which) {
    const backups = listBackups(place.backupsDir)
    console.error(
      backups.length
        ? `Which backup? npm run restore -- <backup>. The backups in ${place.backupsDir}, newest first:\n${backups.map((backup) => `  ${backup.id}  ${backup.database.rows.orders ?? 0} orders, ${backup.media.length} photos`).join('\n')}`
        : `There are no backups in ${place.backupsDir}. Give the folder of a backup: npm run restore -- /path/to/<backup>`,
    )
    process.exit(1)
  }
  const pid = runningServerPid()
  if (pid) {
    console.error(`The site is running (process ${pid}): stop it first (Ctrl+C where it runs, or kill ${pid}), then run the restore again.`)
    process.exit(1)
  }
  try {
    const { manifest, keptAside } = await restoreBackup(place, which)
    console.log(`Restored backup ${manifest.id} (taken ${manifest.takenAt}): ${manifest.database.rows.orders ?? 0} orders, ${manifest.media.length} photos.`)
    if (keptAside) console.log(`What was there before is kept in ${keptAside}.`)
    console.log('Start the site again (npm start).')
  } catch (error) {
    console.error(error instanceof BackupError ? `Nothing was changed: ${error.message}` : error)
    process.exit(1)
  }
}
