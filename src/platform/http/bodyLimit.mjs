/**
 * The largest request body a form post may have, in bytes: a review photo of up to 10 MB plus the
 * form's fields. Next's server actions refuse more (and answer 500), and the proxy
 * (src/proxy.ts) buffers no more than this to check a post, so it answers 413 first to a post
 * that declares more, and 400 to one that sends more without saying so (its body arrives cut).
 */
export const FORM_BODY_MAX_BYTES = 11 * 1024 * 1024
