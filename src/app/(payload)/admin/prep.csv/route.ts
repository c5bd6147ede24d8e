import { prepSheetDownload } from '@/features/admin/prepSheet'
import { getPayloadClient } from '@/platform/db/payloadClient'

export const dynamic = 'force-dynamic'

/** The prep sheet of a day as a CSV, for the seller only (see `prepSheetDownload`). */
export async function GET(request: Request) {
  return prepSheetDownload(await getPayloadClient(), request)
}
