import type { NextRequest } from 'next/server'

import { getDecline, postDecline } from '@/features/ordering/waitingLine/declineRoute'
import { getPayloadClient } from '@/payloadClient'

export const dynamic = 'force-dynamic'

/** The "No thanks" page's button (`features/ordering/waitingLine/declineRoute.ts`). */
export async function POST(request: NextRequest) {
  return postDecline(await getPayloadClient(), request)
}

export function GET(request: NextRequest) {
  return getDecline(request)
}
