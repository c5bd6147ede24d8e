import { postStopOrder } from '@/features/seller/runRoute'

export async function POST(request: Request) {
  return postStopOrder(request)
}
