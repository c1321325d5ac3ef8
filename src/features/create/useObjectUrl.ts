// A picked file as an address the page can show or play, revoked when the file changes or the page goes.
import { useEffect, useState } from 'react'

export const useObjectUrl = (file: File | undefined): string | undefined => {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) return
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => {
      URL.revokeObjectURL(made)
      setUrl(undefined)
    }
  }, [file])
  return url
}
