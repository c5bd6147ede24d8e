'use client'

import { useEffect, useRef, useState, type ChangeEvent } from 'react'

import { PHOTO_ACCEPT, PHOTO_MAX_BYTES } from '@/features/reviews/rules'
import { reviewNotices } from '@/features/reviews/notices'

/**
 * The optional photo with a preview and a remove button. A file over the limit is dropped at once,
 * before it is sent (the server refuses it too, and decides the type from the bytes).
 */
export function PhotoField() {
  const inputRef = useRef<HTMLInputElement>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [tooLarge, setTooLarge] = useState(false)

  // Each preview URL holds the file in memory until it is revoked.
  useEffect(() => {
    if (!preview) return
    return () => URL.revokeObjectURL(preview)
  }, [preview])

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    const fits = !file || file.size <= PHOTO_MAX_BYTES
    if (!fits) event.currentTarget.value = ''
    setTooLarge(!fits)
    setPreview(file && fits ? URL.createObjectURL(file) : null)
  }

  function remove() {
    if (inputRef.current) {
      inputRef.current.value = ''
      inputRef.current.focus()
    }
    setPreview(null)
  }

  return (
    <div>
      <label htmlFor="review-photo" className="field-label">
        Photo (optional)
      </label>
      <input
        ref={inputRef}
        id="review-photo"
        name="photo"
        type="file"
        accept={PHOTO_ACCEPT}
        onChange={choose}
        aria-describedby="review-photo-hint"
        className="block w-full text-sm text-plum-900/80 file:mr-4 file:min-h-11 file:cursor-pointer file:rounded-full file:border-0 file:bg-plum-50 file:px-5 file:font-semibold file:text-plum-800 hover:file:bg-plum-100"
      />
      <p id="review-photo-hint" className="mt-1.5 text-sm text-plum-900/70">
        PNG, JPG up to 10MB
      </p>
      {tooLarge && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
          {reviewNotices.photoTooLarge.title}: {reviewNotices.photoTooLarge.description}
        </p>
      )}
      {preview && (
        <div className="mt-3 flex flex-wrap items-end gap-3">
          {/* A local blob URL: nothing for next/image to optimise. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img src={preview} alt="Preview of your photo" className="max-h-48 w-auto rounded-2xl border border-plum-100 object-cover" />
          <button type="button" onClick={remove} className="btn-secondary">
            Remove photo
          </button>
        </div>
      )}
    </div>
  )
}
