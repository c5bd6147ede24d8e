import { getSiteSettings } from '@/cachedGlobals'
import { calendarFile } from '@/features/ordering/calendar'
import { statusPath } from '@/features/ordering/confirmation'
import { deliveryAddress } from '@/features/ordering/orderDetails'
import { findOrderByStatusToken } from '@/features/ordering/orderStatus'
import { getPayloadClient } from '@/payloadClient'
import { siteUrl } from '@/platform/config/siteUrl'

export const dynamic = 'force-dynamic'

/** The booked window of one order as a calendar event; 404 for a wrong token or an order without a window. */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const [order, settings] = await Promise.all([findOrderByStatusToken(await getPayloadClient(), token), getSiteSettings()])
  if (!order?.windowStartsAt || !order.windowEndsAt || order.status === 'cancelled') return new Response('Not found', { status: 404 })

  const reference = order.reference ?? String(order.id)
  const pickup = order.deliveryMethod === 'pickup'
  const body = calendarFile({
    uid: `${reference}@${new URL(siteUrl()).host}`,
    startsAt: order.windowStartsAt,
    endsAt: order.windowEndsAt,
    summary: `${pickup ? 'Pick up' : 'Delivery of'} ${settings.productName} (${reference})`,
    location: pickup ? order.windowPlace || null : deliveryAddress(order),
    description: `${settings.businessName} order ${reference}. Questions: ${settings.phone}.`,
    url: `${siteUrl()}${statusPath(token)}`,
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${reference}.ics"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    },
  })
}
