import { postSellerAction } from '@/features/seller/orderRoute'

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return postSellerAction(request, (await params).id)
}
