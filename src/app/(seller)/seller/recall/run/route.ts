import { postSellerRecall } from '@/features/seller/recallRoute'

export async function POST(request: Request) {
  return postSellerRecall(request)
}
