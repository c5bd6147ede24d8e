// `npm run backup`: one backup now, beside the ones the server makes on its schedule. Safe while
// the site runs. Run by Payload's CLI (`bin` in payload.config.ts).
import { BackupError, makeBackup } from './backups'
import { copyOffsite, offsiteStore, pruneOffsite } from './offsite'
import { backupPlace } from './place'

export async function script(): Promise<void> {
  const place = backupPlace()
  if (!place) {
    console.error('Backups here are for the embedded SQLite database. With MongoDB (docker compose): docker compose run --rm mongo-backup now (docs/OPERATIONS.md, "Backups and health").')
    process.exit(1)
  }
  try {
    const manifest = await makeBackup(place)
    console.log(`Backup ${manifest.id} made and checked: ${manifest.database.rows.orders ?? 0} orders, ${manifest.media.length} photos, in ${place.backupsDir}.`)
    const store = await offsiteStore()
    if (store) {
      await copyOffsite(store, place.backupsDir, manifest)
      await pruneOffsite(store)
      console.log(`Copied to ${store.describe}${manifest.id}/.`)
    }
  } catch (error) {
    console.error(error instanceof BackupError ? error.message : error)
    process.exit(1)
  }
}
