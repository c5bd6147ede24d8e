'use client'

import { useEffect, useRef } from 'react'

import { newSubmissionKey, SUBMISSION_KEY_FIELD } from './submissionKey'

/**
 * The form's one-time submission key, made in the browser when the form appears: the page itself
 * is cached and the same for every visitor, so it cannot carry one. Re-mount it (a new `key`) to get
 * a new key for the next submission. Without JavaScript the field stays empty and the server keys
 * the post by its content instead.
 */
export function SubmissionKeyField() {
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (input.current) input.current.value = newSubmissionKey()
  }, [])
  return <input ref={input} type="hidden" name={SUBMISSION_KEY_FIELD} defaultValue="" />
}
