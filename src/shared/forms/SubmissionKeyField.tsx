'use client'

import { useEffect, useState } from 'react'

import { newSubmissionKey, SUBMISSION_KEY_FIELD } from './submissionKey'

/**
 * The form's one-time submission key, made in the browser when the form appears: the page itself
 * is cached and the same for every visitor, so it cannot carry one. Re-mount it (a new `key`) to get
 * a new key for the next submission. Without JavaScript the field stays empty and the server keys
 * the post by its content instead. Held in state, not written into the input: a hidden input's
 * value is reset to its `defaultValue` whenever its form renders again.
 */
export function SubmissionKeyField() {
  const [key, setKey] = useState('')
  useEffect(() => {
    // Made after hydration, so the server's HTML and the first render agree.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a value only the browser can make
    setKey(newSubmissionKey())
  }, [])
  return <input type="hidden" name={SUBMISSION_KEY_FIELD} value={key} readOnly />
}
