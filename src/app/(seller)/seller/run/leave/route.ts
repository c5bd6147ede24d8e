import { postLeaving } from '@/features/seller/runRoute'

export async function POST(request: Request) {
  return postLeaving(request)
}
