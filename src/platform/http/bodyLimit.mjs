/**
 * The largest request body a form post may have, in bytes: a review photo of up to 10 MB plus the
 * form's fields. Next's server actions refuse more (and answer 500), and Next buffers no more
 * than this of a post the proxy (src/proxy.ts) runs for, so the proxy answers 413 first to a post
 * that declares more; one that sends more without saying so arrives cut, and Next refuses it.
 */
export const FORM_BODY_MAX_BYTES = 11 * 1024 * 1024
